import { aggregateReply, aggregationStart, retentionCutoff, startOfUtcDay, utcDay } from './pageviews.rules.js';

const now = new Date('2026-03-10T23:30:00-05:00'); // 2026-03-11T04:30Z: already the 11th in UTC

describe('page-view day rules', () => {
  it('counts days in UTC, whatever the server clock zone', () => {
    expect(utcDay(now)).toBe('2026-03-11');
    expect(startOfUtcDay(now, 0).toISOString()).toBe('2026-03-11T00:00:00.000Z');
    expect(startOfUtcDay(now, 2).toISOString()).toBe('2026-03-09T00:00:00.000Z');
  });

  it('recounts the last `days` days with today, or from the day of the oldest view kept', () => {
    expect(aggregationStart(now, 1, null).toISOString()).toBe('2026-03-11T00:00:00.000Z');
    expect(aggregationStart(now, 7, new Date('2020-01-01')).toISOString()).toBe('2026-03-05T00:00:00.000Z');
    expect(aggregationStart(now, undefined, new Date('2026-02-01T18:00:00Z')).toISOString()).toBe('2026-02-01T00:00:00.000Z');
    expect(aggregationStart(now, undefined, null).toISOString()).toBe('2026-03-11T00:00:00.000Z');
  });

  it('keeps the views of the retention period, counted in whole UTC days', () => {
    expect(retentionCutoff(now, 30).toISOString()).toBe('2026-02-09T00:00:00.000Z');
  });

  it('answers the days recounted: those asked for, or those that had views', () => {
    const rows = [
      { day: '2026-03-10', page: '/', views: 2 },
      { day: '2026-03-11', page: '/', views: 1 },
      { day: '2026-03-11', page: '/pricing', views: 4 },
    ];
    expect(aggregateReply(rows, undefined)).toEqual({ days: 2, rows: 3, views: 7 });
    expect(aggregateReply(rows, 30)).toEqual({ days: 30, rows: 3, views: 7 });
    expect(aggregateReply([], undefined)).toEqual({ days: 0, rows: 0, views: 0 });
  });
});
