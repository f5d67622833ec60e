/// <reference types="vite/client" />

/** Short git hash of the commit this bundle was built from (Vite `define`). */
declare const __APP_VERSION__: string;
