import { Injectable } from '@nestjs/common';
import { timestampParameter, utcDayExpression } from '@wrenchlog/platform';
import { DataSource, LessThan, MoreThanOrEqual, type EntityManager } from 'typeorm';
import { PageViewDailyEntity } from './page-view-daily.entity.js';
import { PageViewEntity } from './page-view.entity.js';
import type { DailyRow, NewPageView } from './pageviews.rules.js';

/** The aggregation's transaction: the service only hands it on, so the recount commits as a whole. */
export type AggregationTx = EntityManager;

/** Daily rows per statement (bind parameters stay far below either database's limit). */
const INSERT_CHUNK = 200;

/** SQL of the page views and of their daily counts, with the engines' UTC-day difference from libs/platform. */
@Injectable()
export class PageViewsRepository {
  constructor(private readonly dataSource: DataSource) {}

  private get views() {
    return this.dataSource.getRepository(PageViewEntity);
  }

  /**
   * One INSERT, atomic by itself: `save` wrapped it in a transaction (a BEGIN and a COMMIT round
   * trip) and its change tracking (docs/performance.md, fixes 15 and 26). Answers the row with its id.
   */
  async add(fields: NewPageView): Promise<PageViewEntity> {
    const view = this.views.create(fields);
    await this.views.insert(view);
    return view;
  }

  /** Newest first: of one page, or of every page; `from`: only views at or after it. */
  newest(take: number, filter: { page?: string; from?: Date } = {}): Promise<PageViewEntity[]> {
    const where = { ...(filter.page !== undefined ? { page: filter.page } : {}), ...(filter.from ? { timestamp: MoreThanOrEqual(filter.from) } : {}) };
    return this.views.find({ where, order: { timestamp: 'DESC', id: 'DESC' }, take });
  }

  /** The daily counts from `day` (YYYY-MM-DD) on, oldest day first. */
  dailyFrom(day: string): Promise<PageViewDailyEntity[]> {
    return this.dataSource.getRepository(PageViewDailyEntity).find({ where: { day: MoreThanOrEqual(day) }, order: { day: 'ASC', page: 'ASC' } });
  }

  transaction<T>(work: (tx: AggregationTx) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** When the oldest view still kept was recorded; null when there is none. */
  async oldestViewAt(tx: AggregationTx): Promise<Date | null> {
    const [oldest] = await tx.getRepository(PageViewEntity).find({ order: { timestamp: 'ASC' }, take: 1 });
    return oldest ? oldest.timestamp : null;
  }

  /** Views at or after `from`, counted per UTC day and page. */
  async countByDayAndPage(tx: AggregationTx, from: Date): Promise<DailyRow[]> {
    const dayExpr = utcDayExpression(tx, 'v.viewed_at');
    const groups = await tx
      .getRepository(PageViewEntity)
      .createQueryBuilder('v')
      .select(dayExpr, 'day')
      .addSelect('v.page', 'page')
      .addSelect('COUNT(*)', 'views')
      .where('v.viewed_at >= :from', { from: timestampParameter(tx, from) })
      .groupBy(dayExpr)
      .addGroupBy('v.page')
      .getRawMany<{ day: string; page: string; views: string | number }>();
    return groups.map((g) => ({ day: g.day, page: g.page, views: Number(g.views) }));
  }

  /** Replaces the daily counts from `day` (YYYY-MM-DD) on with `rows`. */
  async replaceDailyFrom(tx: AggregationTx, day: string, rows: DailyRow[]): Promise<void> {
    const daily = tx.getRepository(PageViewDailyEntity);
    await daily.delete({ day: MoreThanOrEqual(day) });
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
      await daily.insert(rows.slice(i, i + INSERT_CHUNK));
    }
  }

  async deleteViewsBefore(tx: AggregationTx, before: Date): Promise<void> {
    await tx.getRepository(PageViewEntity).delete({ timestamp: LessThan(before) });
  }
}
