import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { ClientProxyFactory, type ClientProxy } from '@nestjs/microservices';
import {
  ErrorCode,
  EVENT_ROUTES,
  serviceForPattern,
  type Actor,
  type RpcMessage,
  type RpcMeta,
  type RpcPattern,
  type RpcRequestOf,
  type RpcResponseOf,
  type ServiceName,
} from '@wrenchlog/contracts';
import { randomUUID } from 'node:crypto';
import { firstValueFrom, timeout } from 'rxjs';
import { PlatformEnv } from '../config/platform-env.js';
import { currentCausedScope, isPositionsReply, mergePositions } from '../consistency/lanes.js';
import type { SessionPositions } from '../consistency/session-positions.js';
import { RpcCallError } from './rpc-call.error.js';
import { clientTransport } from './transport.js';

export interface CallContext {
  actor: Actor | null;
  correlationId?: string;
  idempotencyKey?: string;
  /** This call's own reply timeout, for the few that work on a whole file (an import's dry run); RPC_TIMEOUT_MS otherwise. */
  timeoutMs?: number;
  /** The caller's session positions (the gateway, issue 37): what the target must have applied, and where to keep what the call caused. */
  consistency?: SessionPositions;
  /**
   * False for a change (the gateway: any method but GET and HEAD): an upstream service that does not
   * answer at all (down) is given up on, so a stopped consumer (the image worker) never blocks the
   * session's writes; a read still waits for it, bounded, and answers 503.
   */
  consistencyStrict?: boolean;
  /** An event's outbox ids (Outbox sets it), so its subscriber records them as applied. */
  position?: RpcMeta['position'];
}

/** One client connection per target service, created on first use and shared. */
@Injectable()
export class ServiceClients implements OnApplicationShutdown {
  private readonly clients = new Map<ServiceName, ClientProxy>();

  constructor(private readonly env: PlatformEnv) {}

  get(service: ServiceName): ClientProxy {
    let client = this.clients.get(service);
    if (!client) {
      client = ClientProxyFactory.create(clientTransport(this.env, service));
      this.clients.set(service, client);
    }
    return client;
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([...this.clients.values()].map((c) => c.close()));
    this.clients.clear();
  }
}

/** Typed request/reply to the service that owns a pattern, with a timeout on every call. */
@Injectable()
export class RpcClient {
  constructor(
    private readonly clients: ServiceClients,
    private readonly env: PlatformEnv,
  ) {}

  async send<P extends RpcPattern>(pattern: P, payload: RpcRequestOf<P>, ctx: CallContext): Promise<RpcResponseOf<P>> {
    const target = serviceForPattern(pattern);
    const session = ctx.consistency;
    const scope = currentCausedScope();
    const m = meta(ctx);
    if (session) {
      // Read your writes: first what the target's upstream services did with the session's writes, then the target's own positions.
      const waitMs = await session.settleUpstream(target, this.clients, consistencyBudget(this.env), { strict: ctx.consistencyStrict !== false });
      const after = session.requiredBy(target);
      if (after) {
        m.after = after;
        m.waitMs = waitMs;
      }
    }
    if (session || scope) {
      m.positions = true;
    }
    const message: RpcMessage<RpcRequestOf<P>> = { actor: ctx.actor, payload, meta: m };
    const client = this.clients.get(target);
    let answer: unknown;
    try {
      answer = await firstValueFrom(client.send<RpcResponseOf<P>>(pattern, message).pipe(timeout(ctx.timeoutMs ?? this.env.RPC_TIMEOUT_MS)));
    } catch (err) {
      const error = RpcCallError.from(err, pattern);
      if (error.code === ErrorCode.Unavailable && m.after) {
        session?.giveUp(target);
      }
      throw error;
    }
    if (!isPositionsReply(answer)) {
      return answer as RpcResponseOf<P>;
    }
    const caused = answer['@wrenchlog/positions'];
    session?.add(caused);
    if (scope) {
      mergePositions(scope.caused, caused);
    }
    return answer.value as RpcResponseOf<P>;
  }
}

/** How long a session's read may wait in all (upstream settling and the target's wait): below RPC_TIMEOUT_MS. */
const consistencyBudget = (env: PlatformEnv): number => Math.floor(env.RPC_TIMEOUT_MS * 0.8);

/** Publishes a past-tense fact to every queue that EVENT_ROUTES lists for it. */
@Injectable()
export class EventBus {
  private readonly logger = new Logger(EventBus.name);

  constructor(
    private readonly clients: ServiceClients,
    private readonly env: PlatformEnv,
  ) {}

  async publish<T>(event: string, payload: T, ctx: CallContext): Promise<void> {
    const subscribers = EVENT_ROUTES[event];
    if (!subscribers) {
      throw new Error(`Event '${event}' has no route in EVENT_ROUTES`);
    }
    await Promise.all(subscribers.map((service) => this.publishTo(service, event, payload, ctx)));
  }

  /** Delivers an event to one subscriber's queue (the outbox keeps one row per subscriber). */
  async publishTo<T>(service: ServiceName, event: string, payload: T, ctx: CallContext): Promise<void> {
    const message: RpcMessage<T> = { actor: ctx.actor, payload, meta: meta(ctx) };
    try {
      await firstValueFrom(this.clients.get(service).emit(event, message).pipe(timeout(this.env.RPC_TIMEOUT_MS)), { defaultValue: undefined });
    } catch (err) {
      this.logger.error(`Could not deliver ${event} to ${service}: ${(err as Error).message}`);
      throw RpcCallError.from(err, event);
    }
  }
}

function meta(ctx: CallContext): RpcMeta {
  return {
    correlationId: ctx.correlationId ?? randomUUID(),
    ...(ctx.idempotencyKey ? { idempotencyKey: ctx.idempotencyKey } : {}),
    ...(ctx.position ? { position: ctx.position } : {}),
  };
}
