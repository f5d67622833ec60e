import { Logger } from '@nestjs/common';
import { BaseRpcContext, ClientProxy, Server, type CustomTransportStrategy, type ReadPacket, type WritePacket } from '@nestjs/microservices';
import { ErrorCode, type RpcErrorPayload } from '@wrenchlog/contracts';
import { isObservable, lastValueFrom } from 'rxjs';
import { routeOf } from './servers.js';

/**
 * The transport of the one-process embedded start (tools/host.mjs): every service keeps its own Nest
 * application, and calls between them go through this process-wide registry instead of a socket.
 * It keeps the semantics of the TCP and RabbitMQ transports:
 * - a message and its reply are copied by the same JSON round trip (Dates become strings, nothing is
 *   shared by reference), so a handler that mutates what it got cannot touch the caller's object;
 * - errors cross as the {code, message} payload of RpcDomainErrorFilter;
 * - the caller's timeout drops a late reply; a service that is not running answers like a refused
 *   connection (503 at the gateway);
 * - an event is settled when its handler has finished, as RabbitMQ acks it: a handler that failed
 *   for a reason other than a domain rule rejects the emit, so the sender's outbox keeps the row and
 *   sends it again with backoff (over RabbitMQ the retry queue does that).
 */
const REGISTRY = Symbol.for('wrenchlog.in-process-servers');
const registry: Map<string, InProcessServer> = ((globalThis as Record<symbol, unknown>)[REGISTRY] ??= new Map()) as Map<string, InProcessServer>;

/** The JSON round trip every other transport makes (undefined stays undefined: an empty reply). */
export function copyMessage<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

export class InProcessContext extends BaseRpcContext<[string]> {
  getPattern(): string {
    return this.args[0];
  }
}

type Reply = (packet: WritePacket) => void;

export class InProcessServer extends Server implements CustomTransportStrategy {
  protected override readonly logger = new Logger('InProcessServer');

  constructor(readonly endpoint: string) {
    super();
    this.initializeSerializer({});
    this.initializeDeserializer({});
  }

  listen(callback: (err?: unknown) => void): void {
    if (registry.has(this.endpoint)) {
      callback(new Error(`${this.endpoint} is already listening in this process`));
      return;
    }
    registry.set(this.endpoint, this);
    this._status$.next('connected');
    callback();
  }

  close(): void {
    if (registry.get(this.endpoint) === this) {
      registry.delete(this.endpoint);
    }
    this._status$.next('disconnected');
  }

  on(): void {
    // No connection, so no connection events.
  }

  unwrap<T>(): T {
    return registry as T;
  }

  protected override getRouteFromPattern(pattern: string): string {
    return routeOf(pattern, (p) => super.getRouteFromPattern(p));
  }

  /** A request: `packet` is already a copy; every reply is copied before the caller sees it. */
  async request(packet: ReadPacket & { id: string }, reply: Reply): Promise<void> {
    const pattern = String(packet.pattern);
    const handler = this.getHandlerByPattern(pattern);
    if (!handler) {
      reply({ id: packet.id, err: `There is no matching message handler defined in the remote service.`, isDisposed: true } as WritePacket);
      return;
    }
    const context = new InProcessContext([pattern]);
    await this.handleRequest(
      context,
      async () => this.transformToObservable(await handler(packet.data, context)),
      (data) => reply(copyMessage(data)),
    );
  }

  /** An event: settles once its handler has (see the class comment for what rejects). */
  async event(packet: ReadPacket): Promise<void> {
    const pattern = String(packet.pattern);
    const handler = this.getHandlerByPattern(pattern);
    if (!handler) {
      this.logger.error(`no event handler for ${pattern} in ${this.endpoint}`);
      return;
    }
    const context = new InProcessContext([pattern]);
    try {
      const result = await handler(packet.data, context);
      if (isObservable(result)) {
        await lastValueFrom(result, { defaultValue: undefined });
      }
    } catch (err) {
      if (!isRetryable(err)) {
        return; // refused by a domain rule: retrying cannot help (RabbitMQ acks it too)
      }
      throw err;
    }
  }
}

/** Failures that may pass: an unavailable database, or anything that is not a domain refusal. */
function isRetryable(err: unknown): boolean {
  const code = (err as RpcErrorPayload | undefined)?.code;
  return typeof code !== 'string' || code === ErrorCode.Unavailable || code === ErrorCode.Internal;
}

export interface InProcessClientOptions {
  endpoint: string;
}

export class InProcessClient extends ClientProxy {
  private readonly endpoint: string;

  constructor(options: InProcessClientOptions) {
    super();
    this.endpoint = options.endpoint;
    this.initializeSerializer({});
    this.initializeDeserializer({});
  }

  async connect(): Promise<void> {
    // Nothing to connect: the server is looked up on every call, so a restarted one is found.
  }

  close(): void {
    // Nothing to close.
  }

  unwrap<T>(): T {
    return registry as T;
  }

  protected publish(packet: ReadPacket, callback: Reply): () => void {
    let active = true;
    const reply: Reply = (p) => {
      if (active) {
        callback(p);
      }
    };
    const server = registry.get(this.endpoint);
    if (!server) {
      reply({ err: new Error(`${this.endpoint} is not running`), isDisposed: true });
      return () => undefined;
    }
    // Copied now, so a change the caller makes after sending is not seen by the handler.
    const copy = copyMessage(this.assignPacketId(packet));
    server.request(copy, reply).catch((err: unknown) => reply({ err, isDisposed: true }));
    // Unsubscribing (the caller's timeout) drops a reply that comes later.
    return () => {
      active = false;
    };
  }

  protected async dispatchEvent<T = unknown>(packet: ReadPacket): Promise<T> {
    const server = registry.get(this.endpoint);
    if (!server) {
      throw new Error(`${this.endpoint} is not running`);
    }
    await server.event(copyMessage(packet));
    return undefined as T;
  }
}
