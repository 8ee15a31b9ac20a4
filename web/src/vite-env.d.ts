/// <reference types="vite/client" />

/** The client's version (package.json), baked in at build time by web/vite.config.ts. */
declare const __APP_VERSION__: string;

interface ImportMetaEnv {
  /** Optional origin of the API; empty means the page's own origin. */
  readonly VITE_API_ORIGIN?: string;
}
