import type { ServiceName } from './services.js';

// Events are past-tense facts. A fact that several services need is delivered to each of their
// queues: this table is the one place that says who listens to what. Consumers are idempotent.
export const EVENT_ROUTES: Record<string, readonly ServiceName[]> = {};

/** Registers who listens to an event; each context's contract file calls it for the events it emits. */
export function routeEvent<E extends string>(event: E, subscribers: readonly ServiceName[]): E {
  EVENT_ROUTES[event] = subscribers;
  return event;
}
