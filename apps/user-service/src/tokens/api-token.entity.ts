import type { ApiTokenScope } from '@wrenchlog/contracts';
import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn, type ValueTransformer } from 'typeorm';
import { idList } from '../accounts/membership.entity.js';

/** Scopes as one comma-separated column (two possible values; no table of their own). */
const scopeList: ValueTransformer = {
  to: (scopes: ApiTokenScope[] | undefined) => scopes?.join(','),
  from: (text: string | null) => (text ? (text.split(',') as ApiTokenScope[]) : []),
};

/** A member's personal API token (issue 33); only the SHA-256 of the token is stored. */
@Entity('api_tokens')
export class ApiTokenEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'account_id', type: 'integer' })
  accountId: number;

  @Column({ name: 'user_id', type: 'integer' })
  userId: number;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  /** The token's first characters, shown in lists to tell tokens apart. */
  @Column({ type: 'varchar', length: 16 })
  prefix: string;

  @Column({ name: 'token_hash', type: 'varchar', length: 64, unique: true })
  tokenHash: string;

  @Column({ type: 'varchar', length: 32, transformer: scopeList })
  scopes: ApiTokenScope[];

  /** null: every machine the member sees. */
  @Column({ name: 'machine_ids', type: 'text', nullable: true, transformer: idList })
  machineIds: number[] | null;

  @Column({ name: 'created_at' })
  createdAt: Date;

  /** The first instant it no longer works (midnight UTC starting the day after its last day). */
  @Column({ name: 'expires_at' })
  expiresAt: Date;

  @Column({ name: 'revoked_at', type: Date, nullable: true })
  revokedAt: Date | null;

  @Column({ name: 'last_used_at', type: Date, nullable: true })
  lastUsedAt: Date | null;

  @Column({ name: 'last_used_ip', type: 'varchar', length: 64, nullable: true })
  lastUsedIp: string | null;
}

/** Requests of one token in one minute, summed over the gateway replicas' reports. */
@Entity('api_token_usage')
export class ApiTokenUsageEntity {
  @PrimaryColumn({ name: 'token_id', type: 'integer' })
  tokenId: number;

  /** ms since the epoch / 60,000. */
  @PrimaryColumn({ name: 'window_start', type: 'integer' })
  windowStart: number;

  @Column({ type: 'integer' })
  count: number;
}
