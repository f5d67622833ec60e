import type { StockMovementKind } from '@wrenchlog/contracts';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One change of a part's stock and what made it: the part's stock ledger (issue 35). */
@Entity('stock_movements')
export class StockMovementEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'account_id', type: 'integer' })
  accountId: number;

  @Column({ name: 'part_id', type: 'integer' })
  partId: number;

  @Column({ type: 'varchar', length: 20 })
  kind: StockMovementKind;

  @Column({ type: 'integer' })
  delta: number;

  @Column({ name: 'quantity_after', type: 'integer' })
  quantityAfter: number;

  @Column({ name: 'purchase_id', type: 'integer', nullable: true })
  purchaseId: number | null;

  @Column({ name: 'work_order_id', type: 'integer', nullable: true })
  workOrderId: number | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  label: string | null;

  /** The member whose action moved it (not an audited row: a ledger line is never changed). */
  @Column({ name: 'moved_by', type: 'integer', nullable: true })
  movedBy: number | null;

  @Column({ name: 'created_at' })
  createdAt: Date;
}
