import type { RpcMessage } from './actor.js';
import type { ServiceName } from './services.js';

// Events are past-tense facts. A fact that several services need is delivered to each of their
// queues: this table is the one place that says who listens to what. Consumers are idempotent.
export const EVENT_ROUTES: Record<string, readonly ServiceName[]> = {};

/**
 * State events: each carries the whole current state of one thing (named by its key), so of several
 * for one key not yet delivered only the newest needs to go; the outbox sends that one and drops
 * the older ones with it (a burst of writes on one machine makes one delivery, not hundreds).
 */
export const EVENT_STATE_KEYS: Record<string, (payload: never) => string> = {};

/**
 * Subscribers that take an event in batches as well: besides its own pattern they handle
 * `batchPattern(event)`, whose payload is an EventBatch of consecutive events of one lane, applied
 * in one transaction (an import's thousands of events: one transaction per batch, not per event).
 */
export const EVENT_BATCH_TARGETS: Record<string, readonly ServiceName[]> = {};

/** The pattern a batch of `event` is delivered under (to the subscribers of EVENT_BATCH_TARGETS). */
export function batchPattern<E extends string>(event: E): `${E}.batch` {
  return `${event}.batch`;
}

/**
 * The payload of a batch delivery: the events in their outbox order, each the message it would
 * have been alone. The batch is one delivery: it is applied whole or fails whole (and comes again).
 */
export interface EventBatch<T> {
  events: RpcMessage<T>[];
}

/** The messages of a batch delivery, in order (none when it is malformed). */
export function eventsOfBatch<T>(m: RpcMessage<EventBatch<T>> | null | undefined): RpcMessage<T>[] {
  const events = m?.payload?.events;
  return Array.isArray(events) ? events.filter((event) => typeof event === 'object' && event !== null) : [];
}

/**
 * Registers who listens to an event; each context's contract file calls it for the events it emits.
 * `stateKey` marks a state event (see EVENT_STATE_KEYS); `batches`, the subscribers that also take
 * it in batches (EVENT_BATCH_TARGETS).
 */
export function routeEvent<E extends string, P = never>(
  event: E,
  subscribers: readonly ServiceName[],
  options?: { stateKey?: (payload: P) => string; batches?: readonly ServiceName[] },
): E {
  EVENT_ROUTES[event] = subscribers;
  if (options?.stateKey) {
    EVENT_STATE_KEYS[event] = options.stateKey as (payload: never) => string;
  }
  if (options?.batches) {
    EVENT_BATCH_TARGETS[event] = options.batches.filter((s) => subscribers.includes(s));
  }
  return event;
}

/**
 * When an event's fact happened: its `at` (ISO 8601), or now for an event from before `at` was sent
 * or a malformed one. Consumers order state events by it.
 */
export function eventTime(at: unknown): Date {
  return typeof at === 'string' && !Number.isNaN(Date.parse(at)) ? new Date(at) : new Date();
}
