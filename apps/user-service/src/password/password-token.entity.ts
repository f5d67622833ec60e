import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

export type PasswordTokenPurpose = 'setup' | 'reset';

/**
 * A single-use link to set a password: sent on approval ('setup', 48 h) or on a forgotten
 * password ('reset', 1 h). Only the SHA-256 of the token is stored; the token is only in the email.
 */
@Entity('password_tokens')
export class PasswordTokenEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'user_id', type: 'integer' })
  userId: number;

  @Column({ name: 'token_hash', type: 'varchar', length: 64, unique: true })
  tokenHash: string;

  @Column({ type: 'varchar', length: 16 })
  purpose: PasswordTokenPurpose;

  @Column({ name: 'created_at' })
  createdAt: Date;

  @Column({ name: 'expires_at' })
  expiresAt: Date;

  /** Set when the link was used, or retired by a newer link or a password change. */
  @Column({ name: 'used_at', type: Date, nullable: true })
  usedAt: Date | null;
}
