import type { INestMicroservice } from '@nestjs/common';
import { ClientProxyFactory, Transport, type ClientProxy } from '@nestjs/microservices';
import { Test } from '@nestjs/testing';
import type { Actor, RpcErrorPayload, RpcPattern, RpcRequestOf, RpcResponseOf } from '@wrenchlog/contracts';
import { EventBus, loadEnv, OutboxEvent, RpcDomainErrorFilter, type CallContext } from '@wrenchlog/platform';
import { freePort, privateDatabaseBase, type TestEngine } from '@wrenchlog/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { firstValueFrom } from 'rxjs';
import { DataSource } from 'typeorm';
import { AppModule } from '../src/app.module.js';
import { ScheduleEnv } from '../src/config/schedule-env.js';

export interface PublishedEvent {
  event: string;
  payload: any;
  ctx: CallContext;
}

/**
 * The service as it runs: its real module and migrations on a fresh database, listening on Nest
 * TCP. The event bus is replaced by a recorder (the broker boundary), so the test sees exactly what
 * the outbox publishes.
 */
export class ServiceUnderTest {
  readonly published: PublishedEvent[] = [];
  private app!: INestMicroservice;
  private client!: ClientProxy;
  private cleanup: () => Promise<void> = async () => undefined;

  static async start(engine: TestEngine): Promise<ServiceUnderTest> {
    const service = new ServiceUnderTest();
    await service.boot(engine);
    return service;
  }

  private async boot(engine: TestEngine): Promise<void> {
    const dataDir = mkdtempSync(join(tmpdir(), 'wl-schedule-int-'));
    const vars: Record<string, string> = { DATA_DIR: dataDir, LOG_LEVEL: 'error' };
    const databases = engine === 'postgres' ? privateDatabaseBase() : undefined;
    if (databases) {
      vars.DATABASE_URL = databases.url;
    }
    const env = loadEnv(ScheduleEnv, vars);
    const moduleRef = await Test.createTestingModule({ imports: [AppModule.register(env)] })
      .overrideProvider(EventBus)
      .useValue({
        // The outbox hands each subscriber its own copy; every event here has one subscriber.
        publishTo: async (_service: string, event: string, payload: unknown, ctx: CallContext) => {
          this.published.push({ event, payload, ctx });
        },
      })
      .compile();
    const port = await freePort();
    this.app = moduleRef.createNestMicroservice({ transport: Transport.TCP, options: { host: '127.0.0.1', port } });
    this.app.useLogger(['error']);
    this.app.useGlobalFilters(new RpcDomainErrorFilter());
    await this.app.listen();
    this.client = ClientProxyFactory.create({ transport: Transport.TCP, options: { host: '127.0.0.1', port } });
    await this.client.connect();
    this.cleanup = async () => {
      rmSync(dataDir, { recursive: true, force: true });
      await databases?.drop();
    };
  }

  /** Events still waiting in the service's outbox. */
  outboxPending(): Promise<number> {
    return this.app.get(DataSource).getRepository(OutboxEvent).count();
  }

  get<T>(type: new (...args: any[]) => T): T {
    return this.app.get(type);
  }

  /** A request as the gateway sends it; resolves with the reply. */
  send<P extends RpcPattern>(pattern: P, payload: RpcRequestOf<P>, actor: Actor | null, idempotencyKey?: string): Promise<RpcResponseOf<P>> {
    return firstValueFrom(this.client.send(pattern, { actor, payload, meta: { correlationId: 'int-test', ...(idempotencyKey ? { idempotencyKey } : {}) } }));
  }

  /** The {code, message} a failing request answers. */
  async failure<P extends RpcPattern>(pattern: P, payload: RpcRequestOf<P>, actor: Actor | null): Promise<RpcErrorPayload> {
    try {
      await this.send(pattern, payload, actor);
    } catch (err) {
      return err as RpcErrorPayload;
    }
    throw new Error(`${pattern} succeeded but was expected to fail`);
  }

  /** An event as another service's outbox delivers it (fire and forget over the transport). */
  async emit(event: string, payload: unknown, actor: Actor | null = null): Promise<void> {
    await firstValueFrom(this.client.emit(event, { actor, payload, meta: { correlationId: 'int-test-event' } }), { defaultValue: undefined });
  }

  events(name: string): any[] {
    return this.published.filter((p) => p.event === name).map((p) => p.payload);
  }

  async stop(): Promise<void> {
    await this.client?.close();
    await this.app?.close();
    await this.cleanup();
  }
}

export const userA: Actor = { userId: 101, adminLevel: 0 };
export const userB: Actor = { userId: 202, adminLevel: 0 };
