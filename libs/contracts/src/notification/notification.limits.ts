// Notification limits, defaults and messages without class-validator: the DTOs and
// notification-service are built from them, and the SPA loads them through `@wrenchlog/contracts/limits`.

/** What a user chooses channels for (Settings > Notifications). */
export const NOTIFICATION_PREFERENCE_KINDS = ['maintenance', 'lowStock', 'weeklyReport', 'work'] as const;
export type NotificationPreferenceKind = (typeof NOTIFICATION_PREFERENCE_KINDS)[number];

export const NOTIFICATION_CHANNELS = ['inapp', 'email', 'push', 'webhook'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** The kind of one in-app notification. */
export const NOTIFICATION_KINDS = [
  'schedule_due_soon',
  'schedule_overdue',
  'schedule_completed',
  'low_stock',
  'weekly_report',
  // Issue 35: the shop's work (preference kind `work`).
  'issue_reported',
  'work_order_assigned',
  'work_order_completed',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** What a webhook endpoint may subscribe to (issue 24's list, then issue 35's work events; `ping` last). */
export const WEBHOOK_EVENTS = [
  'schedule.due_soon',
  'schedule.overdue',
  'schedule.completed',
  'record.created',
  'record.updated',
  'record.deleted',
  'meter.reading.created',
  'issue.created',
  'issue.resolved',
  'work_order.created',
  'work_order.completed',
  'inspection.failed',
  'ping',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

export const NotificationLimits = {
  pageSize: 20,
  /** Ids one POST /api/notifications/read takes. */
  readIds: 500,
  webhookUrl: 2000,
  webhooksPerUser: 50,
  deliveriesPageSize: 50,
  /** A push subscription's endpoint URL and keys. */
  pushEndpoint: 2000,
  pushKey: 200,
  pushSubscriptionsPerUser: 20,
} as const;

export const NOTIFICATION_DEFAULT_PREFERENCES = {
  digestTime: '08:00',
  timeZone: 'UTC',
  // Push and webhook do nothing until the user enables push on a device or adds an endpoint.
  kinds: {
    maintenance: ['inapp', 'email', 'push', 'webhook'] as NotificationChannel[],
    lowStock: ['inapp'] as NotificationChannel[],
    // The weekly usage report by email as well: what Weekly Report Generation always sent everyone.
    weeklyReport: ['inapp', 'email'] as NotificationChannel[],
    // Issues reported (critical at once, others in the daily digest), work orders assigned to the
    // member and done: as maintenance, every channel; webhook is the account's switch for the work events.
    work: ['inapp', 'email', 'push', 'webhook'] as NotificationChannel[],
  },
};

export const NotificationMessages = {
  invalidId: 'Invalid notification ID',
  ids: 'Ids must be a list of notification IDs',
  digestTime: 'Digest time must be HH:MM (00:00 to 23:59)',
  timeZone: 'Time zone must be an IANA time zone such as Europe/Paris',
  kinds: 'Kinds must give channels for maintenance, lowStock and weeklyReport',
  channels: `Channels must be a list of ${NOTIFICATION_CHANNELS.join(', ')}`,
  webhookNotFound: 'Webhook not found',
  deliveryNotFound: 'Delivery not found',
  invalidWebhookId: 'Invalid webhook ID',
  invalidDeliveryId: 'Invalid delivery ID',
  webhookUrl: 'URL must be an http:// or https:// address',
  webhookUrlLength: `URL must be at most ${NotificationLimits.webhookUrl} characters`,
  webhookUnresolvable: 'URL host does not resolve',
  webhookPrivate: 'URL points to a private, loopback or link-local address (an administrator can allow these with WEBHOOKS_ALLOW_PRIVATE_NETWORKS=true)',
  webhookEvents: `Events must be a non-empty list of ${WEBHOOK_EVENTS.join(', ')}`,
  webhookTooMany: `At most ${NotificationLimits.webhooksPerUser} webhooks per account`,
  calendarNotFound: 'Calendar not found',
  pushEndpoint: 'Push subscription must have an endpoint URL (http or https, at most 2000 characters)',
  pushKeys: 'Push subscription must have keys p256dh and auth',
  pushTooMany: `At most ${NotificationLimits.pushSubscriptionsPerUser} push subscriptions per account`,
  pushNone: 'No push subscription on this account',
} as const;

/** HH:MM, 00:00 to 23:59. */
export const DIGEST_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** An IANA time zone this runtime knows (Intl refuses the others). */
export function isTimeZone(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 64) {
    return false;
  }
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
