import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * This service's projection of machines, fed by machine.machine.saved and .deleted: owner, name,
 * type (the reports' type filter) and archived. A deleted machine stays as a tombstone so a late
 * event cannot bring it (or its costs) back.
 */
@Entity('report_machines')
export class ReportMachineEntity {
  @PrimaryColumn({ name: 'machine_id', type: 'integer' })
  machineId: number;

  /** The account the row belongs to (issue 32). */
  @Column({ name: 'account_id', type: 'integer' })
  accountId: number;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'varchar', length: 60, nullable: true })
  type: string | null;

  /** The type as the filter compares it (trimmed, lower case). */
  @Column({ name: 'type_key', type: 'varchar', length: 60, nullable: true })
  typeKey: string | null;

  @Column({ type: 'boolean', default: false })
  archived: boolean;

  @Column({ type: 'boolean', default: false })
  deleted: boolean;

  /** The unit of its first distance meter (schedule.meters.changed); null until heard of. */
  @Column({ name: 'distance_unit', type: 'varchar', length: 4, nullable: true })
  distanceUnit: 'mi' | 'km' | null;

  /** The `at` of the schedule.meters.changed last applied. */
  @Column({ name: 'meters_at', nullable: true, type: Date })
  metersAt: Date | null;

  /** The `at` of the saved event last applied: an older one changes nothing. */
  @Column({ name: 'updated_at' })
  updatedAt: Date;
}

export const typeKeyOf = (type: string | null | undefined): string | null => {
  const key = typeof type === 'string' ? type.trim().toLowerCase().slice(0, 60) : '';
  return key === '' ? null : key;
};
