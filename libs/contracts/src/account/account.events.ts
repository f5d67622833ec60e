import { routeEvent } from '../events.js';
import { MEMBER_PROJECTION_SERVICES } from './member.events.js';

// Producer: user-service (through its outbox), once when an owner deletes an account (issue 32).

/**
 * An account was deleted: its members and invitations are gone from user-service, and each member's
 * ACCOUNT_MEMBER_SAVED says `removed: true`. Every service that keeps the members projection deletes
 * the account's rows and stored objects on it (AccountPurge in libs/platform). See
 * apps/user-service/README.md, "Deleting an account".
 */
export const ACCOUNT_DELETED = routeEvent<'account.account.deleted', AccountDeletedEvent>('account.account.deleted', MEMBER_PROJECTION_SERVICES);
export interface AccountDeletedEvent {
  accountId: number;
  /** When it was deleted (ISO 8601). */
  at: string;
}
