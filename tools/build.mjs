#!/usr/bin/env node
// Builds every project that is stale (Nx caches by inputs): libs, services, gateway and the web app.
// A successful build is recorded for the cheap check of `npm start` (tools/build-freshness.mjs).
import { spawnSync } from 'node:child_process';
import { root } from './apps.mjs';
import { markBuilt } from './build-freshness.mjs';

export function build({ quiet = false } = {}) {
  const started = Date.now();
  const result = spawnSync(process.execPath, [`${root}/node_modules/nx/dist/bin/nx.js`, 'run-many', '-t', 'build', '--outputStyle=static'], {
    cwd: root,
    stdio: quiet ? ['ignore', 'pipe', 'inherit'] : 'inherit',
    env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' },
  });
  if (result.status !== 0) {
    if (quiet && result.stdout) {
      process.stdout.write(result.stdout);
    }
    throw new Error('build failed');
  }
  markBuilt(root, started);
  return Date.now() - started;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    const ms = build();
    console.log(`build finished in ${(ms / 1000).toFixed(1)} s`);
  } catch (err) {
    console.error(err.message);
    process.exit(1);
  }
}
