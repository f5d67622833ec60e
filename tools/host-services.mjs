// The services' thread of tools/host.mjs: imports every service's dist/main.js (each starts its own
// Nest application) and joins this thread's in-process registry to the gateway's thread.
import { parentPort, workerData } from 'node:worker_threads';
import { connectThreads } from '@wrenchlog/platform';

process.setMaxListeners(64);
connectThreads(workerData.port);
parentPort.on('message', (message) => {
  if (message?.close) {
    // Nest's shutdown hooks listen on process signals, which a worker never receives. Once every
    // application has closed, nothing holds this thread and it ends (the host then exits).
    parentPort.unref();
    process.emit(message.close, message.close);
  }
});
await Promise.all(workerData.mains.map((main) => import(main)));
