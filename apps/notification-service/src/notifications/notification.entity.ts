import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One notification of a user: what the bell and the list show, and what the digest reports. */
@Entity('notifications')
export class NotificationEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'user_id', type: 'integer' })
  userId: number;

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

  @Column({ name: 'read_at', type: Date, nullable: true })
  readAt: Date | null;
}
