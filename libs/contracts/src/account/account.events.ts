import { routeEvent } from '../events.js';

// Producer: user-service (through its outbox), once when an owner deletes an account (issue 32).

/**
 * An account was deleted: its members and invitations are gone from user-service, and each member's
 * ACCOUNT_MEMBER_SAVED says `removed: true`. The services that own the account's machines and
 * records delete them on this event; none does yet, so it is routed to nobody (the outbox writes no
 * row for it): a service subscribes by adding its name here once it has a handler. See
 * apps/user-service/README.md, "Deleting an account".
 */
export const ACCOUNT_DELETED = routeEvent<'account.account.deleted', AccountDeletedEvent>('account.account.deleted', []);
export interface AccountDeletedEvent {
  accountId: number;
  /** When it was deleted (ISO 8601). */
  at: string;
}
