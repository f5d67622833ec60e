import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A browser's push subscription (one per device), owned by the user who enabled it last. */
@Entity('push_subscriptions')
export class PushSubscriptionEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'user_id', type: 'integer' })
  userId: number;

  @Column({ type: 'varchar', length: 2000 })
  endpoint: string;

  @Column({ type: 'varchar', length: 200 })
  p256dh: string;

  @Column({ type: 'varchar', length: 200 })
  auth: string;

  @Column({ name: 'created_at' })
  createdAt: Date;
}
