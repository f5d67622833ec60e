import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { AccountsController, AdminAccountsController } from './accounts.controller.js';
import { InvitationsController, MyInvitationsController } from './invitations.controller.js';

/** /api/accounts/**, /api/invitations/**, /api/user/invitations/** and /api/admin/accounts (user-service, issue 32); AuthModule gives the session gate and tokens. */
@Module({
  imports: [AuthModule],
  controllers: [AccountsController, AdminAccountsController, InvitationsController, MyInvitationsController],
})
export class AccountsModule {}
