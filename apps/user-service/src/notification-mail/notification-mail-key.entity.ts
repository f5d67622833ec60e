import { Column, Entity, PrimaryColumn } from 'typeorm';

/** An email notification-service asked for, by its key: a redelivered request sends nothing more. */
@Entity('notification_mail_keys')
export class NotificationMailKeyEntity {
  @PrimaryColumn({ type: 'varchar', length: 200 })
  key: string;

  @Column({ name: 'created_at' })
  createdAt: Date;
}
