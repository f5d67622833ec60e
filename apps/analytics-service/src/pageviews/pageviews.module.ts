import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PageViewDaily } from './page-view-daily.entity.js';
import { PageViewEntity } from './page-view.entity.js';
import { PageViewsController } from './pageviews.controller.js';
import { PageViewsService } from './pageviews.service.js';

/** Page views: recording one (public) and the admin's aggregates, kept by UTC day. */
@Module({
  imports: [TypeOrmModule.forFeature([PageViewEntity, PageViewDaily])],
  controllers: [PageViewsController],
  providers: [PageViewsService],
})
export class PageViewsModule {}
