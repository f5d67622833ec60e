import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.js';
import { NewUsers } from './new-users.js';
import { UsersController } from './users.controller.js';
import { UsersRepository } from './users.repository.js';
import { UsersService } from './users.service.js';

/**
 * Users and their profile calls; exports UsersRepository, which sign-in, passwords, admin and
 * notification mail read, and NewUsers (a user with their own account), which signup and the first
 * administrator use.
 */
@Module({
  imports: [AccountsModule],
  controllers: [UsersController],
  providers: [UsersRepository, UsersService, NewUsers],
  exports: [UsersRepository, NewUsers],
})
export class UsersModule {}
