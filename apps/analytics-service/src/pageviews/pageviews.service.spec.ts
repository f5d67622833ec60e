import { loadEnv } from '@wrenchlog/platform';
import { asRepository, FakePageViews } from '../../test/fakes.js';
import { AnalyticsEnv } from '../config/analytics-env.js';
import { PageViewsService } from './pageviews.service.js';

const DAY = 24 * 60 * 60 * 1000;
const dayOf = (msAgo: number) => new Date(Date.now() - msAgo).toISOString().slice(0, 10);

describe(PageViewsService.name, () => {
  let views: FakePageViews;
  let sut: PageViewsService;

  beforeEach(() => {
    views = new FakePageViews();
    sut = new PageViewsService(asRepository(views), loadEnv(AnalyticsEnv, { PAGEVIEW_RETENTION_DAYS: '30' }));
  });

  it("records a view with the server's time and the address's country, cutting long fields to their columns", async () => {
    const before = Date.now();

    const view = await sut.record({ page: 'p'.repeat(600), referrer: '', userAgent: 'u'.repeat(1100), ipAddress: '192.168.1.20' });

    expect(view).toMatchObject({ id: 1, referrer: null, ipAddress: '192.168.1.20', country: 'Local' });
    expect(view.page).toHaveLength(500);
    expect(view.userAgent).toHaveLength(1024);
    expect(Date.parse(view.timestamp)).toBeGreaterThanOrEqual(before);
    expect(views.views).toHaveLength(1);
  });

  it('records an unknown address as such', async () => {
    await expect(sut.record({ page: '/', referrer: null, userAgent: null, ipAddress: '' })).resolves.toMatchObject({
      ipAddress: 'unknown',
      country: 'Unknown',
    });
  });

  it('answers the newest views, of one page or of the last minutes', async () => {
    views.seed('/', new Date(Date.now() - 10 * 60_000));
    views.seed('/pricing', new Date(Date.now() - 2 * 60_000));
    views.seed('/', new Date(Date.now() - 60_000));

    expect((await sut.recent(2)).map((v) => v.id)).toEqual([3, 2]);
    expect((await sut.byPage('/', 10)).map((v) => v.id)).toEqual([3, 1]);
    expect((await sut.since(5)).map((v) => v.id)).toEqual([3, 2]);
  });

  it('counts views per UTC day and page from the oldest view kept, and a second run gives the same counts', async () => {
    views.seed('/', new Date());
    views.seed('/', new Date());
    views.seed('/pricing', new Date());
    views.seed('/', new Date(Date.now() - DAY));

    const first = await sut.aggregate();
    const again = await sut.aggregate();

    expect(first).toEqual({ days: 2, rows: 3, views: 4 });
    expect(again).toEqual(first);
    expect(await sut.dailyCounts(2)).toEqual([
      { day: dayOf(DAY), page: '/', count: 1 },
      { day: dayOf(0), page: '/', count: 2 },
      { day: dayOf(0), page: '/pricing', count: 1 },
    ]);
  });

  it('recounts only the last days when asked, keeping the counts of older days', async () => {
    views.seed('/', new Date(Date.now() - 3 * DAY));
    views.seed('/', new Date());
    await sut.aggregate();
    views.seed('/', new Date());

    expect(await sut.aggregate(1)).toEqual({ days: 1, rows: 1, views: 2 });
    expect(await sut.dailyCounts(7)).toEqual([
      { day: dayOf(3 * DAY), page: '/', count: 1 },
      { day: dayOf(0), page: '/', count: 2 },
    ]);
  });

  it('deletes views past the retention period and keeps their daily counts', async () => {
    views.seed('/', new Date(Date.now() - 90 * DAY));
    views.seed('/', new Date());

    await sut.aggregate();

    expect(views.views).toHaveLength(1);
    expect((await sut.dailyCounts(366)).reduce((n, r) => n + r.count, 0)).toBe(2);
  });
});
