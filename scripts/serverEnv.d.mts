export declare const MALLOC_TUNABLE: string;
export declare function serverEnv(env?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
