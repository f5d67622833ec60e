import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * The deliveries outbox: one row per (endpoint, fact), unique by `unique_key`, written in the
 * transaction of the fact. The dispatcher claims due rows, sends them and records each attempt.
 */
@Entity('webhook_deliveries')
export class DeliveryEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'account_id', type: 'integer' })
  accountId: number;

  @Column({ name: 'webhook_id', type: 'integer' })
  webhookId: number;

  /** The `webhook-id` header, the same on every attempt (receivers deduplicate by it). */
  @Column({ name: 'message_id', type: 'varchar', length: 64 })
  messageId: string;

  @Column({ name: 'unique_key', type: 'varchar', length: 200 })
  uniqueKey: string;

  @Column({ name: 'event_type', type: 'varchar', length: 40 })
  eventType: string;

  /** The JSON body, fixed at creation so every attempt signs the same bytes. */
  @Column({ type: 'text' })
  body: string;

  @Column({ type: 'varchar', length: 10 })
  status: string;

  @Column({ type: 'integer', default: 0 })
  attempts: number;

  @Column({ name: 'next_attempt_at', type: Date, nullable: true })
  nextAttemptAt: Date | null;

  @Column({ name: 'last_attempt_at', type: Date, nullable: true })
  lastAttemptAt: Date | null;

  @Column({ name: 'http_status', type: 'integer', nullable: true })
  httpStatus: number | null;

  @Column({ type: 'text', nullable: true })
  error: string | null;

  @Column({ name: 'created_at' })
  createdAt: Date;
}
