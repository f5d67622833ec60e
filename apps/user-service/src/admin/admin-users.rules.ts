import { isPlaceholderPassword, PLACEHOLDER_PASSWORD_MESSAGE } from '@wrenchlog/contracts';
import { conflict } from '@wrenchlog/platform';
import type { UserEntity } from '../users/user.entity.js';
import type { UserChange } from '../users/users.repository.js';

/** What an administrator may change on an account; absent fields stay as they are. */
export interface AccountChange {
  name?: string;
  userSelfDescription?: string | null;
  password?: string | null;
  enabled?: boolean;
  /** The approve call: an approval even of an account that is already enabled. */
  approval?: boolean;
  publicUrl?: string;
}

type Account = Pick<UserEntity, 'id' | 'enabled'>;

/** Whether the change approves the account: the approve call always, an edit when it enables a disabled account. */
export const approves = (account: Account, change: AccountChange): boolean => change.approval === true || (change.enabled === true && !account.enabled);

/**
 * The rules of an administrator's change, in one place for the edit dialog and the approval:
 * throws 409 when the spec's approval rule refuses it (the password sent with an approval has
 * more than 4 hyphens, so it looks like a placeholder) or when the administrator would disable
 * their own account.
 */
export function checkAccountChange(account: Account, change: AccountChange, adminId: number): void {
  if (approves(account, change) && isPlaceholderPassword(change.password)) {
    throw conflict(PLACEHOLDER_PASSWORD_MESSAGE);
  }
  if (change.enabled === false && account.id === adminId) {
    throw conflict('You cannot disable your own account.');
  }
}

/** The columns the change writes; `passwordHash` is the hash of `change.password`, when one was sent. */
export function accountColumns(change: AccountChange, passwordHash: string | undefined): UserChange {
  const columns: UserChange = {};
  if (typeof change.name === 'string') {
    columns.name = change.name.trim();
  }
  if (change.userSelfDescription !== undefined) {
    columns.userSelfDescription = change.userSelfDescription?.trim() || null;
  }
  if (passwordHash) {
    columns.passwordHash = passwordHash;
    // A password that itself looks like a placeholder keeps the account unapprovable.
    columns.passwordIsPlaceholder = isPlaceholderPassword(change.password);
  }
  if (change.enabled !== undefined) {
    columns.enabled = change.enabled;
  }
  return columns;
}

/**
 * What follows the change: a new password or a disabled account ends the user's sessions; an
 * account that became enabled is sent its set-password link.
 */
export function changeEffects(
  before: Pick<UserEntity, 'enabled'>,
  after: Pick<UserEntity, 'enabled'>,
  passwordChanged: boolean,
): { endSessions: boolean; sendSetupLink: boolean } {
  return {
    endSessions: passwordChanged || (before.enabled && !after.enabled),
    sendSetupLink: !before.enabled && after.enabled,
  };
}
