import type { AccountRole } from './account/account.limits.js';

/** The signed-in caller, taken from the verified access token by the gateway, never from client input. */
export interface Actor {
  userId: number;
  adminLevel: number;
  /**
   * The account the caller acts in and their role there (issue 32). Absent on tokens issued before
   * accounts existed and on internal calls; services still scope by userId until they move to
   * accounts, which is safe because every account so far has its first owner's user id.
   */
  accountId?: number;
  role?: AccountRole;
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
