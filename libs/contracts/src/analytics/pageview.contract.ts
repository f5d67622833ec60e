import { IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { QueryInt, Trimmed } from '../input.js';

// Producer: gateway (and user-service's Daily Analytics Aggregation job). Consumer: analytics-service.
/** POST /api/analytics/pageview (public). */
export const ANALYTICS_PAGEVIEW_RECORD = 'analytics.pageview.record' as const;
/** GET /api/analytics/pageviews/by-page?page=&count= (admin). */
export const ANALYTICS_PAGEVIEW_BY_PAGE = 'analytics.pageview.by-page' as const;
/** GET /api/analytics/pageviews/recent?count= (admin). */
export const ANALYTICS_PAGEVIEW_RECENT = 'analytics.pageview.recent' as const;
/** GET /api/analytics/pageviews/since/minutes/{minutes} (admin). */
export const ANALYTICS_PAGEVIEW_SINCE = 'analytics.pageview.since' as const;
/** GET /api/analytics/pageviews/daily?days= (admin): the per-day, per-page counts. */
export const ANALYTICS_PAGEVIEW_DAILY = 'analytics.pageview.daily' as const;
/** Rolls page views into per-day, per-page counts (admin; the Daily Analytics Aggregation job). */
export const ANALYTICS_PAGEVIEW_AGGREGATE = 'analytics.pageview.aggregate' as const;

export const PAGEVIEW_DEFAULTS = { page: '/', byPageCount: 50, recentCount: 100, sinceMinutes: 60, dailyDays: 30 } as const;
export const PAGEVIEW_MAX_COUNT = 1000;

/**
 * What the SPA sends at page load. id, ipAddress, country and timestamp may be sent but are not
 * trusted: the server records the caller's address, the country derived from it, and its own clock.
 */
export class PageViewBody {
  @IsString({ message: 'Page is required' })
  @Trimmed()
  @IsNotEmpty({ message: 'Page is required' })
  @MaxLength(500, { message: 'Page must be at most 500 characters' })
  page!: string;

  @IsOptional()
  @IsString({ message: 'Referrer must be text' })
  @MaxLength(2048, { message: 'Referrer must be at most 2048 characters' })
  referrer?: string | null;

  @IsOptional()
  @IsString({ message: 'User agent must be text' })
  @MaxLength(1024, { message: 'User agent must be at most 1024 characters' })
  userAgent?: string | null;
}

export interface PageViewRecordRequest {
  page: string;
  referrer: string | null;
  userAgent: string | null;
  /** The caller's address as the gateway saw it (request.ip, honouring TRUST_PROXY). */
  ipAddress: string;
}

export interface PageView {
  id: number;
  page: string;
  referrer: string | null;
  userAgent: string | null;
  ipAddress: string;
  /** ISO 8601 instant, UTC. */
  timestamp: string;
  country: string;
}

export class PageViewsRecentQuery {
  @IsOptional()
  @QueryInt()
  @IsInt({ message: 'Count must be a whole number' })
  @Min(1, { message: 'Count must be at least 1' })
  @Max(PAGEVIEW_MAX_COUNT, { message: `Count must be at most ${PAGEVIEW_MAX_COUNT}` })
  count?: number;
}

export class PageViewsByPageQuery extends PageViewsRecentQuery {
  @IsOptional()
  @IsString({ message: 'Page must be text' })
  @MaxLength(500, { message: 'Page must be at most 500 characters' })
  page?: string;
}

export class PageViewsDailyQuery {
  @IsOptional()
  @QueryInt()
  @IsInt({ message: 'Days must be a whole number' })
  @Min(1, { message: 'Days must be at least 1' })
  @Max(366, { message: 'Days must be at most 366' })
  days?: number;
}

export interface PageViewsByPageRequest {
  page: string;
  count: number;
}
export interface PageViewsRecentRequest {
  count: number;
}
export interface PageViewsSinceRequest {
  minutes: number;
}
export interface PageViewsDailyRequest {
  days: number;
}
/** days: recompute the last N days (UTC); absent: every day that has page views. */
export interface PageViewsAggregateRequest {
  days?: number;
}

export interface PageViewDailyCount {
  /** YYYY-MM-DD, UTC. */
  day: string;
  page: string;
  count: number;
}

export interface PageViewsAggregateReply {
  /** Days recomputed. */
  days: number;
  /** Per-day, per-page rows written. */
  rows: number;
  /** Page views counted. */
  views: number;
}
