import type {
  PageView,
  PageViewDailyCount,
  PageViewRecordRequest,
  PageViewsAggregateReply,
  PageViewsAggregateRequest,
  PageViewsByPageRequest,
  PageViewsDailyRequest,
  PageViewsRecentRequest,
  PageViewsSinceRequest,
} from './pageview.contract.js';
import {
  ANALYTICS_PAGEVIEW_AGGREGATE,
  ANALYTICS_PAGEVIEW_BY_PAGE,
  ANALYTICS_PAGEVIEW_DAILY,
  ANALYTICS_PAGEVIEW_RECENT,
  ANALYTICS_PAGEVIEW_RECORD,
  ANALYTICS_PAGEVIEW_SINCE,
} from './pageview.contract.js';

/** The analytics context (analytics-service): page views and their daily aggregates. */
export type AnalyticsRpc = {
  [ANALYTICS_PAGEVIEW_RECORD]: { request: PageViewRecordRequest; response: PageView };
  [ANALYTICS_PAGEVIEW_BY_PAGE]: { request: PageViewsByPageRequest; response: PageView[] };
  [ANALYTICS_PAGEVIEW_RECENT]: { request: PageViewsRecentRequest; response: PageView[] };
  [ANALYTICS_PAGEVIEW_SINCE]: { request: PageViewsSinceRequest; response: PageView[] };
  [ANALYTICS_PAGEVIEW_DAILY]: { request: PageViewsDailyRequest; response: PageViewDailyCount[] };
  [ANALYTICS_PAGEVIEW_AGGREGATE]: { request: PageViewsAggregateRequest; response: PageViewsAggregateReply };
};
