import type { PageView, PageViewRecordRequest, PageViewsAggregateReply } from '@wrenchlog/contracts';
import type { PageViewEntity } from './page-view.entity.js';

export type NewPageView = Omit<PageViewEntity, 'id'>;

/** One row of the per-day, per-page counts. */
export interface DailyRow {
  day: string;
  page: string;
  views: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** At most this many views answer "since" (the newest). */
export const SINCE_LIMIT = 1000;

/** The UTC day (YYYY-MM-DD) of an instant. */
export const utcDay = (d: Date): string => d.toISOString().slice(0, 10);

/** Midnight UTC of the day `daysBack` days before the day of `now` (0: that day). */
export const startOfUtcDay = (now: Date, daysBack: number): Date =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - daysBack * DAY_MS);

/** The view as stored: the page, referrer and user agent cut to their columns; the time and country are the server's. */
export const newPageView = (request: PageViewRecordRequest, at: Date, country: string): NewPageView => ({
  page: request.page.slice(0, 500),
  referrer: request.referrer?.slice(0, 2048) || null,
  userAgent: request.userAgent?.slice(0, 1024) || null,
  ipAddress: (request.ipAddress || 'unknown').slice(0, 64),
  timestamp: at,
  country,
});

export const toPageView = (v: PageViewEntity): PageView => ({
  id: v.id,
  page: v.page,
  referrer: v.referrer,
  userAgent: v.userAgent,
  ipAddress: v.ipAddress,
  timestamp: v.timestamp.toISOString(),
  country: v.country,
});

/**
 * The first instant the aggregation recounts: the start of the last `days` UTC days (today
 * included), or without `days` the start of the oldest kept view's day (today when there is none).
 */
export function aggregationStart(now: Date, days: number | undefined, oldestView: Date | null): Date {
  if (days !== undefined) {
    return startOfUtcDay(now, days - 1);
  }
  return startOfUtcDay(oldestView ?? now, 0);
}

/** Views before this instant are deleted (their days' counts stay): midnight UTC `retentionDays` days ago. */
export const retentionCutoff = (now: Date, retentionDays: number): Date => startOfUtcDay(now, retentionDays);

/** What the aggregation answers: the days it recounted (those that had views, without `days`), rows and views. */
export function aggregateReply(rows: DailyRow[], days: number | undefined): PageViewsAggregateReply {
  return {
    days: days ?? new Set(rows.map((r) => r.day)).size,
    rows: rows.length,
    views: rows.reduce((sum, r) => sum + r.views, 0),
  };
}
