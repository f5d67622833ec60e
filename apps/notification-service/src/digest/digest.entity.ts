import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One user's digest of one local day: the unique (user, date) makes it once, whatever the replicas. */
@Entity('digests')
export class DigestEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'user_id', type: 'integer' })
  userId: number;

  @Column({ name: 'local_date', type: 'varchar', length: 10 })
  localDate: string;

  /** Items reported (0: nothing to say, no email). */
  @Column({ type: 'integer' })
  items: number;

  @Column({ name: 'created_at' })
  createdAt: Date;
}
