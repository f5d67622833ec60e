import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * This service's projection of machines, fed by machine.machine.saved and machine.machine.deleted
 * (and, for a machine not heard of yet, one look-up in machine-service): who owns a machine, so a
 * fuel record or purchase names only one of the caller's machines. A deleted machine stays as a
 * tombstone so a late or repeated saved event cannot bring it back.
 */
@Entity('known_machines')
export class KnownMachineEntity {
  @PrimaryColumn({ name: 'machine_id', type: 'integer' })
  machineId: number;

  /** The account the row belongs to (issue 32). */
  @Column({ name: 'account_id', type: 'integer' })
  accountId: number;

  @Column({ type: 'boolean', default: false })
  deleted: boolean;

  @Column({ name: 'updated_at' })
  updatedAt: Date;
}
