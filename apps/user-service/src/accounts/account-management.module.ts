import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { MailModule } from '../mail/mail.module.js';
import { ApiTokenStoreModule } from '../tokens/api-token-store.module.js';
import { UsersModule } from '../users/users.module.js';
import { AccountMachines } from './account-machines.js';
import { AccountsController } from './accounts.controller.js';
import { AccountsModule } from './accounts.module.js';
import { AccountsService } from './accounts.service.js';
import { InvitationsController } from './invitations.controller.js';
import { InvitationsService } from './invitations.service.js';
import { MembersService } from './members.service.js';
import { PreferencesController } from './preferences.controller.js';
import { PreferencesService } from './preferences.service.js';

/** The caller's accounts, their members and invitations, and the administrator's list of accounts (issue 32, step 4). */
@Module({
  imports: [AccountsModule, AuthModule, UsersModule, MailModule, ApiTokenStoreModule],
  controllers: [AccountsController, InvitationsController, PreferencesController],
  providers: [AccountMachines, AccountsService, MembersService, InvitationsService, PreferencesService],
})
export class AccountManagementModule {}
