import { Module } from '@nestjs/common';
import { MachinesModule } from '../machines/machines.module.js';
import { NotificationsModule } from '../notifications/notifications.module.js';
import { PreferencesModule } from '../preferences/preferences.module.js';
import { SchedulerModule } from '../scheduler/scheduler.module.js';
import { WebhooksModule } from '../webhooks/webhooks.module.js';
import { PushModule } from '../push/push.module.js';
import { RecipientsModule } from '../recipients/recipients.module.js';
import { ScheduleEventsController } from './schedule-events.controller.js';
import { ScheduleEventsService } from './schedule-events.service.js';

/** schedule.status.changed: the schedules' states and their notifications. */
@Module({
  imports: [NotificationsModule, PreferencesModule, MachinesModule, SchedulerModule, WebhooksModule, PushModule, RecipientsModule],
  controllers: [ScheduleEventsController],
  providers: [ScheduleEventsService],
})
export class ScheduleEventsModule {}
