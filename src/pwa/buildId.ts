declare const __BUILD_ID__: string | undefined;

/** This build's id (build/buildInfo.ts), compared with builds/latest.json to find a newer one. */
export const BUILD_ID: string = typeof __BUILD_ID__ === 'string' ? __BUILD_ID__ : 'dev';
