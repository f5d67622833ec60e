import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * The service and fuel records this service heard of (their events): account, machine and date, so
 * a completion can name a record, and `updatedAt` so an older or repeated event changes nothing and a
 * deleted record (a tombstone) never comes back.
 */
@Entity('known_records')
export class KnownRecordEntity {
  @PrimaryColumn({ type: 'varchar', length: 20 })
  source: 'service_record' | 'fuel_record';

  @PrimaryColumn({ name: 'record_id', type: 'integer' })
  recordId: number;

  @Column({ name: 'account_id', type: 'integer' })
  accountId: number;

  @Column({ name: 'machine_id', type: 'integer' })
  machineId: number;

  @Column({ name: 'record_date', type: 'date' })
  recordDate: string;

  @Column({ type: 'boolean', default: false })
  deleted: boolean;

  @Column({ name: 'updated_at' })
  updatedAt: Date;
}
