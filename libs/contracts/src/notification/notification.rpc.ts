import {
  NOTIFICATION_LIST,
  NOTIFICATION_PREFERENCES_GET,
  NOTIFICATION_PREFERENCES_UPDATE,
  NOTIFICATION_READ,
  NOTIFICATION_SCHEDULER_RUN,
  NOTIFICATION_WEEKLY_RUN,
  NOTIFICATION_SCHEDULER_STATUS,
  NOTIFICATION_UNREAD_COUNT,
  type MarkReadInput,
  type MarkReadReply,
  type NotificationListQuery,
  type NotificationPage,
  type NotificationPreferences,
  type NotificationPreferencesInput,
  type SchedulerStatus,
  type WeeklyRunReply,
} from './notification.contract.js';

import {
  WEBHOOK_CREATE,
  WEBHOOK_DELETE,
  WEBHOOK_DELIVERIES,
  WEBHOOK_DELIVERY_RETRY,
  WEBHOOK_LIST,
  WEBHOOK_TEST,
  type CreatedWebhook,
  type Webhook,
  type WebhookDelivery,
  type WebhookIdRequest,
  type WebhookInput,
} from './webhook.contract.js';

import { CALENDAR_FEED, CALENDAR_ROTATE, type CalendarFeed, type CalendarFeedRequest, type CalendarToken } from './calendar.contract.js';

import {
  PUSH_PUBLIC_KEY,
  PUSH_SUBSCRIBE,
  PUSH_TEST,
  PUSH_UNSUBSCRIBE,
  type PushPublicKey,
  type PushSubscriptionInput,
  type PushSubscriptionView,
  type PushTestReply,
  type PushUnsubscribeInput,
} from './push.contract.js';

/** The notification context (notification-service). */
export type NotificationRpc = {
  [NOTIFICATION_LIST]: { request: NotificationListQuery; response: NotificationPage };
  [NOTIFICATION_UNREAD_COUNT]: { request: Record<string, never>; response: number };
  [NOTIFICATION_READ]: { request: MarkReadInput; response: MarkReadReply };
  [NOTIFICATION_PREFERENCES_GET]: { request: Record<string, never>; response: NotificationPreferences };
  [NOTIFICATION_PREFERENCES_UPDATE]: { request: NotificationPreferencesInput; response: NotificationPreferences };
  [NOTIFICATION_SCHEDULER_STATUS]: { request: Record<string, never>; response: SchedulerStatus };
  [NOTIFICATION_SCHEDULER_RUN]: { request: Record<string, never>; response: SchedulerStatus };
  [NOTIFICATION_WEEKLY_RUN]: { request: Record<string, never>; response: WeeklyRunReply };
  [WEBHOOK_CREATE]: { request: WebhookInput; response: CreatedWebhook };
  [WEBHOOK_LIST]: { request: Record<string, never>; response: Webhook[] };
  [WEBHOOK_DELETE]: { request: WebhookIdRequest; response: { id: number } };
  [WEBHOOK_TEST]: { request: WebhookIdRequest; response: WebhookDelivery };
  [WEBHOOK_DELIVERIES]: { request: WebhookIdRequest; response: WebhookDelivery[] };
  [WEBHOOK_DELIVERY_RETRY]: { request: WebhookIdRequest; response: WebhookDelivery };
  [CALENDAR_ROTATE]: { request: Record<string, never>; response: CalendarToken };
  [CALENDAR_FEED]: { request: CalendarFeedRequest; response: CalendarFeed };
  [PUSH_SUBSCRIBE]: { request: PushSubscriptionInput; response: PushSubscriptionView };
  [PUSH_UNSUBSCRIBE]: { request: PushUnsubscribeInput; response: { removed: number } };
  [PUSH_TEST]: { request: Record<string, never>; response: PushTestReply };
  [PUSH_PUBLIC_KEY]: { request: Record<string, never>; response: PushPublicKey };
};
