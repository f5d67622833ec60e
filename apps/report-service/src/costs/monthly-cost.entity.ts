import { Column, Entity, PrimaryColumn } from 'typeorm';
import { bigintNumber } from './cost-record.entity.js';
import type { CostCategory } from './cost.rules.js';

/** The precomputed total of one account's machine (0: no machine), month and category, kept by events. */
@Entity('report_monthly')
export class MonthlyCostEntity {
  @PrimaryColumn({ name: 'account_id', type: 'integer' })
  accountId: number;

  @PrimaryColumn({ name: 'machine_key', type: 'integer' })
  machineKey: number;

  @PrimaryColumn({ type: 'varchar', length: 7 })
  month: string;

  @PrimaryColumn({ type: 'varchar', length: 10 })
  category: CostCategory;

  @Column({ name: 'amount_cents', type: 'bigint', default: 0, transformer: bigintNumber })
  amountCents: number;
}
