import { Logger } from '@nestjs/common';
import { BaseRpcContext, ClientProxy, Server, type CustomTransportStrategy, type ReadPacket, type WritePacket } from '@nestjs/microservices';
import { ErrorCode, type RpcErrorPayload } from '@wrenchlog/contracts';
import type { MessagePort } from 'node:worker_threads';
import { isObservable, lastValueFrom } from 'rxjs';
import { jsonCopy } from './json-copy.js';
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
 * With HOST_THREADS=2 the host runs the gateway and the services on two threads: a server that is not
 * in this thread's registry is reached through the bridge to the other thread (connectThreads), with
 * the same JSON text as the copy.
 */
const REGISTRY = Symbol.for('wrenchlog.in-process-servers');
const registry: Map<string, InProcessServer> = ((globalThis as Record<symbol, unknown>)[REGISTRY] ??= new Map()) as Map<string, InProcessServer>;

/** What the JSON round trip every other transport makes answers (undefined stays undefined: an empty reply). */
export function copyMessage<T>(value: T): T {
  return value === undefined ? value : jsonCopy(value);
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
      if (bridge) {
        const id = bridge.request(this.endpoint, this.assignPacketId(packet), reply);
        return () => {
          active = false;
          bridge?.forget(id);
        };
      }
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
    if (server) {
      await server.event(copyMessage(packet));
    } else if (bridge) {
      await bridge.event(this.endpoint, packet);
    } else {
      throw new Error(`${this.endpoint} is not running`);
    }
    return undefined as T;
  }
}

type BridgeMessage =
  | { t: 'req'; id: number; endpoint: string; packet: string }
  | { t: 'rep'; id: number; packet: string }
  | { t: 'evt'; id: number; endpoint: string; packet: string }
  | { t: 'done'; id: number; err?: string };

/** The link between two threads' registries: requests, replies and events as JSON text over a MessagePort. */
class ThreadBridge {
  private nextId = 1;
  private readonly replies = new Map<number, Reply>();
  private readonly events = new Map<number, { resolve: () => void; reject: (err: unknown) => void }>();

  constructor(private readonly port: MessagePort) {
    port.on('message', (message: BridgeMessage) => this.receive(message));
    // The bridge must not keep a thread alive on its own (the apps' servers and timers do).
    port.unref();
  }

  request(endpoint: string, packet: ReadPacket, reply: Reply): number {
    const id = this.nextId++;
    this.replies.set(id, reply);
    this.port.postMessage({ t: 'req', id, endpoint, packet: JSON.stringify(packet) } satisfies BridgeMessage);
    return id;
  }

  forget(id: number): void {
    this.replies.delete(id);
  }

  event(endpoint: string, packet: ReadPacket): Promise<void> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.events.set(id, { resolve, reject });
      this.port.postMessage({ t: 'evt', id, endpoint, packet: JSON.stringify(packet) } satisfies BridgeMessage);
    });
  }

  private receive(message: BridgeMessage): void {
    switch (message.t) {
      case 'req': {
        const answer = (p: WritePacket) => this.port.postMessage({ t: 'rep', id: message.id, packet: JSON.stringify(p) } satisfies BridgeMessage);
        const server = registry.get(message.endpoint);
        if (!server) {
          answer({ err: { message: `${message.endpoint} is not running` }, isDisposed: true } as WritePacket);
          return;
        }
        server.request(JSON.parse(message.packet), (p) => answer(p)).catch((err: unknown) => answer({ err: copyMessage(err), isDisposed: true }));
        return;
      }
      case 'rep': {
        const reply = this.replies.get(message.id);
        const packet = JSON.parse(message.packet) as WritePacket;
        if (packet.isDisposed || packet.err) {
          this.replies.delete(message.id);
        }
        reply?.(packet);
        return;
      }
      case 'evt': {
        const server = registry.get(message.endpoint);
        const handled = server ? server.event(JSON.parse(message.packet)) : Promise.reject(new Error(`${message.endpoint} is not running`));
        handled.then(
          () => this.port.postMessage({ t: 'done', id: message.id } satisfies BridgeMessage),
          (err: unknown) =>
            this.port.postMessage({
              t: 'done',
              id: message.id,
              err: JSON.stringify(err instanceof Error ? { message: err.message } : (err ?? {})),
            } satisfies BridgeMessage),
        );
        return;
      }
      case 'done': {
        const pending = this.events.get(message.id);
        this.events.delete(message.id);
        if (message.err !== undefined) {
          pending?.reject(JSON.parse(message.err));
        } else {
          pending?.resolve();
        }
        return;
      }
    }
  }
}

let bridge: ThreadBridge | undefined;

/**
 * Joins this thread's in-process registry to another thread's over `port` (tools/host.mjs with
 * HOST_THREADS=2: the gateway on the main thread, the services on a worker), so a call to a server
 * of the other thread crosses as JSON text. One bridge a thread.
 */
export function connectThreads(port: MessagePort): void {
  bridge = new ThreadBridge(port);
}
