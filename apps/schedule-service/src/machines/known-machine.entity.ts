import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * This service's projection of machines, fed by machine.machine.saved and .deleted: account, name
 * and type (for the Due list), and the miles and hours of the last saved event (a change of them
 * by the user becomes a manual reading). A deleted machine stays as a tombstone so a late saved
 * event cannot bring it back.
 */
@Entity('known_machines')
export class KnownMachineEntity {
  @PrimaryColumn({ name: 'machine_id', type: 'integer' })
  machineId: number;

  @Column({ name: 'account_id', type: 'integer' })
  accountId: number;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'varchar', length: 60, nullable: true })
  type: string | null;

  @Column({ type: 'boolean', default: false })
  deleted: boolean;

  @Column({ name: 'last_miles', type: 'double precision', nullable: true })
  lastMiles: number | null;

  @Column({ name: 'last_hours', type: 'double precision', nullable: true })
  lastHours: number | null;

  /** The `at` of the saved event last applied: an older one changes nothing. */
  @Column({ name: 'updated_at' })
  updatedAt: Date;
}
