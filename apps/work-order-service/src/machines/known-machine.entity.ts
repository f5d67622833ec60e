import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * This service's projection of machines, fed by machine.machine.saved and .deleted: whose machine
 * it is and its name (the board's cards show it without a call per card). A deleted machine stays
 * as a tombstone so a late saved event cannot bring it back.
 */
@Entity('known_machines')
export class KnownMachineEntity {
  @PrimaryColumn({ name: 'machine_id', type: 'integer' })
  machineId: number;

  @Column({ name: 'account_id', type: 'integer' })
  accountId: number;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'boolean', default: false })
  deleted: boolean;

  /** The `at` of the saved event last applied: an older one changes nothing. */
  @Column({ name: 'updated_at' })
  updatedAt: Date;
}
