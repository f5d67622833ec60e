import { Injectable } from '@nestjs/common';
import type { ContactPage, ContactRequest, ContactSubmissionView, ContactView, FromAddress, SalesContactRequest, SalesContactView } from '@wrenchlog/contracts';
import { pageOf } from '@wrenchlog/contracts';
import { Transactions } from '../common/transactions.js';
import { UserEnv } from '../config/user-env.js';
import { MailQueue } from '../mail/mail-queue.js';
import type { ContactSubmissionEntity } from './contact-submission.entity.js';
import { ContactsRepository } from './contacts.repository.js';

const clean = (value: string | null | undefined): string | null => value?.trim() || null;

const toContactView = (c: ContactSubmissionEntity): ContactView => ({
  id: c.id,
  name: c.name,
  email: c.email,
  phone: c.phone,
  company: c.company,
  message: c.message,
  contactType: c.contactType,
  createDate: c.createDate.toISOString(),
});

const LABELS = { SalesContact: 'Sales contact', PlatinumAccount: 'Platinum account inquiry' } as const;

/** Stores public contact submissions and mails each one to the sales inbox (same transaction, retried). */
@Injectable()
export class ContactsService {
  constructor(
    private readonly contacts: ContactsRepository,
    private readonly transactions: Transactions,
    private readonly mail: MailQueue,
    private readonly env: UserEnv,
  ) {}

  async submitContact(request: FromAddress<ContactRequest>): Promise<ContactView> {
    const saved = await this.store({
      source: 'contact',
      contactType: request.contactType,
      name: request.name.trim(),
      email: request.email.trim(),
      phone: clean(request.phone),
      company: clean(request.company),
      message: request.message.trim(),
      ipAddress: request.ipAddress?.slice(0, 64) ?? null,
    });
    return toContactView(saved);
  }

  async submitSalesContact(request: FromAddress<SalesContactRequest>): Promise<SalesContactView> {
    const saved = await this.store({
      source: 'sales-contacts',
      contactType: 'SalesContact',
      name: request.name.trim(),
      email: request.email.trim(),
      phone: clean(request.phone),
      company: request.company.trim(),
      message: request.requirements.trim(),
      ipAddress: request.ipAddress?.slice(0, 64) ?? null,
    });
    return {
      id: saved.id,
      name: saved.name,
      company: saved.company ?? '',
      phone: saved.phone,
      email: saved.email,
      requirements: saved.message,
      createDate: saved.createDate.toISOString(),
    };
  }

  async list(page: number, size: number): Promise<ContactPage> {
    const [rows, total] = await this.contacts.page(page, size);
    const content: ContactSubmissionView[] = rows.map((c) => ({ ...toContactView(c), source: c.source }));
    return pageOf(content, total, page, size);
  }

  private store(fields: Omit<ContactSubmissionEntity, 'id' | 'createDate'>): Promise<ContactSubmissionEntity> {
    return this.transactions.run(async (tx) => {
      const saved = await this.contacts.add(tx, { ...fields, createDate: new Date() });
      await this.mail.enqueue(tx, {
        to: this.env.SALES_INBOX,
        replyTo: saved.email,
        subject: `${LABELS[saved.contactType]} from ${saved.name}${saved.company ? ` (${saved.company})` : ''}`,
        text: [
          `${LABELS[saved.contactType]} #${saved.id}, received ${saved.createDate.toISOString()} through ${saved.source === 'contact' ? 'POST /api/contact' : 'POST /api/sales-contacts'}.`,
          '',
          `Name: ${saved.name}`,
          `Company: ${saved.company ?? '-'}`,
          `Email: ${saved.email}`,
          `Phone: ${saved.phone ?? '-'}`,
          '',
          saved.source === 'sales-contacts' || saved.contactType === 'PlatinumAccount' ? 'Requirements:' : 'Message:',
          saved.message,
        ].join('\n'),
      });
      return saved;
    });
  }
}
