import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { AuditedAccountRow } from '@wrenchlog/platform';

@Entity('suppliers')
export class SupplierEntity extends AuditedAccountRow {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'varchar', length: 120 })
  contact: string;

  @Column({ type: 'varchar', length: 254 })
  email: string;

  @Column({ type: 'varchar', length: 40 })
  phone: string;

  @Column({ type: 'varchar', length: 500, nullable: true })
  address: string | null;

  @Column({ name: 'idempotency_key', type: 'varchar', length: 128, nullable: true })
  idempotencyKey: string | null;

  /** The restore that wrote it (issue 23), null for one entered by hand; (import_id, import_row) is unique. */
  @Column({ name: 'import_id', type: 'integer', nullable: true })
  importId: number | null;

  @Column({ name: 'import_row', type: 'integer', nullable: true })
  importRow: number | null;
}
