import type { AccountRole } from '@wrenchlog/contracts/limits';
import { ApiError } from '../../api/client';
import { serverFieldErrors } from '../../core/forms/server-errors';
import { ACCOUNT_NAME_MAX } from './accounts-api';

// Texts and rules of the account screens (issue 32), apart from the screens so they are tested alone.

export { ROLE_LABELS } from '../../core/rights';
export { ACCOUNT_NAME_MAX } from './accounts-api';

export const ROLE_HINTS: Record<AccountRole, string> = {
  owner: 'Everything, including members and the account',
  manager: 'Everything except the account; manages members other than owners',
  mechanic: 'Service records, parts, readings and schedules; sees costs',
  operator: 'Fuel and meter readings on assigned machines; sees no money',
  viewer: 'Reads everything, changes nothing',
};

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
    return 'Account name is required';
  }
  if (trimmed.length > ACCOUNT_NAME_MAX) {
    return `Account name must be at most ${ACCOUNT_NAME_MAX} characters`;
  }
  return null;
}

export function emailError(email: string): string | null {
  const trimmed = email.trim();
  if (!trimmed) {
    return 'Email is required';
  }
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(trimmed) ? null : 'Enter a valid email address';
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
    return 'All machines';
  }
  if (ids.length === 0) {
    return 'No machines';
  }
  const known = ids.map((id) => names.get(id)).filter((n): n is string => !!n);
  const head = `${ids.length} machine${ids.length === 1 ? '' : 's'}`;
  return known.length ? `${head}: ${known.join(', ')}` : head;
}
