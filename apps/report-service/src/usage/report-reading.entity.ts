import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * schedule-service's reading as its last schedule.reading.changed told it: the lifetime value and
 * date that usage in a period is read from. A void or deleted reading stays with `live` false, so a
 * late older event cannot bring it back.
 */
@Entity('report_readings')
export class ReportReadingEntity {
  @PrimaryColumn({ name: 'reading_id', type: 'integer' })
  readingId: number;

  /** The account the row belongs to (issue 32). */
  @Column({ name: 'account_id', type: 'integer' })
  accountId: number;

  @Column({ name: 'machine_id', type: 'integer' })
  machineId: number;

  @Column({ name: 'meter_id', type: 'integer' })
  meterId: number;

  @Column({ type: 'varchar', length: 10 })
  kind: 'distance' | 'hours';

  @Column({ type: 'varchar', length: 4 })
  unit: string;

  @Column({ type: 'double precision' })
  lifetime: number;

  /** YYYY-MM-DD */
  @Column({ name: 'read_at', type: 'date' })
  readAt: string;

  @Column({ type: 'boolean' })
  live: boolean;

  @Column({ name: 'updated_at' })
  updatedAt: Date;
}
