import type { AccountRole } from '@wrenchlog/contracts/limits';
import { ApiError } from '../../api/client';
import { serverFieldErrors } from '../../core/forms/server-errors';
import { ACCOUNT_NAME_MAX } from './accounts-api';
import { i18n } from '../../core/i18n/i18n';
import './i18n';

const t = i18n.getFixedT(null, 'accounts');

// Texts and rules of the account screens (issue 32), apart from the screens so they are tested alone.

export { ROLE_LABELS } from '../../core/rights';
export { ACCOUNT_NAME_MAX } from './accounts-api';

/** What a role may do, in a line ('Reads everything, changes nothing'), in the reader's language. */
export function roleHint(role: AccountRole): string {
  return t(`roleHints.${role}`);
}

/** A role inside a sentence ('invited you as operator'): lower case in English, a noun in German. */
export function roleInSentence(role: AccountRole): string {
  return t(`rolesInSentence.${role}`);
}

/** The roles a member may give: a manager gives every role but owner (the server says the same). */
export function assignableRoles(myRole: AccountRole): AccountRole[] {
  const all: AccountRole[] = ['owner', 'manager', 'mechanic', 'operator', 'viewer'];
  return myRole === 'owner' ? all : all.filter((r) => r !== 'owner');
}

/** Whether I may change or remove this member: an owner anyone, a manager anyone but owners. */
export function mayManage(myRole: AccountRole, theirRole: AccountRole): boolean {
  return myRole === 'owner' || (myRole === 'manager' && theirRole !== 'owner');
}

/** Operators and mechanics work on their assigned machines (ASSIGNED_ROLES). */
export function hasAssignment(role: AccountRole): boolean {
  return role === 'operator' || role === 'mechanic';
}

export function accountNameError(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) {
    return t('errors.accountNameRequired');
  }
  if (trimmed.length > ACCOUNT_NAME_MAX) {
    return t('errors.accountNameTooLong', { max: ACCOUNT_NAME_MAX });
  }
  return null;
}

export function emailError(email: string): string | null {
  const trimmed = email.trim();
  if (!trimmed) {
    return t('errors.emailRequired');
  }
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(trimmed) ? null : t('errors.emailInvalid');
}

/**
 * What to say when a write was refused: the server's field message for `field` when there is one,
 * else its message (409 "An account must keep an owner", 403 "Your role ..."), else `fallback`.
 */
export function refusal(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.status < 500) {
    const fields = Object.values(serverFieldErrors(err));
    return fields[0] ?? err.body?.message ?? fallback;
  }
  return fallback;
}

/** "All machines", or "2 machines: Digger, Loader" (names of those still known). */
export function machinesText(ids: number[] | null, names: Map<number, string>): string {
  if (ids === null) {
    return t('machines.all');
  }
  if (ids.length === 0) {
    return t('machines.none');
  }
  const known = ids.map((id) => names.get(id)).filter((n): n is string => !!n);
  const head = t('machines.count', { count: ids.length });
  return known.length ? t('machines.named', { head, names: known.join(', ') }) : head;
}
