import { Module } from '@nestjs/common';
import { AccountMachines } from '../accounts/account-machines.js';
import { AccountsModule } from '../accounts/accounts.module.js';
import { UsersModule } from '../users/users.module.js';
import { ApiTokenStoreModule } from './api-token-store.module.js';
import { ApiTokensController } from './api-tokens.controller.js';
import { ApiTokensService } from './api-tokens.service.js';

/** Personal API tokens (issue 33): create, list, revoke, and the gateway's verify and usage reports. */
@Module({
  imports: [ApiTokenStoreModule, AccountsModule, UsersModule],
  controllers: [ApiTokensController],
  providers: [ApiTokensService, AccountMachines],
})
export class ApiTokensModule {}
