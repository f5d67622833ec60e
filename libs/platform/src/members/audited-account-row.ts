import { Column } from 'typeorm';

/**
 * The columns of a row that members of an account add (issue 32): the account it belongs to, and
 * who added and last changed it (user ids, answered as `createdBy` / `updatedBy` through
 * MemberDirectory). The columns moveTableToAccount gives a table with `audit: true`.
 */
export abstract class AuditedAccountRow {
  @Column({ name: 'account_id', type: 'integer' })
  accountId: number;

  /** The member who added it; the owner for a row from before accounts. */
  @Column({ name: 'created_by', type: 'integer', nullable: true })
  createdBy: number | null;

  /** The member who last changed it; null until someone does. */
  @Column({ name: 'updated_by', type: 'integer', nullable: true })
  updatedBy: number | null;
}
