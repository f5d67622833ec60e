import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Machine names for titles and the digest's groups, from machine.machine.saved and .deleted. */
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

  @Column({ name: 'updated_at' })
  updatedAt: Date;

  /** When the machine was first heard of (its first saved event): a weekly report covers only weeks after the account had machines. */
  @Column({ name: 'first_seen_at', type: Date, nullable: true })
  firstSeenAt: Date | null;
}
