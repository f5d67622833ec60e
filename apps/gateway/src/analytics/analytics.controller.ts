import { Body, Controller, Get, Param, Post, Query, Req, UseGuards } from '@nestjs/common';
import {
  ANALYTICS_PAGEVIEW_BY_PAGE,
  ANALYTICS_PAGEVIEW_DAILY,
  ANALYTICS_PAGEVIEW_RECENT,
  ANALYTICS_PAGEVIEW_RECORD,
  ANALYTICS_PAGEVIEW_SINCE,
  PAGEVIEW_DEFAULTS,
  PageViewBody,
  PageViewsByPageQuery,
  PageViewsDailyQuery,
  PageViewsRecentQuery,
  type PageView,
  type PageViewDailyCount,
} from '@wrenchlog/contracts';
import { badRequest, RpcClient, type CallContext } from '@wrenchlog/platform';
import { AdminOnly, Public } from '../auth/auth.decorators.js';
import { Call, type GatewayRequest } from '../http/request-context.js';
import { PublicRateLimiter } from '../public-limits/public-rate-limiter.js';
import { PageViewBodyLimitGuard } from './body-limit.guard.js';

const MAX_SINCE_MINUTES = 60 * 24 * 31;

@Controller('analytics')
export class AnalyticsController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly limiter: PublicRateLimiter,
  ) {}

  /** Records a page view. The caller's address (request.ip, honouring TRUST_PROXY) is recorded, never the body's. */
  @Public()
  @UseGuards(PageViewBodyLimitGuard)
  @Post('pageview')
  async pageview(@Body() body: PageViewBody, @Req() req: GatewayRequest, @Call() call: CallContext): Promise<PageView> {
    await this.limiter.admit('pageview', req.ip);
    const header = req.headers['user-agent'];
    return this.rpc.send(
      ANALYTICS_PAGEVIEW_RECORD,
      {
        page: body.page,
        referrer: body.referrer || null,
        userAgent: body.userAgent || (typeof header === 'string' ? header.slice(0, 1024) : null),
        ipAddress: req.ip,
      },
      call,
    );
  }

  @AdminOnly()
  @Get('pageviews/by-page')
  byPage(@Query() query: PageViewsByPageQuery, @Call() call: CallContext): Promise<PageView[]> {
    return this.rpc.send(ANALYTICS_PAGEVIEW_BY_PAGE, { page: query.page ?? PAGEVIEW_DEFAULTS.page, count: query.count ?? PAGEVIEW_DEFAULTS.byPageCount }, call);
  }

  @AdminOnly()
  @Get('pageviews/recent')
  recent(@Query() query: PageViewsRecentQuery, @Call() call: CallContext): Promise<PageView[]> {
    return this.rpc.send(ANALYTICS_PAGEVIEW_RECENT, { count: query.count ?? PAGEVIEW_DEFAULTS.recentCount }, call);
  }

  @AdminOnly()
  @Get('pageviews/since/minutes')
  sinceDefault(@Call() call: CallContext): Promise<PageView[]> {
    return this.rpc.send(ANALYTICS_PAGEVIEW_SINCE, { minutes: PAGEVIEW_DEFAULTS.sinceMinutes }, call);
  }

  @AdminOnly()
  @Get('pageviews/since/minutes/:minutes')
  since(@Param('minutes') minutes: string, @Call() call: CallContext): Promise<PageView[]> {
    const n = Number(minutes);
    if (!/^\d+$/.test(minutes) || n < 1 || n > MAX_SINCE_MINUTES) {
      throw badRequest(`Minutes must be a whole number from 1 to ${MAX_SINCE_MINUTES}`);
    }
    return this.rpc.send(ANALYTICS_PAGEVIEW_SINCE, { minutes: n }, call);
  }

  /** Per-day, per-page counts of the last `days` days (default 30), as the Daily Analytics Aggregation job wrote them. */
  @AdminOnly()
  @Get('pageviews/daily')
  daily(@Query() query: PageViewsDailyQuery, @Call() call: CallContext): Promise<PageViewDailyCount[]> {
    return this.rpc.send(ANALYTICS_PAGEVIEW_DAILY, { days: query.days ?? PAGEVIEW_DEFAULTS.dailyDays }, call);
  }
}
