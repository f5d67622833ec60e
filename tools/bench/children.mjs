// Child processes of the benchmark: servers under test run apart from the load generator so they
// do not share one event loop (the product's processes are separate too).
import { spawn, spawnSync } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../..', import.meta.url));

/** Starts a server script that prints `ready [port]`; answers { port, stop }. */
export function startChild(script, env = {}) {
  const child = spawn(process.execPath, [script], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${script} did not start`)), 30000);
    child.once('exit', (code) => reject(new Error(`${script} exited (${code})`)));
    createInterface({ input: child.stdout }).on('line', (line) => {
      const m = /^ready(?: (\d+))?$/.exec(line);
      if (m) {
        clearTimeout(timer);
        resolve({ port: Number(m[1]), pid: child.pid, stop: () => stopChild(child) });
      }
    });
  });
}

function stopChild(child) {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.removeAllListeners('exit');
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Creates and migrates one service's PostgreSQL database with the service's own migrations (MIGRATE_ONLY). */
export function migrateService(service, databaseUrl) {
  const result = spawnSync(process.execPath, [`apps/${service}/dist/main.js`], {
    cwd: root,
    // The user service insists on the first administrator's settings in the distributed mode (the test ones).
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      MIGRATE_ONLY: 'true',
      DATABASE_URL: databaseUrl,
      DATA_DIR: '/tmp/wrenchlog-bench-migrate',
      LOG_FORMAT: 'json',
      ADMIN_EMAIL: 'admin@wrenchlog.test',
      ADMIN_PASSWORD: 'Admin-password-1',
    },
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    throw new Error(`migrating ${service} failed:\n${result.stdout}\n${result.stderr}`);
  }
}
