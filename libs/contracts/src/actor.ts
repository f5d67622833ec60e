/** The signed-in caller, taken from the verified access token by the gateway, never from client input. */
export interface Actor {
  userId: number;
  adminLevel: number;
}

export interface RpcMeta {
  correlationId: string;
  /** Set on mutating calls so a retried create never makes a second record. */
  idempotencyKey?: string;
}

/** The envelope of every RPC request and event. */
export interface RpcMessage<T = unknown> {
  actor: Actor | null;
  payload: T;
  meta: RpcMeta;
}

export const isAdmin = (actor: Actor | null | undefined): boolean => !!actor && actor.adminLevel > 0;
