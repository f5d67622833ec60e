import { Controller, type INestMicroservice, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { EventPattern, MessagePattern, Payload } from '@nestjs/microservices';
import { ErrorCode, type RpcMessage } from '@wrenchlog/contracts';
import { PlatformEnv } from '../src/config/platform-env.js';
import { DomainError, notFound } from '../src/errors/domain-error.js';
import { RpcDomainErrorFilter } from '../src/errors/rpc-error.filter.js';
import { RpcCallError } from '../src/rpc/rpc-call.error.js';
import { EventBus, RpcClient, ServiceClients } from '../src/rpc/rpc-client.js';
import { serverTransport } from '../src/rpc/transport.js';

// The in-process transport of the one-process start, through the same RpcClient, EventBus and
// error filter the services use, with a real Nest microservice on the other side.
const seen: unknown[] = [];
const handled: string[] = [];
let failNext: 'domain' | 'crash' | null = null;

@Controller()
class TestController {
  @MessagePattern('machine.test.echo')
  echo(@Payload() message: RpcMessage<{ list: number[]; at?: string }>) {
    seen.push(message.payload);
    // A handler that mutates what it got must not reach the caller's object.
    message.payload.list.push(99);
    return { got: message.payload, when: new Date('2026-01-02T03:04:05.000Z'), kept: reply };
  }

  @MessagePattern('machine.test.missing')
  missing() {
    throw notFound('Machine not found');
  }

  @MessagePattern('machine.test.crash')
  crash() {
    throw new Error('secret internal detail');
  }

  @MessagePattern('machine.test.slow')
  async slow() {
    await new Promise((r) => setTimeout(r, 400));
    handled.push('slow');
    return { late: true };
  }

  @EventPattern('test.happened')
  async happened(@Payload() message: RpcMessage<{ n: number }>) {
    await new Promise((r) => setTimeout(r, 50));
    const fail = failNext;
    failNext = null;
    if (fail === 'domain') {
      throw new DomainError(ErrorCode.Conflict, 'refused by a rule');
    }
    if (fail === 'crash') {
      throw new Error('database went away');
    }
    handled.push(`event ${message.payload.n}`);
  }
}

const reply = { shared: ['a'] };

@Module({ controllers: [TestController] })
class TestModule {}

describe('the in-process transport', () => {
  const env = Object.assign(new PlatformEnv(), { RPC_TRANSPORT: 'in-process', RPC_TIMEOUT_MS: 200 }) as PlatformEnv;
  let app: INestMicroservice;
  let clients: ServiceClients;
  let rpc: RpcClient;
  let bus: EventBus;
  const ctx = { actor: { userId: 1, role: 'user' } as never, correlationId: 'c-1' };

  beforeAll(async () => {
    app = await NestFactory.createMicroservice(TestModule, { ...serverTransport(env, 'machine-service'), logger: false });
    app.useGlobalFilters(new RpcDomainErrorFilter());
    await app.listen();
    clients = new ServiceClients(env);
    rpc = new RpcClient(clients, env);
    bus = new EventBus(clients, env);
  });

  afterAll(async () => {
    await clients.onApplicationShutdown();
    await app?.close();
  });

  beforeEach(() => {
    seen.length = 0;
    handled.length = 0;
  });

  it('copies the request and the reply (a JSON round trip, as TCP and RabbitMQ do)', async () => {
    const payload = { list: [1, 2] };
    const answer = (await rpc.send('machine.test.echo' as never, payload as never, ctx)) as unknown as {
      got: { list: number[] };
      when: unknown;
      kept: { shared: string[] };
    };
    expect(payload.list).toEqual([1, 2]);
    expect(seen[0]).not.toBe(payload);
    expect(answer.got.list).toEqual([1, 2, 99]);
    // A Date arrives as its JSON text, and the reply is not the handler's object.
    expect(answer.when).toBe('2026-01-02T03:04:05.000Z');
    expect(answer.kept).toEqual(reply);
    expect(answer.kept).not.toBe(reply);
    answer.kept.shared.push('b');
    expect(reply.shared).toEqual(['a']);
  });

  it('carries a domain error as {code, message}', async () => {
    const err = await rpc.send('machine.test.missing' as never, {} as never, ctx).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RpcCallError);
    expect(err).toMatchObject({ code: ErrorCode.NotFound, message: 'Machine not found' });
  });

  it('hides an unexpected error behind INTERNAL with a generic message', async () => {
    const err = (await rpc.send('machine.test.crash' as never, {} as never, ctx).catch((e: unknown) => e)) as RpcCallError;
    expect(err.code).toBe(ErrorCode.Internal);
    expect(err.message).not.toContain('secret');
  });

  it('times out a slow handler as UNAVAILABLE and drops its late reply', async () => {
    const started = Date.now();
    const err = (await rpc.send('machine.test.slow' as never, {} as never, ctx).catch((e: unknown) => e)) as RpcCallError;
    expect(err.code).toBe(ErrorCode.Unavailable);
    expect(err.message).toContain('did not answer in time');
    expect(Date.now() - started).toBeLessThan(400);
    // The handler still runs to its end; its reply goes nowhere and breaks nothing.
    await new Promise((r) => setTimeout(r, 400));
    expect(handled).toEqual(['slow']);
  });

  it('answers UNAVAILABLE at once for a service that is not running in this process', async () => {
    const err = (await rpc.send('user.test.echo' as never, {} as never, ctx).catch((e: unknown) => e)) as RpcCallError;
    expect(err.code).toBe(ErrorCode.Unavailable);
    expect(err.message).toContain('unavailable');
    await expect(bus.publishTo('user-service', 'test.happened', { n: 0 }, ctx)).rejects.toMatchObject({ code: ErrorCode.Unavailable });
  });

  it('settles an event once its handler has finished; a failure other than a domain rule rejects it (the outbox sends it again)', async () => {
    await bus.publishTo('machine-service', 'test.happened', { n: 1 }, ctx);
    expect(handled).toEqual(['event 1']);

    failNext = 'domain';
    await expect(bus.publishTo('machine-service', 'test.happened', { n: 2 }, ctx)).resolves.toBeUndefined();

    failNext = 'crash';
    await expect(bus.publishTo('machine-service', 'test.happened', { n: 3 }, ctx)).rejects.toBeInstanceOf(RpcCallError);
    await bus.publishTo('machine-service', 'test.happened', { n: 3 }, ctx);
    expect(handled).toEqual(['event 1', 'event 3']);
  });

  it('refuses a second server under the same name in one process', async () => {
    const second = await NestFactory.createMicroservice(TestModule, { ...serverTransport(env, 'machine-service'), logger: false });
    await expect(second.listen()).rejects.toThrow('already listening');
    await second.close();
    // The first still answers.
    await expect(rpc.send('machine.test.missing' as never, {} as never, ctx)).rejects.toMatchObject({ code: ErrorCode.NotFound });
  });
});
