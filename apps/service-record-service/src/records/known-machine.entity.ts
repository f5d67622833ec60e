import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * This service's projection of machines, fed by machine.machine.saved and machine.machine.deleted:
 * which account a machine belongs to and its name, so lists need no call to machine-service. A deleted machine
 * stays as a tombstone so a late or repeated saved event cannot bring it back. It lives with the
 * records, which read and lock it on every write; machines/ only feeds it (so machines -> records).
 */
@Entity('known_machines')
export class KnownMachineEntity {
  @PrimaryColumn({ name: 'machine_id', type: 'integer' })
  machineId: number;

  /** The account the machine belongs to. */
  @Column({ name: 'account_id', type: 'integer' })
  accountId: number;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'boolean', default: false })
  deleted: boolean;

  /** When the machine change last applied happened (its saved event's `at`): an older event changes nothing. */
  @Column({ name: 'updated_at' })
  updatedAt: Date;
}
