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
