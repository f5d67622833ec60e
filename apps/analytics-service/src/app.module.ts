import { Module, type DynamicModule } from '@nestjs/common';
import { ConfigModule, DatabaseModule, HealthModule, RpcModule } from '@wrenchlog/platform';
import type { AnalyticsEnv } from './config/analytics-env.js';
import { migrations } from './migrations/index.js';
import { PageViewDailyEntity } from './pageviews/page-view-daily.entity.js';
import { PageViewEntity } from './pageviews/page-view.entity.js';
import { PageViewsModule } from './pageviews/pageviews.module.js';

export const entities = [PageViewEntity, PageViewDailyEntity];

@Module({})
export class AppModule {
  static register(env: AnalyticsEnv): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(env),
        RpcModule.forRoot(),
        DatabaseModule.forService({ service: 'analytics-service', entities, migrations }),
        HealthModule.forService('analytics-service'),
        PageViewsModule,
      ],
    };
  }
}
