import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { AuditedAccountRow } from '@wrenchlog/platform';

/** An account's webhook endpoint: its URL, the events it wants and its signing secret. */
@Entity('webhooks')
export class WebhookEntity extends AuditedAccountRow {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 2000 })
  url: string;

  /** The event types as JSON text. */
  @Column({ type: 'text' })
  events: string;

  /** `whsec_` + base64: what signs every request (shown to the user once). */
  @Column({ type: 'varchar', length: 100 })
  secret: string;

  @Column({ name: 'created_at' })
  createdAt: Date;
}
