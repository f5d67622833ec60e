import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Tx } from '../common/transactions.js';
import { ContactSubmission } from './contact-submission.entity.js';

export type NewContactSubmission = Omit<ContactSubmission, 'id'>;

/** SQL of the `contact_submissions` table. */
@Injectable()
export class ContactsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Stores a submission; answers it with its id. */
  add(tx: Tx, fields: NewContactSubmission): Promise<ContactSubmission> {
    return tx.getRepository(ContactSubmission).save({ ...fields });
  }

  /** Newest first, with the total count; page is 0-based. */
  page(page: number, size: number): Promise<[ContactSubmission[], number]> {
    return this.dataSource.getRepository(ContactSubmission).findAndCount({ order: { createDate: 'DESC', id: 'DESC' }, skip: page * size, take: size });
  }
}
