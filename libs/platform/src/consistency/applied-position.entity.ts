import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A delivery of events this service has applied (issue 37): the outbox ids `firstId`..`lastId` of
 * `source`'s lane to this service, and the positions its handling caused in turn. Read by a replica
 * waiting for a session's write when another replica applied it; pruned after an hour.
 */
@Entity('applied_positions')
@Index('idx_applied_positions_source', ['source', 'lastId'])
export class AppliedPosition {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 64 })
  source: string;

  @Column({ name: 'first_id', type: 'bigint' })
  firstId: string | number;

  @Column({ name: 'last_id', type: 'bigint' })
  lastId: string | number;

  /** Positions JSON, or null when the handling wrote no event. */
  @Column({ type: 'text', nullable: true })
  caused: string | null;

  @Column({ name: 'applied_at' })
  appliedAt: Date;
}
