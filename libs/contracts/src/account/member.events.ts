import { routeEvent } from '../events.js';
import type { ServiceName } from '../services.js';
import type { AccountRole } from './account.limits.js';

// Producer: user-service (through its outbox), on every change of a membership and of a member's
// name. Consumers: every service that answers records (their `createdBy` and `updatedBy` names) or
// decides on machine assignments (issue 32, step 3). Each keeps the `account_members` projection
// of libs/platform (MembersModule).

/**
 * A member of an account as it now is: a state event, so of several for one member only the
 * newest is delivered, and `at` orders them. A removed member stays (`removed: true`): the records
 * they added keep their name.
 */
/** The services that keep the members projection (MembersModule): they also delete a deleted account's rows. */
export const MEMBER_PROJECTION_SERVICES = [
  'machine-service',
  'service-record-service',
  'fuel-purchase-service',
  'image-worker',
  'schedule-service',
  'report-service',
  'import-service',
  'notification-service',
  'work-order-service',
] as const satisfies readonly ServiceName[];

export const ACCOUNT_MEMBER_SAVED = routeEvent<'account.member.saved', MemberSavedEvent>('account.member.saved', MEMBER_PROJECTION_SERVICES, {
  stateKey: (e) => `${e.accountId}:${e.userId}`,
});
export interface MemberSavedEvent {
  accountId: number;
  userId: number;
  /** The person's display name (what "Added by" shows). */
  name: string;
  role: AccountRole;
  /** The machines an operator or mechanic is assigned to; null for all machines of the account. */
  machineIds: number[] | null;
  removed: boolean;
  /**
   * The member's time zone preference (issue 34's `timeZone`): their own, else their account's
   * default; null when neither is set. Absent in events from before it (the consumer keeps what it had).
   */
  timeZone?: string | null;
  /** The account's default time zone (issue 34), null when unset: the zone its figures are dated in. */
  accountTimeZone?: string | null;
  /** When the change was made (ISO 8601), taken while the membership row is locked. */
  at: string;
}

/** Who created or last changed a record, as every machine and record answer shows them. */
export interface MemberRef {
  id: number;
  /** Null while the answering service has not yet heard of the person (the web app says "you" or "a member"). */
  name: string | null;
}

/** The two fields every machine and record answer gains (issue 32); null when nobody is known (a record from before). */
export interface Audited {
  createdBy: MemberRef | null;
  updatedBy: MemberRef | null;
}
