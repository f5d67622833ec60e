import { pickPreferences, type AccountRole, type PreferenceValues } from '@wrenchlog/contracts';
import { Column, Entity, PrimaryColumn, type ValueTransformer } from 'typeorm';

/** A list of ids stored as JSON text (both engines); null stays null. */
export const idList: ValueTransformer = {
  to: (ids: number[] | null | undefined) => (ids == null ? null : JSON.stringify(ids)),
  from: (text: string | null) => (text == null ? null : (JSON.parse(text) as number[])),
};

/** A preferences object stored as JSON text (both engines): only the known, valid fields come back. */
export const preferencesJson: ValueTransformer = {
  to: (values: PreferenceValues | null | undefined) => (values == null ? null : JSON.stringify(pickPreferences(values))),
  from: (text: string | null) => (text == null ? {} : pickPreferences(JSON.parse(text))),
};

/** A person's place in an account: their role there and since when. */
@Entity('memberships')
export class MembershipEntity {
  @PrimaryColumn({ name: 'account_id', type: 'integer' })
  accountId: number;

  @PrimaryColumn({ name: 'user_id', type: 'integer' })
  userId: number;

  @Column({ type: 'varchar', length: 16 })
  role: AccountRole;

  @Column({ name: 'joined_at' })
  joinedAt: Date;

  /** An operator's or mechanic's machines; null for every machine of the account (and for the other roles). */
  @Column({ name: 'machine_ids', type: 'text', nullable: true, transformer: idList })
  machineIds: number[] | null;

  /** When the member last got an access token for this account (sign-in, refresh, switch): the account sign-in picks. */
  @Column({ name: 'last_active_at', type: Date, nullable: true })
  lastActiveAt: Date | null;

  /** When ACCOUNT_MEMBER_SAVED last went out for this row; null until the startup backfill announces it. */
  @Column({ name: 'announced_at', type: Date, nullable: true })
  announcedAt: Date | null;

  /** The member's own preferences (issue 34): the fields they set; the others fall back to the account's defaults. */
  @Column({ type: 'text', nullable: true, transformer: preferencesJson })
  preferences?: PreferenceValues;
}
