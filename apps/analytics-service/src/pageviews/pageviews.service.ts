import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type {
  Actor,
  PageView,
  PageViewDailyCount,
  PageViewRecordRequest,
  PageViewsAggregateReply,
} from '@wrenchlog/contracts';
import { requireAdmin, timestampParameter, utcDayExpression } from '@wrenchlog/platform';
import { DataSource, LessThan, MoreThanOrEqual, Repository } from 'typeorm';
import { AnalyticsEnv } from '../config/analytics-env.js';
import { countryForAddress } from './country.js';
import { PageViewDaily } from './page-view-daily.entity.js';
import { PageViewEntity } from './page-view.entity.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const utcDay = (d: Date) => d.toISOString().slice(0, 10);
/** Midnight UTC of the day `daysBack` days before today (0: today). */
const startOfUtcDay = (now: Date, daysBack: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - daysBack * DAY_MS);

export const toPageView = (v: PageViewEntity): PageView => ({
  id: v.id,
  page: v.page,
  referrer: v.referrer,
  userAgent: v.userAgent,
  ipAddress: v.ipAddress,
  timestamp: v.timestamp.toISOString(),
  country: v.country,
});

@Injectable()
export class PageViewsService {
  constructor(
    @InjectRepository(PageViewEntity) private readonly views: Repository<PageViewEntity>,
    @InjectRepository(PageViewDaily) private readonly daily: Repository<PageViewDaily>,
    private readonly dataSource: DataSource,
    private readonly env: AnalyticsEnv,
  ) {}

  /**
   * Public: the gateway passes the caller's address; the country and time are the server's. One
   * INSERT, atomic by itself: `save` wrapped it in a transaction (a BEGIN and a COMMIT round trip)
   * and its change tracking (docs/performance.md, fixes 15 and 26).
   */
  async record(request: PageViewRecordRequest): Promise<PageView> {
    const view = this.views.create({
      page: request.page.slice(0, 500),
      referrer: request.referrer?.slice(0, 2048) || null,
      userAgent: request.userAgent?.slice(0, 1024) || null,
      ipAddress: (request.ipAddress || 'unknown').slice(0, 64),
      timestamp: new Date(),
      country: countryForAddress(request.ipAddress),
    });
    await this.views.insert(view);
    return toPageView(view);
  }

  async byPage(actor: Actor | null, page: string, count: number): Promise<PageView[]> {
    requireAdmin(actor);
    const rows = await this.views.find({ where: { page }, order: { timestamp: 'DESC', id: 'DESC' }, take: count });
    return rows.map(toPageView);
  }

  async recent(actor: Actor | null, count: number): Promise<PageView[]> {
    requireAdmin(actor);
    const rows = await this.views.find({ order: { timestamp: 'DESC', id: 'DESC' }, take: count });
    return rows.map(toPageView);
  }

  /** Views of the last `minutes` minutes, newest first (at most 1000). */
  async since(actor: Actor | null, minutes: number): Promise<PageView[]> {
    requireAdmin(actor);
    const from = new Date(Date.now() - minutes * 60 * 1000);
    const rows = await this.views.find({ where: { timestamp: MoreThanOrEqual(from) }, order: { timestamp: 'DESC', id: 'DESC' }, take: 1000 });
    return rows.map(toPageView);
  }

  /** Per-day, per-page counts of the last `days` UTC days (today included), oldest day first. */
  async dailyCounts(actor: Actor | null, days: number): Promise<PageViewDailyCount[]> {
    requireAdmin(actor);
    const from = utcDay(startOfUtcDay(new Date(), days - 1));
    const rows = await this.daily.find({ where: { day: MoreThanOrEqual(from) }, order: { day: 'ASC', page: 'ASC' } });
    return rows.map((r) => ({ day: r.day, page: r.page, count: Number(r.views) }));
  }

  /**
   * Rolls page views into per-day, per-page counts. The days recomputed (the last `days` UTC days,
   * or without `days` every day from the oldest view still kept) are replaced as a whole, so
   * running it again gives the same rows. Views older than PAGEVIEW_RETENTION_DAYS are deleted
   * afterwards; the daily counts of their days stay, since later runs never recompute those days.
   */
  async aggregate(actor: Actor | null, days?: number): Promise<PageViewsAggregateReply> {
    requireAdmin(actor);
    const now = new Date();
    return this.dataSource.transaction(async (manager) => {
      const viewsRepo = manager.getRepository(PageViewEntity);
      const dailyRepo = manager.getRepository(PageViewDaily);
      let from: Date;
      if (days !== undefined) {
        from = startOfUtcDay(now, days - 1);
      } else {
        const [oldest] = await viewsRepo.find({ order: { timestamp: 'ASC' }, take: 1 });
        from = oldest ? startOfUtcDay(oldest.timestamp, 0) : startOfUtcDay(now, 0);
      }
      const dayExpr = utcDayExpression(manager, 'v.viewed_at');
      const groups = await viewsRepo
        .createQueryBuilder('v')
        .select(dayExpr, 'day')
        .addSelect('v.page', 'page')
        .addSelect('COUNT(*)', 'views')
        .where('v.viewed_at >= :from', { from: timestampParameter(manager, from) })
        .groupBy(dayExpr)
        .addGroupBy('v.page')
        .getRawMany<{ day: string; page: string; views: string | number }>();
      await dailyRepo.delete({ day: MoreThanOrEqual(utcDay(from)) });
      const rows = groups.map((g) => ({ day: g.day, page: g.page, views: Number(g.views) }));
      for (let i = 0; i < rows.length; i += 200) {
        await dailyRepo.insert(rows.slice(i, i + 200));
      }
      await viewsRepo.delete({ timestamp: LessThan(startOfUtcDay(now, this.env.PAGEVIEW_RETENTION_DAYS)) });
      return {
        days: days ?? new Set(rows.map((r) => r.day)).size,
        rows: rows.length,
        views: rows.reduce((sum, r) => sum + r.views, 0),
      };
    });
  }
}
