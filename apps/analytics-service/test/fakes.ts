// An in-memory fake of PageViewsRepository, for PageViewsService's unit tests: the same rows and
// answers as the tables (reads are copies; an aggregation that throws changes nothing).
import type { PageViewDailyEntity } from '../src/pageviews/page-view-daily.entity.js';
import type { PageViewEntity } from '../src/pageviews/page-view.entity.js';
import type { AggregationTx, PageViewsRepository } from '../src/pageviews/pageviews.repository.js';
import type { DailyRow } from '../src/pageviews/pageviews.rules.js';

type Public<T> = { [K in keyof T]: T[K] };

const copyView = (v: PageViewEntity): PageViewEntity => ({ ...v, timestamp: new Date(v.timestamp.getTime()) });
const newestFirst = (a: PageViewEntity, b: PageViewEntity) => b.timestamp.getTime() - a.timestamp.getTime() || b.id - a.id;

export class FakePageViews implements Public<PageViewsRepository> {
  views: PageViewEntity[] = [];
  daily: PageViewDailyEntity[] = [];
  private nextId = 1;

  /** Stores a view as the table would (for arranging a test). */
  seed(page: string, at: Date): void {
    this.views.push({ id: this.nextId++, page, referrer: null, userAgent: null, ipAddress: '127.0.0.1', timestamp: at, country: 'Local' });
  }

  async add(fields: Omit<PageViewEntity, 'id'>): Promise<PageViewEntity> {
    const view = { ...fields, id: this.nextId++ };
    this.views.push(view);
    return copyView(view);
  }

  async newest(take: number, filter: { page?: string; from?: Date } = {}): Promise<PageViewEntity[]> {
    return this.views
      .filter((v) => (filter.page === undefined || v.page === filter.page) && (!filter.from || v.timestamp >= filter.from))
      .sort(newestFirst)
      .slice(0, take)
      .map(copyView);
  }

  async dailyFrom(day: string): Promise<PageViewDailyEntity[]> {
    return this.daily
      .filter((d) => d.day >= day)
      .sort((a, b) => a.day.localeCompare(b.day) || a.page.localeCompare(b.page))
      .map((d) => ({ ...d }));
  }

  async transaction<T>(work: (tx: AggregationTx) => Promise<T>): Promise<T> {
    const before = { views: this.views.map(copyView), daily: this.daily.map((d) => ({ ...d })) };
    try {
      return await work({} as AggregationTx);
    } catch (err) {
      Object.assign(this, before);
      throw err;
    }
  }

  async oldestViewAt(): Promise<Date | null> {
    const [oldest] = [...this.views].sort((a, b) => a.timestamp.getTime() - b.timestamp.getTime());
    return oldest ? new Date(oldest.timestamp.getTime()) : null;
  }

  async countByDayAndPage(_tx: AggregationTx, from: Date): Promise<DailyRow[]> {
    const counts = new Map<string, DailyRow>();
    for (const v of this.views.filter((x) => x.timestamp >= from)) {
      const day = v.timestamp.toISOString().slice(0, 10);
      const row = counts.get(`${day} ${v.page}`) ?? { day, page: v.page, views: 0 };
      row.views += 1;
      counts.set(`${day} ${v.page}`, row);
    }
    return [...counts.values()];
  }

  async replaceDailyFrom(_tx: AggregationTx, day: string, rows: DailyRow[]): Promise<void> {
    this.daily = [...this.daily.filter((d) => d.day < day), ...rows.map((r) => ({ ...r }))];
  }

  async deleteViewsBefore(_tx: AggregationTx, before: Date): Promise<void> {
    this.views = this.views.filter((v) => v.timestamp >= before);
  }
}

/** The fake in the place of the repository (they differ only in private members). */
export const asRepository = (fake: FakePageViews): PageViewsRepository => fake as unknown as PageViewsRepository;
