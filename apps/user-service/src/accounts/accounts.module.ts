import { Module } from '@nestjs/common';
import { OutboxModule } from '@wrenchlog/platform';
import { AccountsRepository } from './accounts.repository.js';
import { InvitationsRepository } from './invitations.repository.js';
import { MemberEvents } from './member-events.js';
import { MembershipsRepository } from './memberships.repository.js';

/**
 * Accounts, memberships and invitations (issue 32): their SQL and ACCOUNT_MEMBER_SAVED, for sign-in,
 * signup, the profile (a name change is announced) and AccountManagementModule.
 */
@Module({
  imports: [OutboxModule],
  providers: [AccountsRepository, MembershipsRepository, InvitationsRepository, MemberEvents],
  exports: [AccountsRepository, MembershipsRepository, InvitationsRepository, MemberEvents, OutboxModule],
})
export class AccountsModule {}
