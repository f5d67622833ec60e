import type { ServiceName } from '@wrenchlog/contracts';
import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Read your own writes (issue 37). A position is the id of an outbox row: `lane` `source>target`
 * names the service whose outbox wrote it and the subscriber it goes to. A write's answer tells the
 * positions it caused (the newest per lane); a read carries those its context must have applied.
 */
export type Lane = `${ServiceName}>${ServiceName}`;

/** Newest position per lane. */
export type Positions = Partial<Record<Lane, number>>;

export const laneOf = (source: ServiceName, target: ServiceName): Lane => `${source}>${target}`;

export function splitLane(lane: string): [ServiceName, ServiceName] {
  const at = lane.indexOf('>');
  return [lane.slice(0, at) as ServiceName, lane.slice(at + 1) as ServiceName];
}

/** Adds `more` into `into`, keeping the newest position of each lane; answers whether anything moved. */
export function mergePositions(into: Positions, more: Positions | undefined): boolean {
  let moved = false;
  for (const [lane, id] of Object.entries(more ?? {}) as [Lane, number][]) {
    if (Number.isSafeInteger(id) && id > 0 && (into[lane] ?? 0) < id) {
      into[lane] = id;
      moved = true;
    }
  }
  return moved;
}

/** What a message handler's work caused: the outbox rows it wrote, newest per lane (Outbox fills it). */
export interface CausedScope {
  caused: Positions;
}

// One store for the process: with the one-process host every service's copy of this module must share it.
const STORE = Symbol.for('wrenchlog.consistency-scope');
const scopes: AsyncLocalStorage<CausedScope> = ((globalThis as Record<symbol, unknown>)[STORE] ??=
  new AsyncLocalStorage<CausedScope>()) as AsyncLocalStorage<CausedScope>;

/** Runs `work` (and everything it starts) in a fresh scope that collects the positions it causes. */
export function inCausedScope<T>(scope: CausedScope, work: () => T): T {
  return scopes.run(scope, work);
}

/** Runs `work` outside any scope (a timer that must not count as the caller's work). */
export function outsideCausedScope<T>(work: () => T): T {
  return scopes.exit(work);
}

/** The scope of the handler running now, if any. */
export function currentCausedScope(): CausedScope | undefined {
  return scopes.getStore();
}

/** Records positions caused by the work running now (no scope: nobody asked, nothing to do). */
export function noteCaused(source: ServiceName, target: ServiceName, id: number): void {
  const scope = scopes.getStore();
  if (scope) {
    mergePositions(scope.caused, { [laneOf(source, target)]: id });
  }
}

/**
 * The reply envelope of a request that asked for positions (meta.positions): the handler's answer
 * and what it caused. Only such callers (RpcClient) get it; any other caller gets the bare answer.
 */
export const POSITIONS_REPLY = '@wrenchlog/positions';
export interface PositionsReply<T = unknown> {
  [POSITIONS_REPLY]: Positions;
  value: T;
}

export function isPositionsReply(value: unknown): value is PositionsReply {
  return typeof value === 'object' && value !== null && POSITIONS_REPLY in value;
}

// Which service a DataSource is the database of (DatabaseModule tells): the source of its outbox's positions.
const SERVICE_OF = new WeakMap<object, ServiceName>();

export function rememberServiceOf(dataSource: object, service: ServiceName): void {
  SERVICE_OF.set(dataSource, service);
}

export function serviceOf(dataSource: object): ServiceName | undefined {
  return SERVICE_OF.get(dataSource);
}
