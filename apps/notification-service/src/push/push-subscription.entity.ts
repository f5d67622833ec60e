import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A browser's push subscription (one per device and account), the member's who enabled it last there. */
@Entity('push_subscriptions')
export class PushSubscriptionEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'account_id', type: 'integer' })
  accountId: number;

  /** The member (issue 32: per member and per account). */
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
