import type { DynamicModule, INestMicroservice, InjectionToken } from '@nestjs/common';
import { ClientProxyFactory, Transport, type ClientProxy } from '@nestjs/microservices';
import { Test, type TestingModuleBuilder } from '@nestjs/testing';
import {
  batchPattern,
  ErrorCode,
  MACHINE_GET,
  type Actor,
  type EventBatch,
  type RpcErrorPayload,
  type RpcPattern,
  type RpcRequestOf,
  type RpcResponseOf,
} from '@wrenchlog/contracts';
import { EventBus, loadEnv, OutboxEvent, RpcCallError, MoneyInterceptor, RpcClient, RpcDomainErrorFilter, type CallContext } from '@wrenchlog/platform';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { firstValueFrom } from 'rxjs';
import { DataSource } from 'typeorm';
import { freePort } from '../ports.js';
import { privateDatabaseBase, type TestEngine } from '../servers.js';

export type { TestEngine } from '../servers.js';

// Kept out of the package's main entry (`@wrenchlog/testing/nest`): the e2e suites and the bench
// import that one and must not load Nest or the services' code.

export interface PublishedEvent {
  event: string;
  payload: any;
  ctx: CallContext;
}

/** A stand-in for another service's RPC answers: the calls to it are the test's boundary. */
export type RpcStub = (pattern: string, payload: any, ctx: CallContext) => Promise<unknown>;

export interface ServiceUnderTestOptions<E> {
  /** Names the temporary data folder. */
  name: string;
  env: new () => E;
  module: (env: E) => DynamicModule;
  /** What the service's RpcClient answers; without it the service's own RpcClient stays. */
  rpc?: RpcStub;
  /** Settings beside DATA_DIR, LOG_LEVEL and DATABASE_URL. */
  vars?: Record<string, string>;
  /** Providers replaced by the test's own (a clock it moves, say). */
  replace?: { provide: InjectionToken; useValue: unknown }[];
}

/**
 * A service as it runs: its real module and migrations on a fresh database (SQLite, or a private
 * PostgreSQL database), listening on Nest TCP. The event bus is replaced by a recorder (the broker
 * boundary), so the test sees exactly what the outbox publishes.
 */
export class ServiceUnderTest {
  readonly published: PublishedEvent[] = [];
  private app!: INestMicroservice;
  private client!: ClientProxy;
  private cleanup: () => Promise<void> = async () => undefined;

  static async start<E extends object>(engine: TestEngine, options: ServiceUnderTestOptions<E>): Promise<ServiceUnderTest> {
    const service = new ServiceUnderTest();
    await service.boot(engine, options);
    return service;
  }

  private async boot<E extends object>(engine: TestEngine, options: ServiceUnderTestOptions<E>): Promise<void> {
    const dataDir = mkdtempSync(join(tmpdir(), `wl-${options.name}-int-`));
    const vars: Record<string, string> = { ...options.vars, DATA_DIR: dataDir, LOG_LEVEL: 'error' };
    const databases = engine === 'postgres' ? privateDatabaseBase() : undefined;
    if (databases) {
      vars.DATABASE_URL = databases.url;
    }
    const env = loadEnv(options.env, vars);
    let builder: TestingModuleBuilder = Test.createTestingModule({ imports: [options.module(env)] })
      .overrideProvider(EventBus)
      .useValue({
        // The outbox hands each subscriber its own copy; every event here has one subscriber.
        publishTo: async (_service: string, event: string, payload: unknown, ctx: CallContext) => {
          this.published.push({ event, payload, ctx });
        },
      });
    if (options.rpc) {
      builder = builder.overrideProvider(RpcClient).useValue({ send: options.rpc });
    }
    for (const { provide, useValue } of options.replace ?? []) {
      builder = builder.overrideProvider(provide).useValue(useValue);
    }
    const moduleRef = await builder.compile();
    const port = await freePort();
    this.app = moduleRef.createNestMicroservice({ transport: Transport.TCP, options: { host: '127.0.0.1', port } });
    this.app.useLogger(['error']);
    this.app.useGlobalFilters(new RpcDomainErrorFilter());
    this.app.useGlobalInterceptors(new MoneyInterceptor());
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

  /** A provider by class or token (e.g. getRepositoryToken(Entity)). */
  get<T>(token: InjectionToken<T>): T {
    return this.app.get(token);
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

  /** The payloads published under `name`, a batch delivery of it (EVENT_BATCH_TARGETS) counted as its events, in order. */
  events(name: string): any[] {
    return this.published.flatMap((p) =>
      p.event === name ? [p.payload] : p.event === batchPattern(name) ? (p.payload as EventBatch<unknown>).events.map((e) => e.payload) : [],
    );
  }

  async stop(): Promise<void> {
    await this.client?.close();
    await this.app?.close();
    await this.cleanup();
  }
}

/**
 * What machine-service answers `machine.machine.get`: a machine of `machines` by id, only to its
 * owner (another user's is Not found, as the real service answers). `lookups` counts the calls.
 */
export class MachineServiceStub {
  readonly machines = new Map<number, { accountId: number; name: string }>();
  lookups = 0;

  /** Machines owned by one user. */
  own(actor: Actor, ...ids: number[]): void {
    for (const id of ids) {
      this.machines.set(id, { accountId: actor.accountId, name: `Machine ${id}` });
    }
  }

  readonly rpc: RpcStub = async (pattern, payload: { id: number }, ctx) => {
    if (pattern !== MACHINE_GET) {
      throw new Error(`unexpected call ${pattern}`);
    }
    this.lookups++;
    const machine = this.machines.get(payload.id);
    if (!machine || machine.accountId !== ctx.actor?.accountId) {
      throw new RpcCallError(ErrorCode.NotFound, 'Machine not found');
    }
    return { id: payload.id, name: machine.name };
  };
}

/** Two owners of their own accounts (an account made before accounts has its owner's id). */
export const userA: Actor = { userId: 101, adminLevel: 0, accountId: 101, role: 'owner' };
export const userB: Actor = { userId: 202, adminLevel: 0, accountId: 202, role: 'owner' };

/** A member of `owner`'s account with another role (issue 32), as the gateway would send them. */
export function memberOf(owner: Actor, role: Actor['role'], userId: number = owner.accountId + 1000): Actor {
  return { userId, adminLevel: 0, accountId: owner.accountId, role };
}
export { startOnR30Database, type UpgradedService } from './upgraded-sqlite.js';
