import { Injectable } from '@nestjs/common';
import type { PageView, PageViewDailyCount, PageViewRecordRequest, PageViewsAggregateReply } from '@wrenchlog/contracts';
import { AnalyticsEnv } from '../config/analytics-env.js';
import { countryForAddress } from './country.js';
import { PageViewsRepository } from './pageviews.repository.js';
import { aggregateReply, aggregationStart, newPageView, retentionCutoff, SINCE_LIMIT, startOfUtcDay, toPageView, utcDay } from './pageviews.rules.js';

// Administrators only: the handlers take @AdminCaller(), so every call here is an administrator's.
@Injectable()
export class PageViewsService {
  constructor(
    private readonly pageViews: PageViewsRepository,
    private readonly env: AnalyticsEnv,
  ) {}

  /** Public: the gateway passes the caller's address; the country and time are the server's. */
  async record(request: PageViewRecordRequest): Promise<PageView> {
    return toPageView(await this.pageViews.add(newPageView(request, new Date(), countryForAddress(request.ipAddress))));
  }

  async byPage(page: string, count: number): Promise<PageView[]> {
    return (await this.pageViews.newest(count, { page })).map(toPageView);
  }

  async recent(count: number): Promise<PageView[]> {
    return (await this.pageViews.newest(count)).map(toPageView);
  }

  /** Views of the last `minutes` minutes, newest first (at most SINCE_LIMIT). */
  async since(minutes: number): Promise<PageView[]> {
    const from = new Date(Date.now() - minutes * 60 * 1000);
    return (await this.pageViews.newest(SINCE_LIMIT, { from })).map(toPageView);
  }

  /** Per-day, per-page counts of the last `days` UTC days (today included), oldest day first. */
  async dailyCounts(days: number): Promise<PageViewDailyCount[]> {
    const rows = await this.pageViews.dailyFrom(utcDay(startOfUtcDay(new Date(), days - 1)));
    return rows.map((r) => ({ day: r.day, page: r.page, count: Number(r.views) }));
  }

  /**
   * Rolls page views into per-day, per-page counts. The days recomputed (the last `days` UTC days,
   * or without `days` every day from the oldest view still kept) are replaced as a whole, so
   * running it again gives the same rows. Views older than PAGEVIEW_RETENTION_DAYS are deleted
   * afterwards; the daily counts of their days stay, since later runs never recompute those days.
   */
  async aggregate(days?: number): Promise<PageViewsAggregateReply> {
    const now = new Date();
    return this.pageViews.transaction(async (tx) => {
      const from = aggregationStart(now, days, days === undefined ? await this.pageViews.oldestViewAt(tx) : null);
      const rows = await this.pageViews.countByDayAndPage(tx, from);
      await this.pageViews.replaceDailyFrom(tx, utcDay(from), rows);
      await this.pageViews.deleteViewsBefore(tx, retentionCutoff(now, this.env.PAGEVIEW_RETENTION_DAYS));
      return aggregateReply(rows, days);
    });
  }
}
