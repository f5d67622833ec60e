import { Column } from 'typeorm';

/**
 * The columns an import and an export share since accounts (issue 32): the account the row belongs
 * to (every member with the right sees it), who started it (the person its job acts as) and who
 * last changed it (null until then; nobody changes an export once asked for).
 */
export abstract class AuditedRow {
  @Column({ name: 'account_id', type: 'integer' })
  accountId: number;

  @Column({ name: 'created_by', type: 'integer', nullable: true })
  createdBy: number | null;

  @Column({ name: 'updated_by', type: 'integer', nullable: true })
  updatedBy: number | null;
}
