import type { ServiceName } from '@wrenchlog/contracts';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** An event written in the same transaction as the change it reports, published after commit. */
@Entity('outbox_events')
export class OutboxEvent {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 120 })
  event: string;

  /** The subscriber this row is for; null (older rows) means every subscriber of the event. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  target: ServiceName | null;

  /** The RpcMessage envelope as JSON. */
  @Column({ type: 'text' })
  message: string;

  @Column({ type: 'integer', default: 0 })
  attempts: number;

  @Column({ name: 'next_attempt_at' })
  nextAttemptAt: Date;

  @Column({ name: 'created_at' })
  createdAt: Date;
}
