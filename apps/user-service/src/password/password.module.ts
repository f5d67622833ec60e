import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth/auth.module.js';
import { MailModule } from '../mail/mail.module.js';
import { UsersModule } from '../users/users.module.js';
import { PasswordToken } from './password-token.entity.js';
import { PasswordController } from './password.controller.js';
import { PasswordService } from './password.service.js';

/** Password change, forgotten-password and set-password links; exports PasswordService for the admin's invitations. */
@Module({
  imports: [TypeOrmModule.forFeature([PasswordToken]), UsersModule, AuthModule, MailModule],
  controllers: [PasswordController],
  providers: [PasswordService],
  exports: [PasswordService],
})
export class PasswordModule {}
