#!/usr/bin/env node
// `npm start`: builds what is stale, then runs the product and supervises it.
// With no settings it is the embedded product (SQLite, folders) in ONE Node process (tools/host.mjs:
// every service and the gateway, each its own Nest application, over the in-process transport).
// EMBEDDED_PROCESSES=separate runs one process per service over Nest TCP instead, as AMQP_URL does
// (the distributed mode: RabbitMQ; DATABASE_URL and S3_ENDPOINT switch the storage). Ctrl-C stops
// everything. A process that dies is started again after a backoff; only repeated quick failures
// stop the product, loudly.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { discoverApps, root, selectApps } from './apps.mjs';
import { build } from './build.mjs';
import { staleReason } from './build-freshness.mjs';
import { DEFAULT_NODE_FLAGS } from './node-flags.mjs';

const port = Number(process.env.PORT ?? 3000);
const skipBuild = process.argv.includes('--no-build') || process.env.WRENCHLOG_SKIP_BUILD === '1';
const readyTimeoutMs = Number(process.env.WRENCHLOG_READY_TIMEOUT_MS ?? 90000);

// The build runs only when an input is newer than the last build: Nx's own check of a built tree
// took seconds of every start, the file times take milliseconds.
const stale = skipBuild ? null : staleReason(root);
if (stale) {
  console.log(`[start] building what changed (${stale})...`);
  try {
    build({ quiet: true });
  } catch {
    console.error('[start] the build failed; nothing was started');
    process.exit(1);
  }
} else if (!skipBuild) {
  console.log('[start] the build is up to date');
}

// SERVICES_ONLY=user-service,machine-service runs a subset (development and focused tests).
const { services, gateway } = selectApps();
const processes = process.env.EMBEDDED_PROCESSES ?? 'one';
if (processes !== 'one' && processes !== 'separate') {
  console.error(`[start] EMBEDDED_PROCESSES must be 'one' or 'separate', not '${processes}'`);
  process.exit(1);
}
// RabbitMQ needs one process per service (each its own queue consumer); so does EMBEDDED_PROCESSES=separate.
const oneProcess = !process.env.AMQP_URL && processes === 'one';
const host = { name: 'wrenchlog', main: join(root, 'tools', 'host.mjs') };
const units = oneProcess ? [host] : gateway ? [...services, gateway] : services;
const env = {
  ...process.env,
  DATA_DIR: resolve(process.env.DATA_DIR ?? resolve(root, 'data')),
  READY_SERVICES: process.env.READY_SERVICES ?? services.map((s) => s.name).join(','),
  PORT: String(port),
};
// WRENCHLOG_NODE_FLAGS replaces the V8 flags of tools/node-flags.mjs ('' for Node's defaults).
const nodeFlags = (process.env.WRENCHLOG_NODE_FLAGS ?? DEFAULT_NODE_FLAGS).split(' ').filter(Boolean);
if (process.env.WRENCHLOG_SOURCE_MAPS === '1') {
  nodeFlags.push('--enable-source-maps');
}
// sharp on glibc: two malloc arenas keep the image worker's resident memory flat (sharp's docs).
// The image worker only: in the user service the same setting returned argon2's 19 MiB to the
// kernel after every hash and faulted it in again (about 4 ms of a 25 ms hash), and the other
// services lost 10-20 % of their throughput to it (docs/performance.md).
const mallocFor = (name) => (name === 'image-worker' ? { MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2' } : {});
const children = new Map();
let stopping = false;

// Restarts: a process that ran less than QUICK_MS before dying counts as a quick failure; the
// delay doubles with each one in a row (250 ms to 4 s), and after MAX_QUICK_FAILURES in a row
// the product is stopped, since restarting again would only hide the fault.
const QUICK_MS = Number(process.env.WRENCHLOG_RESTART_QUICK_MS ?? 30000);
const MAX_QUICK_FAILURES = Number(process.env.WRENCHLOG_RESTART_MAX_QUICK ?? 5);
const restarts = new Map();

function restartLater(app, startedAt, how) {
  const quick = Date.now() - startedAt < QUICK_MS ? (restarts.get(app.name) ?? 0) + 1 : 1;
  restarts.set(app.name, quick);
  if (quick > MAX_QUICK_FAILURES) {
    console.error(
      `[start] ${app.name} stopped unexpectedly (${how}) ${quick} times in a row, each within ${QUICK_MS / 1000} s of its start; giving up and stopping everything. Its last lines are above.`,
    );
    void stop(1);
    return;
  }
  const delay = Math.min(4000, 250 * 2 ** (quick - 1));
  console.error(`[start] ${app.name} stopped unexpectedly (${how}); starting it again in ${delay} ms (failure ${quick} of ${MAX_QUICK_FAILURES} in a row)`);
  setTimeout(() => {
    if (!stopping) {
      run(app);
      void waitUntilReady().then((ready) => ready && !stopping && console.log(`[start] Wrenchlog answers again (${app.name} restarted)`));
    }
  }, delay);
}

function run(app) {
  const startedAt = Date.now();
  const child = spawn(process.execPath, [...nodeFlags, app.main], { cwd: root, env: { ...env, ...mallocFor(app.name) }, stdio: ['ignore', 'pipe', 'pipe'] });
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => {
      // Nest's own lines already name the service; others (crashes, plain prints) get the name added.
      const named = line.startsWith(`[${app.name}]`) ? line : `[${app.name}] ${line}`;
      (stream === child.stderr ? process.stderr : process.stdout).write(`${named}\n`);
    });
  }
  child.on('exit', (code, signal) => {
    children.delete(app.name);
    if (!stopping) {
      restartLater(app, startedAt, signal ?? `exit code ${code}`);
    } else if (children.size === 0) {
      process.exit(process.exitCode ?? 0);
    }
  });
  children.set(app.name, child);
}

