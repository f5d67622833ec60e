import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** An email waiting to be sent: written in the transaction of the change it reports, deleted once sent. */
@Entity('mail_messages')
export class MailMessageEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 254 })
  recipient: string;

  @Column({ type: 'varchar', length: 255 })
  subject: string;

  @Column({ type: 'text' })
  body: string;

  @Column({ name: 'reply_to', type: 'varchar', length: 254, nullable: true })
  replyTo: string | null;

  @Column({ type: 'integer', default: 0 })
  attempts: number;

  @Column({ name: 'next_attempt_at' })
  nextAttemptAt: Date;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError: string | null;

  @Column({ name: 'created_at' })
  createdAt: Date;
}
