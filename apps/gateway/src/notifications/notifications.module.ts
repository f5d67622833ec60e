import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { CalendarController } from './calendar.controller.js';
import { NotificationsController } from './notifications.controller.js';
import { PushController } from './push.controller.js';
import { WebhooksController } from './webhooks.controller.js';

/** /api/notifications/**, /api/webhooks/**, /api/calendar/**, /api/push/** (notification-service). */
@Module({ imports: [AuthModule], controllers: [NotificationsController, WebhooksController, CalendarController, PushController] })
export class NotificationsModule {}
