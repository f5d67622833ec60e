import { Module } from '@nestjs/common';
import { OutboxModule } from '@wrenchlog/platform';
import { NotificationsModule } from '../notifications/notifications.module.js';
import { PreferencesModule } from '../preferences/preferences.module.js';
import { PushModule } from '../push/push.module.js';
import { StockEventsController } from './stock-events.controller.js';
import { StockEventsService } from './stock-events.service.js';

/** Low stock alerts from inventory.stock.changed. */
@Module({ imports: [NotificationsModule, PreferencesModule, PushModule, OutboxModule], controllers: [StockEventsController], providers: [StockEventsService] })
export class StockModule {}
