import react from '@vitejs/plugin-react';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { VitePWA, type VitePWAOptions } from 'vite-plugin-pwa';
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

// Issue 34: the installable, offline app. injectManifest: our own worker (src/sw/sw.ts: precache,
// network-first API reads, push) built with Workbox's modules; the app registers it itself
// (core/offline/useServiceWorker.ts) and asks before a new version takes over (registerType prompt).
const pwaOptions: Partial<VitePWAOptions> = {
  strategies: 'injectManifest',
  srcDir: 'src/sw',
  filename: 'sw.ts',
  registerType: 'prompt',
  injectRegister: false,
  manifestFilename: 'manifest.webmanifest',
  includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
  manifest: {
    id: '/',
    name: 'Wrenchlog',
    short_name: 'Wrenchlog',
    description: 'Service, fuel and parts records for your vehicles and equipment, also without a connection.',
    // Signed in, /dashboard shows the member's machines (an operator's assigned ones); signed out, the sign-in.
    start_url: '/dashboard',
    scope: '/',
    display: 'standalone',
    background_color: '#f8f9fa',
    theme_color: '#1c7ed6',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  injectManifest: {
    // The shell and every lazy screen, so any screen opens offline; other images stay online only.
    globPatterns: ['**/*.{js,css,html,svg,woff2,webmanifest}', 'icons/*.png'],
    globIgnores: ['**/node_modules/**', 'sw.js'],
    maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
    rollupFormat: 'iife',
  },
  devOptions: { enabled: false },
};

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // The PWA plugin writes sw.js (src/sw/sw.ts with the precache list) and manifest.webmanifest in its
  // closeBundle; precompress runs after it (its closeBundle is sequential and last).
  plugins: [react(), VitePWA(pwaOptions), precompress()],
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
