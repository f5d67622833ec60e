import { Injectable } from '@nestjs/common';
import {
  MEMBER_NOT_FOUND,
  type AccountIdMessage,
  type Actor,
  type MemberAssignment,
  type MemberIdMessage,
  type MembersChanged,
  type MemberView,
  type UpdateMemberMessage,
} from '@wrenchlog/contracts';
import { notFound } from '@wrenchlog/platform';
import { SessionsService } from '../auth/sessions.service.js';
import { Transactions, type Tx } from '../common/transactions.js';
import { AccountMachines } from './account-machines.js';
import { assignmentFor, requireMayManage, requireOwnerLeft, requireRight } from './account.rules.js';
import { AccountsRepository } from './accounts.repository.js';
import { MemberEvents } from './member-events.js';
import { MembershipsRepository, type MemberRow } from './memberships.repository.js';
import { ApiTokensRepository } from '../tokens/api-tokens.repository.js';

export const toMemberView = (m: MemberRow): MemberView => ({
  userId: m.userId,
  name: m.name,
  email: m.email,
  role: m.role,
  machineIds: m.machineIds,
  joinedAt: m.joinedAt.toISOString(),
  lastActiveAt: m.lastActiveAt?.toISOString() ?? null,
});

/**
 * An account's members (issue 32): owners and managers change roles and assignments and remove
 * members; anyone leaves. Each change runs under the account's lock (the last-owner rule holds under
 * concurrent changes), raises the member's session version (their next request needs a token with
 * the new rights) and announces ACCOUNT_MEMBER_SAVED, all in one transaction.
 */
@Injectable()
export class MembersService {
  constructor(
    private readonly accounts: AccountsRepository,
    private readonly memberships: MembershipsRepository,
    private readonly machines: AccountMachines,
    private readonly events: MemberEvents,
    private readonly sessions: SessionsService,
    private readonly transactions: Transactions,
    private readonly apiTokens: ApiTokensRepository,
  ) {}

  /** The Members screen (owners and managers): names, emails, roles, assignments, activity. */
  async list(actor: Actor, { accountId }: AccountIdMessage): Promise<MemberView[]> {
    requireRight(await this.memberships.one(accountId, actor.userId), 'members.manage');
    return (await this.memberships.members(accountId)).map(toMemberView);
  }
  /** The caller's own assignment in their account (a service that has not heard of them yet asks). */
  async assignmentOf(caller: Actor): Promise<MemberAssignment> {
    const row = await this.memberships.one(caller.accountId, caller.userId);
    return { member: row !== null, machineIds: row?.machineIds ?? null, role: row?.role ?? null };
  }

  async update(actor: Actor, { accountId, userId, role, machineIds }: UpdateMemberMessage): Promise<MemberView> {
    // Asked before the transaction (a call to machine-service), and only of a manager of the account:
    // a stranger learns nothing of its machines.
    requireRight(await this.memberships.one(accountId, actor.userId), 'members.manage');
    await this.machines.requireOwn(accountId, machineIds);
    return this.transactions.run(async (tx) => {
      const target = await this.managed(tx, actor, accountId, userId, role);
      const newRole = role ?? target.role;
      requireOwnerLeft(target, newRole, await this.memberships.countOwners(tx, accountId));
      const assignment = assignmentFor(newRole, machineIds, target.machineIds);
      if (newRole === target.role && sameIds(assignment, target.machineIds)) {
        return toMemberView(target);
      }
      await this.memberships.update(tx, accountId, userId, { role: newRole, machineIds: assignment });
      const changed = { ...target, role: newRole, machineIds: assignment };
      await this.changed(tx, changed);
      return toMemberView(changed);
    });
  }

  /** Removes a member: their records stay the account's (and keep their name). */
  async remove(actor: Actor, { accountId, userId }: MemberIdMessage): Promise<MembersChanged> {
    return this.transactions.run(async (tx) => {
      const target = await this.managed(tx, actor, accountId, userId);
      return this.removeMember(tx, target);
    });
  }

  /** The caller leaves the account (not its last owner). */
  async leave(actor: Actor, { accountId }: AccountIdMessage): Promise<MembersChanged> {
    return this.transactions.run(async (tx) => {
      await this.accounts.lock(tx, accountId);
      const [self] = await this.memberships.members(accountId, tx, [actor.userId]);
      if (!self) {
        throw notFound(MEMBER_NOT_FOUND);
      }
      return this.removeMember(tx, self);
    });
  }

  private async removeMember(tx: Tx, target: MemberRow): Promise<MembersChanged> {
    requireOwnerLeft(target, null, await this.memberships.countOwners(tx, target.accountId));
    await this.memberships.remove(tx, target.accountId, target.userId);
    // Their API tokens of the account end with the membership: rejoining later does not revive them.
    await this.apiTokens.revokeMember(tx, target.accountId, target.userId, new Date());
    await this.changed(tx, { ...target, removed: true });
    return { endedSessionsOf: [target.userId] };
  }

  /** The member the caller may manage, locked: 404 for a stranger or an unknown member, 403 without the right. */
  private async managed(tx: Tx, actor: Actor, accountId: number, userId: number, newRole?: MemberRow['role']): Promise<MemberRow> {
    await this.accounts.lock(tx, accountId);
    const role = requireRight(await this.memberships.one(accountId, actor.userId, tx), 'members.manage');
    const [target] = await this.memberships.members(accountId, tx, [userId]);
    if (!target) {
      throw notFound(MEMBER_NOT_FOUND);
    }
    requireMayManage(role, target, newRole);
    return target;
  }

  private async changed(tx: Tx, member: MemberRow & { removed?: boolean }): Promise<void> {
    await this.sessions.raiseVersion(tx, member.userId);
    await this.events.announce(tx, [member]);
  }
}

function sameIds(a: number[] | null, b: number[] | null): boolean {
  return a === b || (a !== null && b !== null && a.length === b.length && a.every((id, i) => id === b[i]));
}
