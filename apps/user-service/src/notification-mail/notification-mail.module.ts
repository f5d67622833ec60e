import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MailModule } from '../mail/mail.module.js';
import { NotificationMailKey } from './notification-mail-key.entity.js';
import { NotificationMailController } from './notification-mail.controller.js';
import { NotificationMailService } from './notification-mail.service.js';

/** Mails that notification-service asks for, sent once per key. */
@Module({
  imports: [TypeOrmModule.forFeature([NotificationMailKey]), MailModule],
  controllers: [NotificationMailController],
  providers: [NotificationMailService],
})
export class NotificationMailModule {}
