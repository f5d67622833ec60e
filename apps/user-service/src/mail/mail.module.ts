import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UserEnv } from '../config/user-env.js';
import { MailMessageEntity } from './mail-message.entity.js';
import { MailQueue } from './mail-queue.js';
import { FileMailTransport, MailTransport, SmtpMailTransport } from './mail-transport.js';

export const mailTransportFor = (env: UserEnv): MailTransport => (env.SMTP_URL ? new SmtpMailTransport(env.SMTP_URL) : new FileMailTransport(env.DATA_DIR));

/** Outgoing mail (the queue and its transport); the service adds MailMessage to its entities. */
@Module({
  imports: [TypeOrmModule.forFeature([MailMessageEntity])],
  providers: [{ provide: MailTransport, inject: [UserEnv], useFactory: mailTransportFor }, MailQueue],
  exports: [MailQueue],
})
export class MailModule {}
