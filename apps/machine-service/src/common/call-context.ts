import type { Actor, RpcMessage } from '@wrenchlog/contracts';
import type { CallContext } from '@wrenchlog/platform';

/** What the events a call writes carry on: its caller, correlation id and idempotency key. */
export const callContext = (actor: Actor, m: RpcMessage<unknown>): CallContext => ({
  actor,
  correlationId: m.meta?.correlationId,
  idempotencyKey: m.meta?.idempotencyKey,
});
