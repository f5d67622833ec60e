import type { WorkOrderLineKind } from '@wrenchlog/contracts';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A line of a work order: labour (hours x rate), a part from inventory (quantity x its price then), or other (a cost). Money in cents. */
@Entity('work_order_lines')
export class WorkOrderLineEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'account_id', type: 'integer' })
  accountId: number;

  @Column({ name: 'work_order_id', type: 'integer' })
  workOrderId: number;

  @Column({ type: 'varchar', length: 10 })
  kind: WorkOrderLineKind;

  @Column({ type: 'double precision', nullable: true })
  hours: number | null;

  @Column({ name: 'rate_cents', type: 'integer', nullable: true })
  rateCents: number | null;

  @Column({ name: 'user_id', type: 'integer', nullable: true })
  userId: number | null;

  @Column({ name: 'part_id', type: 'integer', nullable: true })
  partId: number | null;

  @Column({ name: 'part_name', type: 'varchar', length: 200, nullable: true })
  partName: string | null;

  @Column({ type: 'integer', nullable: true })
  quantity: number | null;

  @Column({ name: 'unit_price_cents', type: 'integer', nullable: true })
  unitPriceCents: number | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  description: string | null;

  @Column({ name: 'cost_cents', type: 'integer', nullable: true })
  costCents: number | null;

  @Column({ name: 'created_at' })
  createdAt: Date;
}

/** The fields of a line a user (or a job template) sets; the order, account and time come from the write. */
export type LineFields = Omit<WorkOrderLineEntity, 'id' | 'accountId' | 'workOrderId' | 'createdAt'>;
