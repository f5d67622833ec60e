import { Module } from '@nestjs/common';
import { PublicLimitsModule } from '../public-limits/public-limits.module.js';
import { AnalyticsController } from './analytics.controller.js';
import { PageViewBodyLimitGuard } from './body-limit.guard.js';

@Module({ imports: [PublicLimitsModule], controllers: [AnalyticsController], providers: [PageViewBodyLimitGuard] })
export class AnalyticsModule {}
