import { KnownMachineColumns } from '@wrenchlog/platform';
import { Column, Entity } from 'typeorm';

/**
 * This service's projection of machines (the columns of libs/platform's KnownMachineColumns), with
 * the type (for the Due list) and the miles and hours of the last saved event (a change of them by
 * the user becomes a manual reading).
 */
@Entity('known_machines')
export class KnownMachineEntity extends KnownMachineColumns {
  @Column({ type: 'varchar', length: 60, nullable: true })
  type: string | null;

  @Column({ name: 'last_miles', type: 'double precision', nullable: true })
  lastMiles: number | null;

  @Column({ name: 'last_hours', type: 'double precision', nullable: true })
  lastHours: number | null;
}
