import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { AuditedAccountRow } from '@wrenchlog/platform';

/** A service record of one account's machine. Every query is scoped by accountId. */
@Entity('service_records')
export class ServiceRecordEntity extends AuditedAccountRow {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'machine_id', type: 'integer' })
  machineId: number;

  /** Copied from the machine projection (machine.machine.saved); null while the machine is not known yet. */
  @Column({ name: 'machine_name', type: 'text', nullable: true })
  machineName: string | null;

  @Column({ type: 'varchar', length: 200 })
  title: string;

  @Column({ type: 'varchar', length: 50 })
  status: string;

  /** YYYY-MM-DD. */
  @Column({ name: 'service_date', type: 'date' })
  serviceDate: string;

  @Column({ name: 'service_type', type: 'varchar', length: 50 })
  serviceType: string;

  @Column({ name: 'service_shop', type: 'varchar', length: 200, nullable: true })
  serviceShop: string | null;

  @Column({ type: 'text', nullable: true })
  notes: string | null;

  @Column({ name: 'price_cents', type: 'integer' })
  priceCents: number;

  @Column({ type: 'double precision', nullable: true })
  miles: number | null;

  @Column({ type: 'double precision', nullable: true })
  hours: number | null;

  @Column({ name: 'date_created' })
  dateCreated: Date;

  // Lower-case sort and filter keys (see sortKey in service-record.rules.ts), each indexed with accountId.
  @Column({ name: 'title_key', type: 'varchar', length: 200 })
  titleKey: string;

  @Column({ name: 'status_key', type: 'varchar', length: 50 })
  statusKey: string;

  @Column({ name: 'type_key', type: 'varchar', length: 50 })
  typeKey: string;

  @Column({ name: 'machine_key', type: 'text' })
  machineKey: string;

  @Column({ name: 'search_text', type: 'text' })
  searchText: string;

  /** The create call's Idempotency-Key: a retried create answers the record it made the first time. */
  @Column({ name: 'idempotency_key', type: 'varchar', length: 128, nullable: true })
  idempotencyKey: string | null;

  /** The import that wrote the record (issue 23), null for one entered by hand. */
  @Column({ name: 'import_id', type: 'integer', nullable: true })
  importId: number | null;

  /** Its row in that import's file: (import_id, import_row) is unique. */
  @Column({ name: 'import_row', type: 'integer', nullable: true })
  importRow: number | null;
}
