import type { PartCategory } from '@wrenchlog/contracts';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { AuditedAccountRow } from '@wrenchlog/platform';

@Entity('parts')
export class PartEntity extends AuditedAccountRow {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'part_number', type: 'varchar', length: 100 })
  partNumber: string;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ type: 'varchar', length: 20 })
  category: PartCategory;

  @Column({ type: 'integer' })
  quantity: number;

  /** Units the part lines of open work orders hold back (issue 35): the sum of its stock_reservations, kept with them. */
  @Column({ type: 'integer', default: 0 })
  reserved: number;

  @Column({ name: 'min_stock', type: 'integer' })
  minStock: number;

  @Column({ name: 'price_cents', type: 'integer' })
  priceCents: number;

  @Column({ name: 'supplier_id', type: 'integer' })
  supplierId: number;

  @Column({ type: 'varchar', length: 120, nullable: true })
  brand: string | null;

  @Column({ name: 'idempotency_key', type: 'varchar', length: 128, nullable: true })
  idempotencyKey: string | null;

  /** The restore that wrote it (issue 23), null for one entered by hand; (import_id, import_row) is unique. */
  @Column({ name: 'import_id', type: 'integer', nullable: true })
  importId: number | null;

  @Column({ name: 'import_row', type: 'integer', nullable: true })
  importRow: number | null;
}
