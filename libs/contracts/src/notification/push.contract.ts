import { Type } from 'class-transformer';
import { IsDefined, IsObject, IsOptional, IsString, MaxLength, MinLength, ValidateNested } from 'class-validator';
import { NotificationLimits, NotificationMessages as M } from './notification.limits.js';

// Producer: gateway. Consumer: notification-service (browser push with VAPID).
export const PUSH_SUBSCRIBE = 'notification.push.subscribe' as const;
export const PUSH_UNSUBSCRIBE = 'notification.push.unsubscribe' as const;
export const PUSH_TEST = 'notification.push.test' as const;
/** The VAPID public key a browser needs to subscribe (applicationServerKey). */
export const PUSH_PUBLIC_KEY = 'notification.push.publicKey' as const;

export class PushKeysInput {
  @IsDefined({ message: M.pushKeys })
  @IsString({ message: M.pushKeys })
  @MinLength(1, { message: M.pushKeys })
  @MaxLength(NotificationLimits.pushKey, { message: M.pushKeys })
  p256dh!: string;

  @IsDefined({ message: M.pushKeys })
  @IsString({ message: M.pushKeys })
  @MinLength(1, { message: M.pushKeys })
  @MaxLength(NotificationLimits.pushKey, { message: M.pushKeys })
  auth!: string;
}

/** POST /api/push/subscriptions: a browser PushSubscription as JSON (`subscription.toJSON()`). */
export class PushSubscriptionInput {
  @IsDefined({ message: M.pushEndpoint })
  @IsString({ message: M.pushEndpoint })
  @MaxLength(NotificationLimits.pushEndpoint, { message: M.pushEndpoint })
  endpoint!: string;

  @IsOptional()
  expirationTime?: number | null;

  @IsDefined({ message: M.pushKeys })
  @IsObject({ message: M.pushKeys })
  @ValidateNested()
  @Type(() => PushKeysInput)
  keys!: PushKeysInput;
}

/** DELETE /api/push/subscriptions: `{endpoint}` removes that device's; no body removes all of the caller's. */
export class PushUnsubscribeInput {
  @IsOptional()
  @IsString({ message: M.pushEndpoint })
  @MaxLength(NotificationLimits.pushEndpoint, { message: M.pushEndpoint })
  endpoint?: string;
}

export interface PushSubscriptionView {
  id: number;
  endpoint: string;
  createdAt: string;
}
export interface PushTestReply {
  sent: number;
  failed: number;
}
export interface PushPublicKey {
  publicKey: string;
}
