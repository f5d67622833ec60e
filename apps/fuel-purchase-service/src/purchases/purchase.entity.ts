import type { PartStatus } from '@wrenchlog/contracts';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { AuditedAccountRow } from '@wrenchlog/platform';

@Entity('purchases')
export class PurchaseEntity extends AuditedAccountRow {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'machine_id', type: 'integer', nullable: true })
  machineId: number | null;

  @Column({ name: 'part_id', type: 'integer', nullable: true })
  partId: number | null;

  @Column({ name: 'store_id', type: 'integer', nullable: true })
  storeId: number | null;

  @Column({ name: 'part_name', type: 'varchar', length: 200 })
  partName: string;

  @Column({ name: 'part_number', type: 'varchar', length: 100, nullable: true })
  partNumber: string | null;

  @Column({ name: 'part_description', type: 'text', nullable: true })
  partDescription: string | null;

  @Column({ name: 'part_url', type: 'text', nullable: true })
  partUrl: string | null;

  @Column({ type: 'integer' })
  quantity: number;

  @Column({ name: 'price_cents', type: 'integer' })
  priceCents: number;

  @Column({ name: 'store_name', type: 'varchar', length: 120 })
  storeName: string;

  @Column({ name: 'store_city', type: 'varchar', length: 120, nullable: true })
  storeCity: string | null;

  @Column({ name: 'store_state', type: 'varchar', length: 60, nullable: true })
  storeState: string | null;

  @Column({ name: 'store_address', type: 'varchar', length: 500, nullable: true })
  storeAddress: string | null;

  @Column({ name: 'part_status', type: 'varchar', length: 20 })
  partStatus: PartStatus;

  @Column({ name: 'purchase_date' })
  purchaseDate: Date;

  @Column({ name: 'create_date' })
  createDate: Date;

  /** Ledger: received (Purchased, and not Cancelled since). */
  @Column({ name: 'stock_received', type: 'boolean', default: false })
  stockReceived: boolean;

  /** Ledger: the part this purchase's stock went to. */
  @Column({ name: 'stock_part_id', type: 'integer', nullable: true })
  stockPartId: number | null;

  /** Ledger: how many units this purchase has added to that part. */
  @Column({ name: 'stock_added', type: 'integer', default: 0 })
  stockAdded: number;

  @Column({ name: 'idempotency_key', type: 'varchar', length: 128, nullable: true })
  idempotencyKey: string | null;

  /** The import that wrote the record (issue 23), null for one entered by hand. */
  @Column({ name: 'import_id', type: 'integer', nullable: true })
  importId: number | null;

  /** Its row in that import's file: (import_id, import_row) is unique. */
  @Column({ name: 'import_row', type: 'integer', nullable: true })
  importRow: number | null;
}
