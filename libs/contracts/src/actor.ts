import type { AccountRole } from './account/account.limits.js';
import type { ApiTokenScope } from './account/api-tokens.contract.js';

/** The signed-in caller, taken from the verified access token by the gateway, never from client input. */
export interface Actor {
  /** The person: who a record was created or changed by (`createdBy`, `updatedBy`). */
  userId: number;
  adminLevel: number;
  /**
   * The account the caller acts in (issue 32): every service scopes its rows by it, never by the
   * user. The gateway sets it on every call; `requireActor` fills it for messages from before
   * accounts existed (then it is the user's own account, whose id is the user's id).
   */
  accountId: number;
  /** The caller's role in that account: what the services' policy lets them do. */
  role: AccountRole;
  /**
   * Set when the caller is a personal API token (issue 33): what it may do is the role's rights
   * limited by its scopes (`@Caller`) and its machines (`MemberDirectory.visibleMachines`).
   */
  token?: ActorToken;
}

/** A token's limits, on top of its member's role. */
export interface ActorToken {
  id: number;
  scopes: ApiTokenScope[];
  /** null: every machine the member may see; else only these (and only those the member sees). */
  machineIds: number[] | null;
}

export interface RpcMeta {
  correlationId: string;
  /** Set on mutating calls so a retried create never makes a second record. */
  idempotencyKey?: string;
  /** Read your writes (issue 37): outbox positions (source service -> id) the receiver must have applied before it answers. */
  after?: Record<string, number>;
  /** How long the receiver may wait for `after`, in ms (never more than its RPC_TIMEOUT_MS). */
  waitMs?: number;
  /** The caller wants the positions its request caused, in a reply envelope (libs/platform consistency). */
  positions?: true;
  /** On an event: the outbox ids of its source's lane that this delivery carries. */
  position?: { source: string; first: number; last: number };
}

/** The envelope of every RPC request and event. */
export interface RpcMessage<T = unknown> {
  actor: Actor | null;
  payload: T;
  meta: RpcMeta;
}

export const isAdmin = (actor: Actor | null | undefined): boolean => !!actor && actor.adminLevel > 0;

/**
 * The actor of work a service does for an account with nobody calling (a job, a re-sent event):
 * it acts as `userId` when the work has a person behind it (an import's creator), else as the
 * account's owner of record, whose user id is the account's id for every account made before
 * accounts could be created.
 */
export function accountActor(accountId: number, userId: number = accountId): Actor {
  return { userId, adminLevel: 0, accountId, role: 'owner' };
}

/**
 * The account an event names. Events written before accounts existed (still in an outbox at the
 * upgrade) carry `userId`, which is the id of the account the user's rows moved to.
 */
export function eventAccountId(event: { accountId?: unknown; userId?: unknown } | null | undefined): number {
  const id = event?.accountId ?? event?.userId;
  return typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : 0;
}
