// First-load JavaScript of a route of the built web app, from Vite's build manifest
// (apps/web/dist/.vite/manifest.json): the entry chunk and its static imports, plus the route's
// lazy chunk and its static imports, each gzipped as Vite's build report does.
import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { root } from './children.mjs';

const dist = `${root}apps/web/dist`;

/** Chunks loaded for a route whose lazy page module is `pageSrc` (e.g. src/features/auth/LoginPage.tsx). */
export function firstLoad(manifest, pageSrc) {
  const files = new Set();
  const add = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) {
      return;
    }
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) {
      add(imported);
    }
  };
  for (const [key, chunk] of Object.entries(manifest)) {
    if (chunk.isEntry) {
      add(key);
    }
  }
  add(pageSrc);
  return [...files].filter((f) => f.endsWith('.js'));
}

/** { route: { files, gzipBytes, rawBytes } } for /login and /dashboard, or undefined when not built. */
export function routeBundles() {
  const path = `${dist}/.vite/manifest.json`;
  if (!existsSync(path)) {
    return undefined;
  }
  const manifest = JSON.parse(readFileSync(path, 'utf8'));
  const result = {};
  for (const [route, src] of [
    ['/login', 'src/features/auth/LoginPage.tsx'],
    ['/dashboard', 'src/features/dashboard/DashboardPage.tsx'],
  ]) {
    if (!manifest[src]) {
      continue;
    }
    const files = firstLoad(manifest, src);
    let gzipBytes = 0;
    let rawBytes = 0;
    for (const file of files) {
      const content = readFileSync(`${dist}/${file}`);
      rawBytes += content.length;
      gzipBytes += gzipSync(content).length;
    }
    result[route] = { files: files.length, gzipBytes, rawBytes };
  }
  return result;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const bundles = routeBundles();
  if (!bundles) {
    console.error('apps/web is not built (no .vite/manifest.json)');
    process.exit(1);
  }
  for (const [route, b] of Object.entries(bundles)) {
    console.log(
      `${route}: ${b.files} JS files, ${(b.gzipBytes / 1024).toFixed(1)} KB gzip (${(b.rawBytes / 1024).toFixed(1)} KB raw); target < 230 KB gzip (issue 34: 200 KB + 10 %, raised for i18next): ${b.gzipBytes < 230 * 1024 ? 'PASS' : 'MISS'}`,
    );
  }
}
