import { EVENT_ROUTES, SERVICES, serviceForPattern, type RpcMessage, type ServiceName } from '@wrenchlog/contracts';
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { firstValueFrom, timeout } from 'rxjs';
import { unavailable } from '../errors/domain-error.js';
import type { ServiceClients } from '../rpc/rpc-client.js';
import type { CausedAnswer } from './applied-log.js';
import { consistencyPattern, type CausedRequest } from './consistency.controller.js';
import { splitLane, type Lane, type Positions } from './lanes.js';

/**
 * A session's positions expire after this: a write's events not applied within it mean a consumer is
 * down, and reads then answer what they have instead of 503 until it is back.
 */
export const SESSION_HORIZON_MS = 5 * 60_000;

interface LaneState {
  id: number;
  /** When the write was answered (ms). */
  at: number;
  /** Whether what the lane's target did with it is known (its own positions added to the session). */
  settled: boolean;
}

/**
 * One session's positions in the gateway (issue 37): per lane the newest outbox id its writes
 * caused. A call to a service first settles the lanes into that service's upstream services (asks
 * each what applying the write caused, which may be events to the service), then carries the
 * lanes into the service as `after`. Nothing to do, nothing asked: a session without recent writes
 * costs nothing.
 */
export class SessionPositions {
  /** Whether this request changed the positions (the gateway then answers a new token). */
  changed = false;

  constructor(
    readonly key: string,
    private readonly lanes: Map<Lane, LaneState> = new Map(),
  ) {}

  /** Adds the positions a write caused. */
  add(positions: Positions, now = Date.now()): void {
    for (const [lane, id] of Object.entries(positions) as [Lane, number][]) {
      const known = this.lanes.get(lane);
      if (Number.isSafeInteger(id) && id > 0 && (!known || known.id < id)) {
        this.lanes.set(lane, { id, at: now, settled: false });
        this.changed = true;
      }
    }
  }

  /** Another copy of the session's positions (the client's token, this replica's memory): the newest of each lane wins. */
  merge(other: SessionPositions): void {
    for (const [lane, state] of other.lanes) {
      const known = this.lanes.get(lane);
      if (!known || known.id < state.id || (known.id === state.id && state.settled && !known.settled)) {
        this.lanes.set(lane, { ...state });
      }
    }
  }

  isEmpty(now = Date.now()): boolean {
    this.expire(now);
    return this.lanes.size === 0;
  }

  /**
   * A wait for `target` ran out (its 503): its lanes are dropped, and the answer's new token says so,
   * so the client's retry reads what is there instead of waiting again. A position lost to a crash
   * (kill -9 between applying an event and recording it) then costs one 503, not the horizon.
   */
  giveUp(target: ServiceName): void {
    for (const lane of [...this.lanes.keys()]) {
      if (splitLane(lane)[1] === target) {
        this.lanes.delete(lane);
        this.changed = true;
      }
    }
  }

  /** The positions `target` must have applied (source -> id), or undefined when none. */
  requiredBy(target: ServiceName, now = Date.now()): Record<string, number> | undefined {
    this.expire(now);
    let after: Record<string, number> | undefined;
    for (const [lane, state] of this.lanes) {
      const [source, to] = splitLane(lane);
      if (to === target) {
        (after ??= {})[source] = state.id;
      }
    }
    return after;
  }

  /**
   * Settles, at most three hops deep, the lanes into `target`'s upstream services: asks each such
   * service (bounded by `budgetMs` in all) what applying the session's position caused, and adds it.
   * Answers the time left of the budget for the target's own wait; 503 past it.
   */
  async settleUpstream(target: ServiceName, clients: ServiceClients, budgetMs: number, { strict = true } = {}, now = Date.now()): Promise<number> {
    const deadline = now + budgetMs;
    this.expire(now);
    const upstream = upstreamOf(target);
    for (let hop = 0; hop < 3; hop++) {
      const open = [...this.lanes].filter(([lane, state]) => !state.settled && upstream.has(splitLane(lane)[1]) && splitLane(lane)[1] !== target);
      if (open.length === 0) {
        break;
      }
      await Promise.all(
        open.map(async ([lane, state]) => {
          const [source, via] = splitLane(lane);
          const answer = await askCaused(clients, via, { source, id: state.id }, Math.max(0, deadline - Date.now()));
          if (!answer.applied && !strict) {
            // A change goes ahead on what the target knows, whether the upstream service is down or
            // still catching up (after a restart): the lane stays open for the next read. A change
            // refused for another context's lag would make every write depend on every consumer.
            return;
          }
          if (!answer.applied) {
            // The retry goes on without this lane (giveUp), as after the target's own 503.
            this.lanes.delete(lane);
            this.changed = true;
            throw unavailable('Your last change is still being applied. Please try again in a moment.');
          }
          state.settled = true;
          this.changed = true;
          this.add(answer.caused, state.at);
        }),
      );
    }
    return Math.max(0, deadline - Date.now());
  }

