import { Module } from '@nestjs/common';
import { ACCOUNT_PURGE_HOOKS, type AccountPurgeHooks } from '@wrenchlog/platform';
import { PreferencesModule } from '../preferences/preferences.module.js';
import { RecipientsModule } from '../recipients/recipients.module.js';
import { NotificationsController } from './notifications.controller.js';
import { NotificationsRepository } from './notifications.repository.js';
import { NotificationsService } from './notifications.service.js';

/** A deleted account's notifications take their members' read marks with them (AccountPurge). */
const accountPurge: AccountPurgeHooks = { children: [{ table: 'notification_reads', column: 'notification_id', parent: 'notifications' }] };

/** In-app notifications: their calls and their SQL (the producers add through the repository). */
@Module({
  imports: [PreferencesModule, RecipientsModule],
  controllers: [NotificationsController],
  providers: [NotificationsRepository, NotificationsService, { provide: ACCOUNT_PURGE_HOOKS, useValue: accountPurge }],
  exports: [NotificationsRepository],
})
export class NotificationsModule {}
