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
 * Registers who listens to an event; each context's contract file calls it for the events it emits.
 * `stateKey` marks a state event (see EVENT_STATE_KEYS).
 */
export function routeEvent<E extends string, P = never>(event: E, subscribers: readonly ServiceName[], options?: { stateKey: (payload: P) => string }): E {
  EVENT_ROUTES[event] = subscribers;
  if (options) {
    EVENT_STATE_KEYS[event] = options.stateKey as (payload: never) => string;
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
