import type { PageView, PageViewDailyCount } from '@wrenchlog/contracts';
import type { ApiClient } from '../../api/client';

export type { PageView, PageViewDailyCount };

/** Which query filled the table: views of one page path, or the most recent views of every page. */
export type PageViewQuery = { kind: 'by-page'; page: string; count: number } | { kind: 'recent'; count: number };

export const analyticsKeys = {
  views: (q: PageViewQuery) => ['analytics', 'views', q] as const,
  daily: (days: number) => ['analytics', 'daily', days] as const,
};

export const analyticsApi = {
  views: (api: ApiClient, q: PageViewQuery) =>
    q.kind === 'by-page'
      ? api.get<PageView[]>(`/api/analytics/pageviews/by-page?page=${encodeURIComponent(q.page)}&count=${q.count}`)
      : api.get<PageView[]>(`/api/analytics/pageviews/recent?count=${q.count}`),
  daily: (api: ApiClient, days: number) => api.get<PageViewDailyCount[]>(`/api/analytics/pageviews/daily?days=${days}`),
};
