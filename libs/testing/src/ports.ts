import { createServer } from 'node:net';

/** A TCP port nothing listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * A block of `count` consecutive free ports (for SERVICE_PORT_BASE + i), below Linux's ephemeral
 * range (32768 and up): a port there can be taken by an outgoing connection (to PostgreSQL,
 * RabbitMQ) between this check and the service's listen, which failed a run with EADDRINUSE.
 */
export async function freePortBlock(count: number): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = 20000 + Math.floor(Math.random() * (12000 - count));
    const free = await Promise.all(Array.from({ length: count }, (_, i) => isFree(base + i)));
    if (free.every(Boolean)) {
      return base;
    }
  }
  throw new Error(`no block of ${count} free ports found`);
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** True when something accepts TCP connections on host:port within the timeout. */
export function canConnect(host: string, port: number, timeoutMs = 1500): Promise<boolean> {
  return import('node:net').then(
    ({ connect }) =>
      new Promise<boolean>((resolve) => {
        const socket = connect({ host, port });
        const done = (ok: boolean) => {
          socket.destroy();
          resolve(ok);
        };
        socket.setTimeout(timeoutMs, () => done(false));
        socket.once('connect', () => done(true));
        socket.once('error', () => done(false));
      }),
  );
}