async function stop(code) {
  if (stopping) {
    return;
  }
  stopping = true;
  process.exitCode = code;
  if (children.size === 0) {
    process.exit(code);
  }
  for (const child of children.values()) {
    child.kill('SIGTERM');
  }
  // In-flight work gets a grace period, then whatever still runs is killed.
  setTimeout(() => {
    for (const child of children.values()) {
      child.kill('SIGKILL');
    }
    process.exit(code);
  }, 10000).unref();
}

process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

// The gateway port, and with separate embedded processes one TCP port per service from SERVICE_PORT_BASE.
async function busyPorts() {
  const ports = [port];
  if (!process.env.AMQP_URL && !oneProcess) {
    const base = Number(process.env.SERVICE_PORT_BASE ?? 3101);
    ports.push(...Array.from({ length: discoverApps().filter((a) => a.role === 'service').length }, (_, i) => base + i));
  }
  const results = await Promise.all(ports.map((p) => isBusy(p)));
  return ports.filter((_, i) => results[i]);
}

function isBusy(p) {
  return new Promise((resolveBusy) => {
    const server = createServer();
    server.once('error', () => resolveBusy(true));
    server.listen(p, '0.0.0.0', () => server.close(() => resolveBusy(false)));
  });
}

async function waitUntilReady() {
  const deadline = Date.now() + readyTimeoutMs;
  while (Date.now() < deadline && !stopping) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health/ready`);
      // Read every answer: an unread 503 body holds its connection, and a dozen of them held the
      // ready line back by 8 s when the gateway was up before the services.
      await res.arrayBuffer();
      if (res.ok) {
        return true;
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

const busy = await busyPorts();
if (busy.length > 0) {
  console.error(
    `[start] port${busy.length > 1 ? 's' : ''} ${busy.join(', ')} already in use (another Wrenchlog or another program?). Stop it, or choose other ports with PORT and SERVICE_PORT_BASE.`,
  );
  process.exit(1);
}

for (const unit of units) {
  run(unit);
}
const startedAt = Date.now();
if (await waitUntilReady()) {
  const mode = process.env.DATABASE_URL || process.env.AMQP_URL ? 'distributed' : 'embedded';
  const admin = process.env.ADMIN_EMAIL ?? 'admin@wrenchlog.local';
  console.log(
    `[start] Wrenchlog is ready at http://localhost:${port} (${mode} mode, ${services.length} services${oneProcess ? ' in one process' : ''}, ready in ${((Date.now() - startedAt) / 1000).toFixed(1)} s)`,
  );
  console.log(
    `[start] administrator account: ${admin}${process.env.ADMIN_PASSWORD ? '' : " (password 'wrenchlog-admin' unless changed; created on the first start only)"}`,
  );
  console.log(`[start] data folder: ${env.DATA_DIR}. Press Ctrl-C to stop.`);
} else if (!stopping) {
  console.error(`[start] not ready after ${readyTimeoutMs / 1000} s; stopping`);
  await stop(1);
}
