import type { AccountRole } from '@wrenchlog/contracts';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { idList } from './membership.entity.js';

/** An emailed invitation to an account; only the SHA-256 of its link's token is stored. */
@Entity('invitations')
export class InvitationEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'account_id', type: 'integer' })
  accountId: number;

  /** The invited address, lower-case: only the person signed in with it may accept. */
  @Column({ type: 'varchar', length: 254 })
  email: string;

  @Column({ type: 'varchar', length: 16 })
  role: AccountRole;

  @Column({ name: 'machine_ids', type: 'text', nullable: true, transformer: idList })
  machineIds: number[] | null;

  @Column({ name: 'token_hash', type: 'varchar', length: 64, unique: true })
  tokenHash: string;

  @Column({ name: 'invited_by', type: 'integer', nullable: true })
  invitedBy: number | null;

  @Column({ name: 'created_at' })
  createdAt: Date;

  @Column({ name: 'expires_at' })
  expiresAt: Date;

  /** Set when accepted (a link works once). */
  @Column({ name: 'used_at', type: Date, nullable: true })
  usedAt: Date | null;
}
