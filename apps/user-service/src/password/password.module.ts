import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { MailModule } from '../mail/mail.module.js';
import { UsersModule } from '../users/users.module.js';
import { PasswordController } from './password.controller.js';
import { PasswordTokensRepository } from './password-tokens.repository.js';
import { PasswordService } from './password.service.js';

/** Password change, forgotten-password and set-password links; exports PasswordService for the admin's invitations. */
@Module({
  imports: [UsersModule, AuthModule, MailModule],
  controllers: [PasswordController],
  providers: [PasswordTokensRepository, PasswordService],
  exports: [PasswordService],
})
export class PasswordModule {}
