import { KnownMachineColumns } from '@wrenchlog/platform';
import { Column, Entity } from 'typeorm';

/** Machine names for titles and the digest's groups, from machine.machine.saved and .deleted. */
@Entity('known_machines')
export class KnownMachineEntity extends KnownMachineColumns {
  /** When the machine was first heard of (its first saved event): a weekly report covers only weeks after the account had machines. */
  @Column({ name: 'first_seen_at', type: Date, nullable: true })
  firstSeenAt: Date | null;
}
