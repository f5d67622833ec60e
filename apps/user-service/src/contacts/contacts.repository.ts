import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Tx } from '../common/transactions.js';
import { ContactSubmissionEntity } from './contact-submission.entity.js';

export type NewContactSubmission = Omit<ContactSubmissionEntity, 'id'>;

/** SQL of the `contact_submissions` table. */
@Injectable()
export class ContactsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Stores a submission; answers it with its id. */
  add(tx: Tx, fields: NewContactSubmission): Promise<ContactSubmissionEntity> {
    return tx.getRepository(ContactSubmissionEntity).save({ ...fields });
  }

  /** Newest first, with the total count; page is 0-based. */
  page(page: number, size: number): Promise<[ContactSubmissionEntity[], number]> {
    return this.dataSource.getRepository(ContactSubmissionEntity).findAndCount({ order: { createDate: 'DESC', id: 'DESC' }, skip: page * size, take: size });
  }
}
