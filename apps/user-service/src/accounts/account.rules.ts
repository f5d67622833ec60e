import { ACCOUNT_NOT_FOUND, ASSIGNED_ROLES, ErrorCode, forbiddenMessage, roleMay, type AccountRole, type Right } from '@wrenchlog/contracts';
import { DomainError, forbidden, notFound, validationFailed } from '@wrenchlog/platform';

// The rules of managing an account (issue 32), apart from the SQL so each has a plain test.

export const LAST_OWNER = 'An account needs at least one owner: make another member an owner first (the last owner cannot leave, be demoted or be removed)';

/** The caller's role in the account named in the path: 404 for a non-member (existence not disclosed), 403 without the right. */
export function requireRight(membership: { role: AccountRole } | null, right: Right): AccountRole {
  if (!membership) {
    throw notFound(ACCOUNT_NOT_FOUND);
  }
  if (!roleMay(membership.role, right)) {
    throw forbidden(forbiddenMessage(membership.role, right));
  }
  return membership.role;
}

/**
 * Whether `actorRole` may give `target` (a member, or an invitee when `target` is null) the role
 * `newRole`: managers manage members other than owners and make nobody an owner.
 */
export function requireMayManage(actorRole: AccountRole, target: { role: AccountRole } | null, newRole?: AccountRole): void {
  if (actorRole === 'owner') {
    return;
  }
  if (target?.role === 'owner') {
    throw forbidden(`Your role (${actorRole}) cannot change or remove an owner`);
  }
  if (newRole === 'owner') {
    throw forbidden(`Your role (${actorRole}) cannot make anyone an owner`);
  }
}

/** 409 when the change would leave the account without an owner (`owners`: how many it has now). */
export function requireOwnerLeft(target: { role: AccountRole }, newRole: AccountRole | null, owners: number): void {
  if (target.role === 'owner' && newRole !== 'owner' && owners <= 1) {
    // The field the change came through: the new role, or the member removed (or leaving).
    throw new DomainError(ErrorCode.Conflict, LAST_OWNER, [{ field: newRole === null ? 'userId' : 'role', message: LAST_OWNER }]);
  }
}

/**
 * The assignment a member of `role` keeps: a list only for mechanics and operators (null: every
 * machine). 400 for a list given to another role, which sees every machine anyway.
 */
export function assignmentFor(role: AccountRole, machineIds: number[] | null | undefined, current: number[] | null = null): number[] | null {
  const ids = machineIds === undefined ? current : machineIds;
  if (!ASSIGNED_ROLES.includes(role)) {
    if (machineIds) {
      const message = `Only mechanics and operators are assigned machines; a ${role} sees every machine of the account`;
      throw validationFailed(message, [{ field: 'machineIds', message }]);
    }
    return null;
  }
  return ids === null ? null : [...new Set(ids)].sort((a, b) => a - b);
}

/** The confirmation of a deletion must be the account's name as it is (spaces around it aside). */
export function requireConfirmedName(name: string, confirmName: string): void {
  if (confirmName.trim() !== name.trim()) {
    const message = 'Type the account name exactly to confirm deleting it';
    throw validationFailed(message, [{ field: 'confirmName', message }]);
  }
}
