import { Module, type DynamicModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccountMemberEntity, ConfigModule, DatabaseModule, HealthModule, OutboxEvent, RpcModule } from '@wrenchlog/platform';
import { CalendarTokenEntity } from './calendar/calendar-token.entity.js';
import { CalendarModule } from './calendar/calendar.module.js';
import { ClockModule } from './common/clock.module.js';
import type { NotificationEnv } from './config/notification-env.js';
import { DigestEntity } from './digest/digest.entity.js';
import { KnownMachineEntity } from './machines/known-machine.entity.js';
import { MachinesModule } from './machines/machines.module.js';
import { migrations } from './migrations/index.js';
import { NotificationReadEntity } from './notifications/notification-read.entity.js';
import { NotificationEntity } from './notifications/notification.entity.js';
import { NotificationsModule } from './notifications/notifications.module.js';
import { PreferenceEntity } from './preferences/preference.entity.js';
import { PreferencesModule } from './preferences/preferences.module.js';
import { PushSubscriptionEntity } from './push/push-subscription.entity.js';
import { PushModule } from './push/push.module.js';
import { ServiceSettingEntity } from './push/service-setting.entity.js';
import { PartStockEntity } from './stock/part-stock.entity.js';
import { StockModule } from './stock/stock.module.js';
import { ScheduleEventsModule } from './schedule-events/schedule-events.module.js';
import { ScheduleStateEntity } from './schedule-events/schedule-state.entity.js';
import { SchedulerLeaseEntity } from './scheduler/scheduler-lease.entity.js';
import { SchedulerModule } from './scheduler/scheduler.module.js';
import { DeliveryEntity } from './webhooks/delivery.entity.js';
import { SeenRecordEntity } from './webhooks/seen-record.entity.js';
import { WebhookEntity } from './webhooks/webhook.entity.js';
import { WebhooksModule } from './webhooks/webhooks.module.js';
import { WeeklyReportEntity } from './weekly/weekly-report.entity.js';
import { WeeklyModule } from './weekly/weekly.module.js';
import { IssueReportEntity } from './work-events/issue-report.entity.js';
import { WorkEventsModule } from './work-events/work-events.module.js';

export const entities = [
  NotificationEntity,
  NotificationReadEntity,
  PreferenceEntity,
  ScheduleStateEntity,
  KnownMachineEntity,
  DigestEntity,
  SchedulerLeaseEntity,
  WebhookEntity,
  DeliveryEntity,
  SeenRecordEntity,
  CalendarTokenEntity,
  PushSubscriptionEntity,
  ServiceSettingEntity,
  PartStockEntity,
  WeeklyReportEntity,
  IssueReportEntity,
  AccountMemberEntity,
  OutboxEvent,
];

@Module({})
export class AppModule {
  static register(env: NotificationEnv): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(env),
        RpcModule.forRoot(),
        DatabaseModule.forService({ service: 'notification-service', entities, migrations }),
        TypeOrmModule.forFeature(entities),
        HealthModule.forService('notification-service'),
        ClockModule,
        MachinesModule,
        PreferencesModule,
        NotificationsModule,
        WebhooksModule,
        SchedulerModule,
        ScheduleEventsModule,
        CalendarModule,
        PushModule,
        StockModule,
        WeeklyModule,
        WorkEventsModule,
      ],
    };
  }
}
