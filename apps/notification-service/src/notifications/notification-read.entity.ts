import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A member has read a notification of their account (issue 32: read state per member). */
@Entity('notification_reads')
export class NotificationReadEntity {
  @PrimaryColumn({ name: 'notification_id', type: 'integer' })
  notificationId: number;

  @PrimaryColumn({ name: 'user_id', type: 'integer' })
  userId: number;

  @Column({ name: 'read_at' })
  readAt: Date;
}
