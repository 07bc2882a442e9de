export declare const MALLOC_TUNABLE: string;
export declare const NODE_HEAP_OPTION: string;
export declare function serverEnv(env?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
