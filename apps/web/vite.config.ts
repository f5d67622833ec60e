import react from '@vitejs/plugin-react';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { precompress } from './vite-precompress';

// The app version shown on the login screen: the short hash of the commit the bundle was built from.
function gitHash(): string {
  if (process.env.GIT_HASH) {
    return process.env.GIT_HASH.slice(0, 12);
  }
  try {
    return (
      execFileSync('git', ['rev-parse', '--short', 'HEAD'], { stdio: ['ignore', 'pipe', 'ignore'] })
        .toString()
        .trim() || 'unknown'
    );
  } catch {
    return 'unknown';
  }
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), precompress()],
  define: {
    __APP_VERSION__: JSON.stringify(gitHash()),
  },
  resolve: {
    // Exact matches: the main entry gives the SPA types only (its DTO classes would bring
    // class-validator into the bundle); the decorator-free `/limits` entry gives it values.
    alias: [
      { find: /^@wrenchlog\/contracts$/, replacement: fileURLToPath(new URL('../../libs/contracts/src/index.ts', import.meta.url)) },
      { find: /^@wrenchlog\/contracts\/limits$/, replacement: fileURLToPath(new URL('../../libs/contracts/src/limits.ts', import.meta.url)) },
    ],
  },
  server: {
    port: 4200,
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Read by the bundle budget check (apps/web-e2e) to size each route's first load.
    manifest: true,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
  },
});
