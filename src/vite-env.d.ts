/// <reference types="vite/client" />

/** The spec's fixed service identifier, from SERVICE_NAME at build time. */
declare const __SERVICE_NAME__: string;

interface ImportMetaEnv {
  /** The API's base address; empty means the page's own origin. */
  readonly VITE_API_BASE?: string;
}
