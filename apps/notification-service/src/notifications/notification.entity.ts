import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * One notification of an account: what the bell and the list show its members (those who may see
 * its machine and kind), and what the digest reports. Each member's read state is a
 * NotificationReadEntity. `read_at`, the owner's before accounts, is left in the table unread.
 */
@Entity('notifications')
export class NotificationEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'account_id', type: 'integer' })
  accountId: number;

  /** The one member a personal notification is for (a weekly report); null: every member who may see it. */
  @Column({ name: 'user_id', type: 'integer', nullable: true })
  userId: number | null;

  @Column({ type: 'varchar', length: 30 })
  kind: string;

  @Column({ type: 'text' })
  title: string;

  @Column({ name: 'machine_id', type: 'integer', nullable: true })
  machineId: number | null;

  @Column({ name: 'schedule_id', type: 'integer', nullable: true })
  scheduleId: number | null;

  @Column({ type: 'varchar', length: 300 })
  link: string;

  @Column({ name: 'dedupe_key', type: 'varchar', length: 200 })
  dedupeKey: string;

  @Column({ name: 'in_app', type: 'boolean', default: true })
  inApp: boolean;

  @Column({ name: 'created_at' })
  createdAt: Date;
}
