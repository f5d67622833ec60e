import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A user's calendar feed secret, stored as its SHA-256 only; rotating replaces it. */
@Entity('calendar_tokens')
export class CalendarTokenEntity {
  @PrimaryColumn({ name: 'user_id', type: 'integer' })
  userId: number;

  @Column({ name: 'token_hash', type: 'varchar', length: 64 })
  tokenHash: string;

  @Column({ name: 'created_at' })
  createdAt: Date;
}
