import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A member's calendar feed secret in one account, stored as its SHA-256 only; rotating replaces it. */
@Entity('calendar_tokens')
export class CalendarTokenEntity {
  @PrimaryColumn({ name: 'account_id', type: 'integer' })
  accountId: number;

  /** The member (issue 32: per member and per account). */
  @PrimaryColumn({ name: 'user_id', type: 'integer' })
  userId: number;

  @Column({ name: 'token_hash', type: 'varchar', length: 64 })
  tokenHash: string;

  @Column({ name: 'created_at' })
  createdAt: Date;
}
