import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { CostCategory } from './cost.rules.js';

/** bigint columns come back from PostgreSQL as text. */
export const bigintNumber = { to: (v: number) => v, from: (v: string | number | null) => (v === null ? 0 : Number(v)) };

/**
 * One costed record of an account (a service record, a fuel record, a part purchase) as its last
 * event told it: the month it counts in and its amount, so a repeated or reordered event changes
 * nothing and an edit moves the amount between months. A deleted record stays as a tombstone.
 * Also the lines of a machine's history (title, notes, meters).
 */
@Entity('report_records')
export class CostRecordEntity {
  @PrimaryColumn({ type: 'varchar', length: 10 })
  category: CostCategory;

  @PrimaryColumn({ name: 'record_id', type: 'integer' })
  recordId: number;

  /** The account the row belongs to (issue 32). */
  @Column({ name: 'account_id', type: 'integer' })
  accountId: number;

  /** The machine's id, 0 for a purchase that names none. */
  @Column({ name: 'machine_key', type: 'integer' })
  machineKey: number;

  /** YYYY-MM-DD; null on a placeholder row not yet filled by an event. */
  @Column({ name: 'record_date', type: 'date', nullable: true })
  recordDate: string | null;

  @Column({ type: 'varchar', length: 7, nullable: true })
  month: string | null;

  @Column({ name: 'amount_cents', type: 'bigint', default: 0, transformer: bigintNumber })
  amountCents: number;

  @Column({ type: 'text' })
  title: string;

  @Column({ type: 'text', nullable: true })
  notes: string | null;

  @Column({ type: 'double precision', nullable: true })
  miles: number | null;

  @Column({ type: 'double precision', nullable: true })
  hours: number | null;

  /** A fuel record's gallons, its flags and time of purchase (the full-to-full economy); null or default for the others. */
  @Column({ name: 'fuel_amount', type: 'double precision', nullable: true })
  fuelAmount: number | null;

  @Column({ name: 'full_tank', type: 'boolean', default: true })
  fullTank: boolean;

  @Column({ name: 'missed_previous', type: 'boolean', default: false })
  missedPrevious: boolean;

  @Column({ name: 'purchased_at', nullable: true, type: Date })
  purchasedAt: Date | null;

  @Column({ type: 'boolean', default: false })
  deleted: boolean;

  @Column({ name: 'updated_at' })
  updatedAt: Date;
}
