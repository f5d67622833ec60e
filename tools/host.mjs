#!/usr/bin/env node
// The one-process embedded product (`npm start`'s default without AMQP_URL): every service and the
// gateway in this one Node process, each still its own Nest application with its own database file,
// calling each other over the in-process transport of libs/platform (RPC_TRANSPORT=in-process).
// Everything runs on the main thread. HOST_THREADS=2 puts the services on a worker thread (the
// gateway stays on the main one) so the product can use two cores; on the shared 2-core machine it
// measured slower in every figure and took 70 MB more (docs/performance.md), so it is opt-in. Convention (docs/DEVELOPING.md): an app whose package.json has
// "wrenchlog": {"role": "service"} or "gateway" is started by importing its dist/main.js, the same
// entry its own process runs; so a new service joins here without a change to this file.
// tools/start.mjs supervises this process and starts it again if it dies.
import { MessageChannel, Worker } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import { selectApps } from './apps.mjs';

process.env.RPC_TRANSPORT = 'in-process';
// Every app adds its SIGTERM and SIGINT listeners (Nest's shutdown hooks): more than Node's 10 is expected.
process.setMaxListeners(64);

const { services, gateway } = selectApps();
const load = (app) => import(pathToFileURL(app.main).href);
const threads = process.env.HOST_THREADS ?? '1';
if (threads !== '1' && threads !== '2') {
  console.error(`HOST_THREADS must be 1 or 2, not '${threads}'`);
  process.exit(1);
}

if (threads === '1' || services.length === 0) {
  // Side by side: their starts wait on their databases and migrations, which interleave.
  await Promise.all([...services, ...(gateway ? [gateway] : [])].map(load));
} else {
  const { connectThreads, keepDataPrivate } = await import('@wrenchlog/platform');
  // The umask is the process's and only the main thread may set it: before the services' thread writes.
  keepDataPrivate(process.env.DATA_DIR ?? './data');
  const channel = new MessageChannel();
  connectThreads(channel.port1);
  const worker = new Worker(new URL('./host-services.mjs', import.meta.url), {
    workerData: { port: channel.port2, mains: services.map((s) => pathToFileURL(s.main).href) },
    transferList: [channel.port2],
  });
  let stopping = false;
  // A failure of the services' thread is a crash of the product: the supervisor starts it again.
  worker.on('error', (err) => {
    console.error(`the services' thread failed: ${err?.stack ?? err}`);
    process.exit(1);
  });
  worker.on('exit', (code) => {
    if (!stopping) {
      console.error(`the services' thread stopped (exit code ${code})`);
      process.exit(code || 1);
    }
    process.exit(0);
  });
  // Signals reach the main thread only: the services close once the worker is told to (their Nest
  // shutdown hooks), and the process ends when their thread has, or after a grace period.
  const shutDown = (signal) => {
    if (stopping) {
      return;
    }
    stopping = true;
    worker.postMessage({ close: signal });
    setTimeout(() => process.exit(0), 10000).unref();
  };
  process.on('SIGTERM', shutDown);
  process.on('SIGINT', shutDown);
  if (gateway) {
    await load(gateway);
  }
}
