import { Module } from '@nestjs/common';
import { OutboxModule } from '@wrenchlog/platform';
import { MachinesModule } from '../machines/machines.module.js';
import { NotificationsModule } from '../notifications/notifications.module.js';
import { RecipientsModule } from '../recipients/recipients.module.js';
import { PushModule } from '../push/push.module.js';
import { WeeklyController } from './weekly.controller.js';
import { WeeklyReports } from './weekly-reports.service.js';

/** The weekly usage reports: made by the scheduler on Mondays, and by the admin's Weekly Report Generation job. */
@Module({
  imports: [MachinesModule, NotificationsModule, RecipientsModule, OutboxModule, PushModule],
  controllers: [WeeklyController],
  providers: [WeeklyReports],
  exports: [WeeklyReports],
})
export class WeeklyModule {}
