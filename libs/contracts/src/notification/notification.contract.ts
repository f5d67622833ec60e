import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsDefined,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  Max,
  Min,
  ValidateNested,
  ValidateBy,
  type ValidationOptions,
} from 'class-validator';
import type { JobView } from '../admin/job.contract.js';
import { MAX_ID } from '../ids.js';
import type { Page } from '../paging.js';
import { PageQuery } from '../paging.js';
import {
  DIGEST_TIME_PATTERN,
  isTimeZone,
  NOTIFICATION_CHANNELS,
  NotificationLimits,
  NotificationMessages,
  type NotificationChannel,
  type NotificationKind,
} from './notification.limits.js';

// Producer: gateway. Consumer: notification-service (in-app notifications and preferences).
export const NOTIFICATION_LIST = 'notification.notification.list' as const;
export const NOTIFICATION_UNREAD_COUNT = 'notification.notification.unreadCount' as const;
export const NOTIFICATION_READ = 'notification.notification.read' as const;
export const NOTIFICATION_PREFERENCES_GET = 'notification.preferences.get' as const;
export const NOTIFICATION_PREFERENCES_UPDATE = 'notification.preferences.update' as const;
/** The scheduler's last run, for the admin's Jobs tab (admin only). */
export const NOTIFICATION_SCHEDULER_STATUS = 'notification.scheduler.status' as const;
/** The Jobs tab's Run: a scheduler pass now, periodic work included (admin only). */
export const NOTIFICATION_SCHEDULER_RUN = 'notification.scheduler.run' as const;
/**
 * The weekly usage reports of the seven days before today, made now for every member of an account
 * with machines who has not had that week's yet (admin only): user-service's Weekly Report
 * Generation job. The scheduler makes them by itself every Monday at each member's digest time, for
 * the week before.
 */
export const NOTIFICATION_WEEKLY_RUN = 'notification.weekly.run' as const;
/** The scheduler's row in GET /api/admin/jobs, after user-service's jobs. */
export const NOTIFICATION_SCHEDULER_JOB_ID = 5;

/** One in-app notification as GET /api/notifications answers it. */
export interface NotificationView {
  id: number;
  kind: NotificationKind;
  title: string;
  machineId: number | null;
  /** The SPA route it is about, e.g. /machines/3?tab=schedules. */
  link: string;
  createdAt: string;
  readAt: string | null;
}
export type NotificationPage = Page<NotificationView>;

export class NotificationListQuery extends PageQuery {}

/** POST /api/notifications/read: the ids to mark read; none (or no body) marks all. */
export class MarkReadInput {
  @IsOptional()
  @IsArray({ message: NotificationMessages.ids })
  @ArrayMaxSize(NotificationLimits.readIds, { message: NotificationMessages.ids })
  @IsInt({ each: true, message: NotificationMessages.ids })
  @Min(1, { each: true, message: NotificationMessages.ids })
  @Max(MAX_ID, { each: true, message: NotificationMessages.ids })
  ids?: number[];
}
export interface MarkReadReply {
  /** How many became read. */
  updated: number;
}

const IsIanaTimeZone = (options?: ValidationOptions) => ValidateBy({ name: 'isIanaTimeZone', validator: { validate: (v: unknown) => isTimeZone(v) } }, options);

/** A kind's channels; an optional kind may be left out (IsDefined would refuse that even beside IsOptional). */
const Channels =
  (optional = false) =>
  (target: object, key: string) => {
    if (optional) {
      IsOptional()(target, key);
    } else {
      IsDefined({ message: NotificationMessages.channels })(target, key);
    }
    IsArray({ message: NotificationMessages.channels })(target, key);
    ArrayMaxSize(NOTIFICATION_CHANNELS.length, { message: NotificationMessages.channels })(target, key);
    IsIn(NOTIFICATION_CHANNELS, { each: true, message: NotificationMessages.channels })(target, key);
  };

export class NotificationKindsInput {
  @Channels() maintenance!: NotificationChannel[];
  @Channels() lowStock!: NotificationChannel[];
  @Channels() weeklyReport!: NotificationChannel[];

  /** Issue 35: optional, so a client written before it still saves; left out, the member's stored choice (or the default) stays. */
  @Channels(true)
  work?: NotificationChannel[];
}

/** GET and PUT /api/notifications/preferences. */
export class NotificationPreferencesInput {
  @IsDefined({ message: NotificationMessages.digestTime })
  @IsString({ message: NotificationMessages.digestTime })
  @Matches(DIGEST_TIME_PATTERN, { message: NotificationMessages.digestTime })
  digestTime!: string;

  @IsDefined({ message: NotificationMessages.timeZone })
  @IsIanaTimeZone({ message: NotificationMessages.timeZone })
  timeZone!: string;

  @IsDefined({ message: NotificationMessages.kinds })
  @IsObject({ message: NotificationMessages.kinds })
  @ValidateNested()
  @Type(() => NotificationKindsInput)
  kinds!: NotificationKindsInput;
}
export interface NotificationPreferences {
  digestTime: string;
  timeZone: string;
  kinds: { maintenance: NotificationChannel[]; lowStock: NotificationChannel[]; weeklyReport: NotificationChannel[]; work: NotificationChannel[] };
}

/** What a run of the weekly usage reports did. */
export interface WeeklyRunReply {
  /** Members of accounts with machines (each has their own report). */
  users: number;
  /** Reports made (on at least one channel the member chose). */
  sent: number;
  /** Members who had this week's report already, or chose no channel for it. */
  skipped: number;
  failed: number;
  lastError: string | null;
}

/** The notification scheduler as the admin's Jobs tab shows it. */
export interface SchedulerStatus {
  /** When the last tick ran (ISO 8601), null before the first. */
  lastRunAt: string | null;
  lastRunMs: number | null;
  /** Deliveries sent by the last tick and in total. */
  lastSent: number;
  totalSent: number;
  /** Deliveries that failed for good, and the last error. */
  failed: number;
  /** Failures of the last run. */
  lastFailed: number;
  lastError: string | null;
  /** The same as a row of the admin's Jobs tab. */
  job: JobView;
}
