import { KnownMachineColumns } from '@wrenchlog/platform';
import { Column, Entity } from 'typeorm';

/**
 * This service's projection of machines (the columns of libs/platform's KnownMachineColumns: a
 * deleted machine stays as a tombstone so a late event cannot bring it, or its costs, back), with
 * the type (the reports' type filter), archived and the distance unit.
 */
@Entity('report_machines')
export class ReportMachineEntity extends KnownMachineColumns {
  @Column({ type: 'varchar', length: 60, nullable: true })
  type: string | null;

  /** The type as the filter compares it (trimmed, lower case). */
  @Column({ name: 'type_key', type: 'varchar', length: 60, nullable: true })
  typeKey: string | null;

  @Column({ type: 'boolean', default: false })
  archived: boolean;

  /** The unit of its first distance meter (schedule.meters.changed); null until heard of. */
  @Column({ name: 'distance_unit', type: 'varchar', length: 4, nullable: true })
  distanceUnit: 'mi' | 'km' | null;

  /** The `at` of the schedule.meters.changed last applied. */
  @Column({ name: 'meters_at', nullable: true, type: Date })
  metersAt: Date | null;
}

export const typeKeyOf = (type: string | null | undefined): string | null => {
  const key = typeof type === 'string' ? type.trim().toLowerCase().slice(0, 60) : '';
  return key === '' ? null : key;
};
