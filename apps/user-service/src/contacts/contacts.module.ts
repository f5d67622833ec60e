import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MailModule } from '../mail/mail.module.js';
import { ContactSubmission } from './contact-submission.entity.js';
import { ContactsController } from './contacts.controller.js';
import { ContactsService } from './contacts.service.js';

/** The contact form: submissions kept and mailed to the administrators. */
@Module({
  imports: [TypeOrmModule.forFeature([ContactSubmission]), MailModule],
  controllers: [ContactsController],
  providers: [ContactsService],
})
export class ContactsModule {}
