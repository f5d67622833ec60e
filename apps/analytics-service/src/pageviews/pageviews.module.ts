import { Module } from '@nestjs/common';
import { PageViewsController } from './pageviews.controller.js';
import { PageViewsRepository } from './pageviews.repository.js';
import { PageViewsService } from './pageviews.service.js';

/** Page views: recording one (public) and the admin's aggregates, kept by UTC day. */
@Module({
  controllers: [PageViewsController],
  providers: [PageViewsRepository, PageViewsService],
})
export class PageViewsModule {}
