import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * One refresh token of a family. A family starts at sign-in and ends at logout, at its absolute
 * expiry, or when a rotated (used) token is presented again: that reuse revokes the whole family.
 */
@Entity('refresh_tokens')
export class RefreshTokenEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'family_id', type: 'varchar', length: 36 })
  familyId: string;

  @Column({ name: 'user_id', type: 'integer' })
  userId: number;

  /** The account the session acts in (issue 32): a refresh keeps it, a switch changes it. Null: the user's last used. */
  @Column({ name: 'account_id', type: 'integer', nullable: true })
  accountId: number | null;

  /** SHA-256 of the token; the token itself is never stored. */
  @Column({ name: 'token_hash', type: 'varchar', length: 64, unique: true })
  tokenHash: string;

  @Column({ name: 'created_at' })
  createdAt: Date;

  /** The family's absolute expiry, copied to every token of the family. */
  @Column({ name: 'expires_at' })
  expiresAt: Date;

  @Column({ name: 'used_at', type: Date, nullable: true })
  usedAt: Date | null;

  @Column({ name: 'revoked_at', type: Date, nullable: true })
  revokedAt: Date | null;
}
