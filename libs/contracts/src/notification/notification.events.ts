import { routeEvent } from '../events.js';

// Producer: notification-service (through its outbox). Consumer: user-service, the product's one
// mail path (its mail queue: SMTP or the .eml outbox), which knows the user's address.

/**
 * An email for one person (the daily digest, a low stock alert, the weekly report), addressed to
 * the user, whichever account it is about. `key` is unique per email (account, member and what it
 * is): the event comes at least once, and user-service sends each key once.
 */
export const NOTIFICATION_MAIL_REQUESTED = routeEvent('notification.mail.requested', ['user-service']);
export interface NotificationMailRequestedEvent {
  key: string;
  userId: number;
  subject: string;
  text: string;
}

/**
 * The account's time zone (issue 22): report-service counts a fuel record (a time of purchase) in the
 * month of its date in this zone, and dates "today" in it. Sent when the account's owner of record
 * (the member whose user id is the account's id) saves the setting (Settings > Notifications, its
 * one place today; issue 32). A state event keyed by account; `at` orders them.
 */
export const NOTIFICATION_TIME_ZONE_CHANGED = routeEvent<'notification.timeZone.changed', NotificationTimeZoneChangedEvent>(
  'notification.timeZone.changed',
  ['report-service'],
  {
    stateKey: (e) => String(e.accountId ?? e.userId),
  },
);
export interface NotificationTimeZoneChangedEvent {
  /** The account (issue 32); absent from an event of the release before accounts: read `eventAccountId(e)`. */
  accountId?: number;
  /** The same id as accountId (the account's owner of record), kept for consumers written before accounts. */
  userId: number;
  /** An IANA time zone, e.g. Europe/Paris. */
  timeZone: string;
  at: string;
}
