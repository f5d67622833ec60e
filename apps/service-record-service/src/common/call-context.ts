import type { Actor, RpcMeta } from '@wrenchlog/contracts';
import type { CallContext } from '@wrenchlog/platform';

/** What the events a call writes carry on: its caller and correlation id. */
export const callContext = (actor: Actor, meta?: RpcMeta): CallContext => ({ actor, correlationId: meta?.correlationId });
