import { Module } from '@nestjs/common';
import { AccountsRepository } from './accounts.repository.js';

/** Accounts and their members (issue 32); exports AccountsRepository to sign-in, signup and the profile. */
@Module({
  providers: [AccountsRepository],
  exports: [AccountsRepository],
})
export class AccountsModule {}
