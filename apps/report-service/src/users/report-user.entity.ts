import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A user's time zone as notification.timeZone.changed last told it (UTC until heard of). */
@Entity('report_users')
export class ReportUserEntity {
  @PrimaryColumn({ name: 'user_id', type: 'integer' })
  userId: number;

  /** An IANA time zone. */
  @Column({ name: 'time_zone', type: 'varchar', length: 64 })
  timeZone: string;

  @Column({ name: 'updated_at' })
  updatedAt: Date;
}
