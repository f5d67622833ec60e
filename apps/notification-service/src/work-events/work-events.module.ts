import { Module } from '@nestjs/common';
import { OutboxModule } from '@wrenchlog/platform';
import { NotificationsModule } from '../notifications/notifications.module.js';
import { PreferencesModule } from '../preferences/preferences.module.js';
import { PushModule } from '../push/push.module.js';
import { RecipientsModule } from '../recipients/recipients.module.js';
import { WebhooksModule } from '../webhooks/webhooks.module.js';
import { WorkEventsController } from './work-events.controller.js';
import { WorkEventsService } from './work-events.service.js';

/** Issues, work orders and inspections (work-order-service's events) as notifications and webhooks. */
@Module({
  imports: [NotificationsModule, PreferencesModule, RecipientsModule, WebhooksModule, PushModule, OutboxModule],
  controllers: [WorkEventsController],
  providers: [WorkEventsService],
})
export class WorkEventsModule {}
