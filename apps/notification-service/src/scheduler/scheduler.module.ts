import { Module } from '@nestjs/common';
import { OutboxModule } from '@wrenchlog/platform';
import { MachinesModule } from '../machines/machines.module.js';
import { NotificationsModule } from '../notifications/notifications.module.js';
import { PreferencesModule } from '../preferences/preferences.module.js';
import { WebhooksModule } from '../webhooks/webhooks.module.js';
import { PushModule } from '../push/push.module.js';
import { RecipientsModule } from '../recipients/recipients.module.js';
import { WeeklyModule } from '../weekly/weekly.module.js';
import { SchedulerJobs } from './scheduler-jobs.js';
import { SchedulerController } from './scheduler.controller.js';
import { SchedulerService } from './scheduler.service.js';

/** The built-in scheduler: its lease, its periodic work and its status for the admin. */
@Module({
  imports: [NotificationsModule, PreferencesModule, MachinesModule, OutboxModule, WebhooksModule, PushModule, WeeklyModule, RecipientsModule],
  controllers: [SchedulerController],
  providers: [SchedulerService, SchedulerJobs],
  exports: [SchedulerService],
})
export class SchedulerModule {}