  /** The lanes as [lane index pair, id, seconds, settled] for the token. */
  toJSON(): [string, number, number, 0 | 1][] {
    return [...this.lanes].map(([lane, s]) => {
      const [from, to] = splitLane(lane);
      return [`${SERVICES.indexOf(from)}>${SERVICES.indexOf(to)}`, s.id, Math.floor(s.at / 1000), s.settled ? 1 : 0];
    });
  }

  static fromJSON(key: string, rows: unknown): SessionPositions {
    const lanes = new Map<Lane, LaneState>();
    if (Array.isArray(rows)) {
      for (const row of rows.slice(0, 200)) {
        if (!Array.isArray(row) || typeof row[0] !== 'string') {
          continue;
        }
        const [from, to] = row[0].split('>').map((i: string) => SERVICES[Number(i)]);
        const [, id, at, settled] = row as [string, unknown, unknown, unknown];
        if (from && to && Number.isSafeInteger(id) && (id as number) > 0 && Number.isSafeInteger(at)) {
          lanes.set(`${from}>${to}`, { id: id as number, at: (at as number) * 1000, settled: settled === 1 });
        }
      }
    }
    return new SessionPositions(key, lanes);
  }

  private expire(now: number): void {
    for (const [lane, state] of this.lanes) {
      if (now - state.at > SESSION_HORIZON_MS) {
        this.lanes.delete(lane);
      }
    }
  }
}

/**
 * The gateway's keeper of sessions' positions: a signed token the client echoes (so any replica
 * knows them), and this replica's memory of the latest per session (so a client that does not echo
 * it still reads its writes on this replica).
 */
export class SessionPositionsStore {
  private readonly memory = new Map<string, SessionPositions>();
  private readonly key: Buffer;

  constructor(
    secret: string | Buffer,
    private readonly capacity = 10_000,
  ) {
    this.key = createHmac('sha256', secret).update('wrenchlog read-your-writes token').digest();
  }

  /** The session `key`'s positions: this replica's memory merged with a valid token of the same session. */
  open(key: string, token: unknown): SessionPositions {
    const session = new SessionPositions(key);
    const kept = this.memory.get(key);
    if (kept) {
      session.merge(kept);
    }
    const given = typeof token === 'string' ? this.decode(key, token) : undefined;
    if (given) {
      session.merge(given);
    }
    return session;
  }

  /** Keeps a changed session in memory and answers its new token. */
  keep(session: SessionPositions): string {
    this.memory.delete(session.key);
    this.memory.set(session.key, session);
    if (this.memory.size > this.capacity) {
      this.memory.delete(this.memory.keys().next().value!);
    }
    return this.encode(session);
  }

  encode(session: SessionPositions): string {
    const body = Buffer.from(JSON.stringify({ k: session.key, l: session.toJSON() })).toString('base64url');
    return `${body}.${this.sign(body)}`;
  }

  private decode(key: string, token: string): SessionPositions | undefined {
    const dot = token.indexOf('.');
    if (dot <= 0 || token.length > 8192) {
      return undefined;
    }
    const body = token.slice(0, dot);
    const given = Buffer.from(token.slice(dot + 1), 'base64url');
    const expected = Buffer.from(this.sign(body), 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return undefined;
    }
    try {
      const parsed = JSON.parse(Buffer.from(body, 'base64url').toString()) as { k?: unknown; l?: unknown };
      // Another session's token (another user or account) is ignored.
      return parsed.k === key ? SessionPositions.fromJSON(key, parsed.l) : undefined;
    } catch {
      return undefined;
    }
  }

  private sign(body: string): string {
    return createHmac('sha256', this.key).update(body).digest().subarray(0, 16).toString('base64url');
  }
}

const upstreamCache = new Map<ServiceName, Set<ServiceName>>();

/** The services whose events `target` receives (EVENT_ROUTES, the producer owning each event's context). */
export function upstreamOf(target: ServiceName): Set<ServiceName> {
  let found = upstreamCache.get(target);
  if (!found) {
    found = new Set();
    for (const [event, subscribers] of Object.entries(EVENT_ROUTES)) {
      if (subscribers.includes(target)) {
        try {
          found.add(serviceForPattern(event));
        } catch {
          // an event of a context no service owns by pattern (account.*): user-service's
          found.add('user-service');
        }
      }
    }
    upstreamCache.set(target, found);
  }
  return found;
}

/** The service answers within waitMs (applied or not); one that is down (no answer at all) is given up on just after: `down`. */
async function askCaused(clients: ServiceClients, service: ServiceName, request: CausedRequest, waitMs: number): Promise<CausedAnswer & { down?: boolean }> {
  const message: RpcMessage<CausedRequest> = { actor: null, payload: request, meta: { correlationId: randomUUID(), waitMs } };
  try {
    return await firstValueFrom(
      clients
        .get(service)
        .send<CausedAnswer>(consistencyPattern(service), message)
        .pipe(timeout(waitMs + 250)),
    );
  } catch {
    return { applied: false, caused: {}, down: true };
  }
}
