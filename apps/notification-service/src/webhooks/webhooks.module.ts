import { Module } from '@nestjs/common';
import { MembersModule } from '@wrenchlog/platform';
import { ReadingEventsController } from './reading-events.controller.js';
import { ReadingEventsService } from './reading-events.service.js';
import { RecordEventsController } from './record-events.controller.js';
import { RecordEventsService } from './record-events.service.js';
import { WebhookDispatcher } from './webhook-dispatcher.js';
import { WebhookOutbox } from './webhook-outbox.js';
import { WebhooksController } from './webhooks.controller.js';
import { WebhooksService } from './webhooks.service.js';

/** Webhook endpoints, the deliveries outbox and its dispatcher, and the record and reading events they carry. */
@Module({
  imports: [MembersModule],
  controllers: [WebhooksController, RecordEventsController, ReadingEventsController],
  providers: [WebhooksService, WebhookOutbox, WebhookDispatcher, RecordEventsService, ReadingEventsService],
  exports: [WebhookOutbox, WebhookDispatcher],
})
export class WebhooksModule {}
