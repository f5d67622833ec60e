import { ErrorCode } from '@wrenchlog/contracts';
import { MessageChannel, Worker } from 'node:worker_threads';
import { PlatformEnv } from '../src/config/platform-env.js';
import { connectThreads } from '../src/rpc/in-process.js';
import { RpcCallError } from '../src/rpc/rpc-call.error.js';
import { EventBus, RpcClient, ServiceClients } from '../src/rpc/rpc-client.js';

// The in-process transport between the host's two threads (tools/host.mjs with HOST_THREADS=2: the
// gateway on the main thread, the services on a worker): the server runs in a real worker thread on the built
// library (build first), the caller here through RpcClient and EventBus.
describe('the in-process transport across threads', () => {
  const env = Object.assign(new PlatformEnv(), { RPC_TRANSPORT: 'in-process', RPC_TIMEOUT_MS: 1500 }) as PlatformEnv;
  const ctx = { actor: { userId: 1, role: 'user' } as never, correlationId: 'c-1' };
  const fromWorker: string[] = [];
  let worker: Worker;
  let clients: ServiceClients;
  let rpc: RpcClient;
  let bus: EventBus;

  beforeAll(async () => {
    const channel = new MessageChannel();
    connectThreads(channel.port1);
    worker = new Worker(new URL('./fixtures/bridge-worker.mjs', import.meta.url), { workerData: { port: channel.port2 }, transferList: [channel.port2] });
    worker.on('message', (m: string) => fromWorker.push(m));
    await new Promise<void>((resolve, reject) => {
      worker.once('error', reject);
      worker.on('message', (m) => m === 'listening' && resolve());
    });
    clients = new ServiceClients(env);
    rpc = new RpcClient(clients, env);
    bus = new EventBus(clients, env);
  });

  afterAll(async () => {
    await clients.onApplicationShutdown();
    await worker?.terminate();
  });

  it('copies the request and the reply as JSON', async () => {
    const payload = { list: [1, 2] };
    const answer = (await rpc.send('machine.test.echo' as never, payload as never, ctx)) as unknown as { got: { list: number[] }; when: unknown };
    expect(payload.list).toEqual([1, 2]);
    expect(answer.got.list).toEqual([1, 2, 99]);
    expect(answer.when).toBe('2026-01-02T03:04:05.000Z');
  });

  it('carries an error as {code, message}', async () => {
    await expect(rpc.send('machine.test.missing' as never, {} as never, ctx)).rejects.toMatchObject({ code: ErrorCode.NotFound, message: 'Machine not found' });
  });

  it('times out a slow handler as UNAVAILABLE and drops its late reply', async () => {
    const err = (await rpc.send('machine.test.slow' as never, {} as never, ctx).catch((e: unknown) => e)) as RpcCallError;
    expect(err).toBeInstanceOf(RpcCallError);
    expect(err.code).toBe(ErrorCode.Unavailable);
    expect(err.message).toContain('did not answer in time');
    await new Promise((r) => setTimeout(r, 1200));
    expect(fromWorker).toContain('slow finished');
  });

  it('answers UNAVAILABLE for a service running in neither thread', async () => {
    await expect(rpc.send('user.test.echo' as never, {} as never, ctx)).rejects.toMatchObject({ code: ErrorCode.Unavailable });
  });

  it('settles an event when its handler has; a retryable failure rejects it so the outbox sends it again', async () => {
    await expect(bus.publishTo('machine-service', 'test.happened', { n: 1 }, ctx)).rejects.toBeInstanceOf(RpcCallError);
    expect(fromWorker).not.toContain('event handled');
    await bus.publishTo('machine-service', 'test.happened', { n: 1 }, ctx);
    // The worker's own note comes on another port, which keeps no order with the bridge's.
    for (let i = 0; i < 100 && !fromWorker.includes('event handled'); i++) {
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(fromWorker).toContain('event handled');
  });
});
