import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity('users')
export class UserEntity {
  @PrimaryGeneratedColumn()
  id: number;

  /** The sign-in email, stored lower-case. */
  @Column({ type: 'varchar', length: 254, unique: true })
  username: string;

  @Column({ type: 'varchar', length: 120 })
  name: string;

  @Column({ name: 'password_hash', type: 'varchar', length: 255, nullable: true })
  passwordHash: string | null;

  /** True while the stored hash is of the unusable signup placeholder: approval is refused until it changes. */
  @Column({ name: 'password_is_placeholder', type: 'boolean', default: false })
  passwordIsPlaceholder: boolean;

  @Column({ name: 'admin_level', type: 'integer', default: 0 })
  adminLevel: number;

  @Column({ type: 'boolean', default: false })
  enabled: boolean;

  @Column({ name: 'user_self_description', type: 'text', nullable: true })
  userSelfDescription: string | null;

  @Column({ name: 'create_date' })
  createDate: Date;

  /** Raised by SessionsService.endSessions: access tokens issued with an older value are refused. */
  @Column({ name: 'session_version', type: 'integer', default: 0 })
  sessionVersion: number;

  /** When the sessions were last ended (the gateway polls for these to drop its cached state). */
  @Column({ name: 'sessions_ended_at', type: Date, nullable: true })
  sessionsEndedAt: Date | null;
}
