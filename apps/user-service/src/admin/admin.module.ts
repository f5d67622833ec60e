import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.js';
import { AuthModule } from '../auth/auth.module.js';
import { PasswordModule } from '../password/password.module.js';
import { UsersModule } from '../users/users.module.js';
import { AdminBootstrap } from './admin-bootstrap.js';
import { AdminUsersController } from './admin-users.controller.js';
import { AdminUsersService } from './admin-users.service.js';

/** The administrator's user management and the first administrator created at boot. */
@Module({
  imports: [UsersModule, AuthModule, PasswordModule, AccountsModule],
  controllers: [AdminUsersController],
  providers: [AdminUsersService, AdminBootstrap],
})
export class AdminModule {}
