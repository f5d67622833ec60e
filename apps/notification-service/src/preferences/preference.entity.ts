import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A member's notification settings in one account; a member without a row has the defaults. */
@Entity('notification_preferences')
export class PreferenceEntity {
  @PrimaryColumn({ name: 'account_id', type: 'integer' })
  accountId: number;

  /** The member (issue 32: per member and per account). */
  @PrimaryColumn({ name: 'user_id', type: 'integer' })
  userId: number;

  @Column({ name: 'digest_time', type: 'varchar', length: 5 })
  digestTime: string;

  @Column({ name: 'time_zone', type: 'varchar', length: 64 })
  timeZone: string;

  /** The channels of each kind, as JSON text (the same on SQLite and PostgreSQL). */
  @Column({ type: 'text' })
  kinds: string;

  @Column({ name: 'updated_at' })
  updatedAt: Date;
}
