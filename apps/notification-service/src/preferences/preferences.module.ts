import { Module } from '@nestjs/common';
import { MEMBER_SAVED_HOOKS, OutboxModule } from '@wrenchlog/platform';
import { AccountZoneFollower } from './account-zone-follower.js';
import { PreferencesController } from './preferences.controller.js';
import { PreferencesService } from './preferences.service.js';

/** Each member's channels per kind, digest time and time zone, per account. */
@Module({
  imports: [OutboxModule],
  controllers: [PreferencesController],
  // AccountZoneFollower: the account's default time zone on to report-service (MembersModule's hook).
  providers: [PreferencesService, AccountZoneFollower, { provide: MEMBER_SAVED_HOOKS, useExisting: AccountZoneFollower }],
  exports: [PreferencesService],
})
export class PreferencesModule {}
