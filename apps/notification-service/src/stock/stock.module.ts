import { Module } from '@nestjs/common';
import { OutboxModule } from '@wrenchlog/platform';
import { NotificationsModule } from '../notifications/notifications.module.js';
import { PushModule } from '../push/push.module.js';
import { RecipientsModule } from '../recipients/recipients.module.js';
import { StockEventsController } from './stock-events.controller.js';
import { StockEventsService } from './stock-events.service.js';

/** Low stock alerts from inventory.stock.changed. */
@Module({ imports: [NotificationsModule, RecipientsModule, PushModule, OutboxModule], controllers: [StockEventsController], providers: [StockEventsService] })
export class StockModule {}
