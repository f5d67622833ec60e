import type { PreferenceValues } from '@wrenchlog/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';
import { preferencesJson } from './membership.entity.js';

/**
 * An account (issue 32): it owns machines and every record of them; people reach it as members.
 * Its id is given, not generated: every account so far is a person's first one and carries that
 * person's user id, so the other services move their rows from owner user to account by copying the
 * id (see the README).
 */
@Entity('accounts')
export class AccountEntity {
  @PrimaryColumn({ type: 'integer' })
  id: number;

  @Column({ type: 'varchar', length: 120 })
  name: string;

  @Column({ name: 'created_at' })
  createdAt: Date;

  /** The defaults of its members' preferences (issue 34): the fields set; the others are the built-in ones. */
  @Column({ type: 'text', nullable: true, transformer: preferencesJson })
  defaults?: PreferenceValues;
}
