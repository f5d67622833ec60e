// Which back-end processes this tree has: every apps/*/package.json with a "wrenchlog.role".
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export function discoverApps() {
  const appsDir = join(root, 'apps');
  return readdirSync(appsDir)
    .map((dir) => ({ dir, manifest: join(appsDir, dir, 'package.json') }))
    .filter(({ manifest }) => existsSync(manifest))
    .map(({ dir, manifest }) => ({ name: dir, role: JSON.parse(readFileSync(manifest, 'utf8')).wrenchlog?.role, main: join(appsDir, dir, 'dist', 'main.js') }))
    .filter((app) => app.role === 'service' || app.role === 'gateway');
}

/** The services `npm start` runs (SERVICES_ONLY=user-service,machine-service: a subset) and the gateway. */
export function selectApps(env = process.env) {
  const apps = discoverApps();
  const only = env.SERVICES_ONLY?.split(',').map((s) => s.trim());
  return {
    services: apps.filter((a) => a.role === 'service' && (!only || only.includes(a.name))),
    gateway: apps.find((a) => a.role === 'gateway'),
  };
}
