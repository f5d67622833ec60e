import { EnvBoolean, PlatformEnv } from '@wrenchlog/platform';
import { IsBoolean, IsInt, IsOptional, IsString, Matches, Max, Min } from 'class-validator';

/** The shared settings plus the scheduler's. */
export class NotificationEnv extends PlatformEnv {
  // How often the scheduler evaluates (weekly overdue reminders, digests); the issue says 15 minutes.
  @IsInt() @Min(50) @Max(24 * 60 * 60 * 1000) NOTIFICATION_TICK_MS: number = 15 * 60 * 1000;

  // Webhook URLs in private, loopback and link-local ranges are refused unless this is true (a
  // Home Assistant on the LAN); checked when the URL is saved and on the address each request reaches.
  @EnvBoolean() @IsBoolean() WEBHOOKS_ALLOW_PRIVATE_NETWORKS: boolean = false;

  // A webhook delivery claimed by a replica that died mid-request is sent again after this (more than the 10 s timeout).
  @IsInt() @Min(1000) @Max(3_600_000) WEBHOOK_CLAIM_MS: number = 60_000;

  // Browser push: the VAPID key pair (base64url, as web-push generates it). Unset: generated once
  // (DATA_DIR/vapid.json embedded, the service's database distributed).
  @IsOptional() @IsString() VAPID_PUBLIC_KEY?: string;
  @IsOptional() @IsString() VAPID_PRIVATE_KEY?: string;
  // Who the push services may contact about this sender.
  @IsString() @Matches(/^(mailto:|https:)/, { message: 'must start with mailto: or https:' }) VAPID_SUBJECT: string = 'mailto:admin@wrenchlog.invalid';
}
