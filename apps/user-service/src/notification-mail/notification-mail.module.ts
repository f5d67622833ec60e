import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module.js';
import { UsersModule } from '../users/users.module.js';
import { NotificationMailController } from './notification-mail.controller.js';
import { NotificationMailRepository } from './notification-mail.repository.js';
import { NotificationMailService } from './notification-mail.service.js';

/** Mails that notification-service asks for, sent once per key to the user's address. */
@Module({
  imports: [UsersModule, MailModule],
  controllers: [NotificationMailController],
  providers: [NotificationMailRepository, NotificationMailService],
})
export class NotificationMailModule {}
