import { Module } from '@nestjs/common';
import { PreferencesModule } from '../preferences/preferences.module.js';
import { RecipientsModule } from '../recipients/recipients.module.js';
import { NotificationsController } from './notifications.controller.js';
import { NotificationsRepository } from './notifications.repository.js';
import { NotificationsService } from './notifications.service.js';

/** In-app notifications: their calls and their SQL (the producers add through the repository). */
@Module({
  imports: [PreferencesModule, RecipientsModule],
  controllers: [NotificationsController],
  providers: [NotificationsRepository, NotificationsService],
  exports: [NotificationsRepository],
})
export class NotificationsModule {}
