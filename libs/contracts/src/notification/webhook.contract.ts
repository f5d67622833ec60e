import { ArrayMaxSize, ArrayMinSize, IsArray, IsDefined, IsIn, IsString, MaxLength } from 'class-validator';
import type { Audited } from '../account/member.events.js';
import { NotificationLimits, NotificationMessages, WEBHOOK_EVENTS, type WebhookEventType } from './notification.limits.js';

// Producer: gateway. Consumer: notification-service (webhook endpoints and their deliveries).
export const WEBHOOK_CREATE = 'notification.webhook.create' as const;
export const WEBHOOK_LIST = 'notification.webhook.list' as const;
export const WEBHOOK_DELETE = 'notification.webhook.delete' as const;
export const WEBHOOK_TEST = 'notification.webhook.test' as const;
export const WEBHOOK_DELIVERIES = 'notification.webhook.deliveries' as const;
export const WEBHOOK_DELIVERY_RETRY = 'notification.delivery.retry' as const;

/** POST /api/webhooks. The service checks the address (http(s), resolvable, not private unless allowed). */
export class WebhookInput {
  @IsDefined({ message: NotificationMessages.webhookUrl })
  @IsString({ message: NotificationMessages.webhookUrl })
  @MaxLength(NotificationLimits.webhookUrl, { message: NotificationMessages.webhookUrlLength })
  url!: string;

  @IsDefined({ message: NotificationMessages.webhookEvents })
  @IsArray({ message: NotificationMessages.webhookEvents })
  @ArrayMinSize(1, { message: NotificationMessages.webhookEvents })
  @ArrayMaxSize(WEBHOOK_EVENTS.length, { message: NotificationMessages.webhookEvents })
  @IsIn(WEBHOOK_EVENTS, { each: true, message: NotificationMessages.webhookEvents })
  events!: WebhookEventType[];
}

/** An endpoint of the account (issue 32: webhooks are per account; who added it in `createdBy`). */
export interface Webhook extends Audited {
  id: number;
  url: string;
  events: WebhookEventType[];
  createdAt: string;
}
/** The create's answer: the only time the secret is shown. `whsec_` + base64, as Standard Webhooks expects. */
export interface CreatedWebhook extends Webhook {
  secret: string;
}

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** One row of an endpoint's delivery log. */
export interface WebhookDelivery {
  id: number;
  webhookId: number;
  /** The `webhook-id` header: the same on every attempt of this delivery. */
  messageId: string;
  event: string;
  status: DeliveryStatus;
  attempts: number;
  /** The HTTP status of the last attempt (null: none yet, or no answer). */
  httpStatus: number | null;
  error: string | null;
  createdAt: string;
  lastAttemptAt: string | null;
  nextAttemptAt: string | null;
}

export interface WebhookIdRequest {
  id: number;
}
