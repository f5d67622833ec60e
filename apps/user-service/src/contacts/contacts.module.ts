import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module.js';
import { ContactsController } from './contacts.controller.js';
import { ContactsRepository } from './contacts.repository.js';
import { ContactsService } from './contacts.service.js';

/** The contact form: submissions kept and mailed to the administrators. */
@Module({
  imports: [MailModule],
  controllers: [ContactsController],
  providers: [ContactsRepository, ContactsService],
})
export class ContactsModule {}
