import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * The columns every service's `known_machines` projection has, fed by machine.machine.saved and
 * .deleted: whose machine it is and its name, so answers need no call to machine-service. A deleted
 * machine stays as a tombstone so a late or repeated saved event cannot bring it back. A service
 * that keeps more of a machine extends this class with its own `@Entity('known_machines')`.
 */
export abstract class KnownMachineColumns {
  @PrimaryColumn({ name: 'machine_id', type: 'integer' })
  machineId: number;

  /** The account the machine belongs to. */
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

/** The `known_machines` projection of a service that keeps only these columns (service records, work orders). */
@Entity('known_machines')
export class KnownMachineEntity extends KnownMachineColumns {}
