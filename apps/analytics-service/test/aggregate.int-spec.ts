import { loadEnv } from '@wrenchlog/platform';
import { DataSource } from 'typeorm';
import { entities } from '../src/app.module.js';
import { AnalyticsEnv } from '../src/config/analytics-env.js';
import { migrations } from '../src/migrations/index.js';
import { PageViewDailyEntity } from '../src/pageviews/page-view-daily.entity.js';
import { PageViewEntity } from '../src/pageviews/page-view.entity.js';
import { PageViewsRepository } from '../src/pageviews/pageviews.repository.js';
import { PageViewsService } from '../src/pageviews/pageviews.service.js';

const DAY = 24 * 60 * 60 * 1000;
const today = new Date().toISOString().slice(0, 10);
const yesterday = new Date(Date.now() - DAY).toISOString().slice(0, 10);

describe('page-view aggregation', () => {
  let ds: DataSource;
  let service: PageViewsService;

  beforeEach(async () => {
    ds = new DataSource({ type: 'better-sqlite3', database: ':memory:', entities, migrations, migrationsRun: true });
    await ds.initialize();
    service = new PageViewsService(new PageViewsRepository(ds), loadEnv(AnalyticsEnv, { PAGEVIEW_RETENTION_DAYS: '30' }));
    const view = (page: string, at: Date) => ({ page, referrer: null, userAgent: null, ipAddress: '127.0.0.1', country: 'Local', timestamp: at });
    await ds
      .getRepository(PageViewEntity)
      .insert([
        view('/', new Date()),
        view('/', new Date()),
        view('/pricing', new Date()),
        view('/', new Date(Date.now() - DAY)),
        view('/', new Date(Date.now() - 90 * DAY)),
      ]);
  });

  afterEach(async () => {
    await ds.destroy();
  });

  it('counts views per UTC day and page, and a second run gives the same counts', async () => {
    const first = await service.aggregate();
    const afterFirst = await service.dailyCounts(366);
    await service.aggregate();

    expect(first).toEqual({ days: 3, rows: 4, views: 5 });
    expect(await service.dailyCounts(366)).toEqual(afterFirst);
    expect(await service.dailyCounts(2)).toEqual([
      { day: yesterday, page: '/', count: 1 },
      { day: today, page: '/', count: 2 },
      { day: today, page: '/pricing', count: 1 },
    ]);
  });

  it('recomputes only the last days when asked, keeping older counts', async () => {
    await service.aggregate();
    await ds
      .getRepository(PageViewEntity)
      .insert({ page: '/', referrer: null, userAgent: null, ipAddress: '127.0.0.1', country: 'Local', timestamp: new Date() });

    const res = await service.aggregate(1);

    expect(res).toEqual({ days: 1, rows: 2, views: 4 });
    expect(await ds.getRepository(PageViewDailyEntity).count()).toBe(4);
    expect((await service.dailyCounts(1)).find((r) => r.page === '/')!.count).toBe(3);
  });

  it('deletes views past the retention period but keeps their daily counts', async () => {
    await service.aggregate();

    expect(await ds.getRepository(PageViewEntity).count()).toBe(4);
    expect((await service.dailyCounts(366)).reduce((n, r) => n + r.count, 0)).toBe(5);
  });
});
