import { routeEvent } from '../events.js';

// Producer: notification-service (through its outbox). Consumer: user-service, the product's one
// mail path (its mail queue: SMTP or the .eml outbox), which knows the user's address.

/**
 * An email for one user (the daily digest). `key` is unique per email (user and local date): the
 * event comes at least once, and user-service sends each key once.
 */
export const NOTIFICATION_MAIL_REQUESTED = routeEvent('notification.mail.requested', ['user-service']);
export interface NotificationMailRequestedEvent {
  key: string;
  userId: number;
  subject: string;
  text: string;
}

/**
 * The user's time zone (issue 22): report-service counts a fuel record (a time of purchase) in the
 * month of its date in this zone, and dates "today" in it. Sent when the user saves the setting
 * (Settings > Notifications, its one place today). A state event keyed by user; `at` orders them.
 */
export const NOTIFICATION_TIME_ZONE_CHANGED = routeEvent<'notification.timeZone.changed', NotificationTimeZoneChangedEvent>(
  'notification.timeZone.changed',
  ['report-service'],
  {
    stateKey: (e) => String(e.userId),
  },
);
export interface NotificationTimeZoneChangedEvent {
  userId: number;
  /** An IANA time zone, e.g. Europe/Paris. */
  timeZone: string;
  at: string;
}
