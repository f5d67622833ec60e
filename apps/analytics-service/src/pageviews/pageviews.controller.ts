import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  ANALYTICS_PAGEVIEW_AGGREGATE,
  ANALYTICS_PAGEVIEW_BY_PAGE,
  ANALYTICS_PAGEVIEW_DAILY,
  ANALYTICS_PAGEVIEW_RECENT,
  ANALYTICS_PAGEVIEW_RECORD,
  ANALYTICS_PAGEVIEW_SINCE,
  type Actor,
  type PageViewRecordRequest,
  type PageViewsAggregateRequest,
  type PageViewsByPageRequest,
  type PageViewsDailyRequest,
  type PageViewsRecentRequest,
  type PageViewsSinceRequest,
  type RpcMessage,
} from '@wrenchlog/contracts';
import { AdminCaller } from '@wrenchlog/platform';
import { PageViewsService } from './pageviews.service.js';

@Controller()
export class PageViewsController {
  constructor(private readonly pageViews: PageViewsService) {}

  @MessagePattern(ANALYTICS_PAGEVIEW_RECORD)
  record(@Payload() m: RpcMessage<PageViewRecordRequest>) {
    return this.pageViews.record(m.payload);
  }

  @MessagePattern(ANALYTICS_PAGEVIEW_BY_PAGE)
  byPage(@Payload() m: RpcMessage<PageViewsByPageRequest>, @AdminCaller() _caller: Actor) {
    return this.pageViews.byPage(m.payload.page, m.payload.count);
  }

  @MessagePattern(ANALYTICS_PAGEVIEW_RECENT)
  recent(@Payload() m: RpcMessage<PageViewsRecentRequest>, @AdminCaller() _caller: Actor) {
    return this.pageViews.recent(m.payload.count);
  }

  @MessagePattern(ANALYTICS_PAGEVIEW_SINCE)
  since(@Payload() m: RpcMessage<PageViewsSinceRequest>, @AdminCaller() _caller: Actor) {
    return this.pageViews.since(m.payload.minutes);
  }

  @MessagePattern(ANALYTICS_PAGEVIEW_DAILY)
  daily(@Payload() m: RpcMessage<PageViewsDailyRequest>, @AdminCaller() _caller: Actor) {
    return this.pageViews.dailyCounts(m.payload.days);
  }

  @MessagePattern(ANALYTICS_PAGEVIEW_AGGREGATE)
  aggregate(@Payload() m: RpcMessage<PageViewsAggregateRequest>, @AdminCaller() _caller: Actor) {
    return this.pageViews.aggregate(m.payload.days);
  }
}
