import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** An account's webhook endpoint: its URL, the events it wants and its signing secret. */
@Entity('webhooks')
export class WebhookEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'account_id', type: 'integer' })
  accountId: number;

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

  /** Who added it and who last changed it (user ids; issue 32). */
  @Column({ name: 'created_by', type: 'integer', nullable: true })
  createdBy: number | null;

  @Column({ name: 'updated_by', type: 'integer', nullable: true })
  updatedBy: number | null;
}
