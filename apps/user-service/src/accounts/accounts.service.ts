import { Injectable, Logger } from '@nestjs/common';
import {
  ACCOUNT_DELETED,
  ACCOUNT_NOT_FOUND,
  type AccountName,
  type AccountDeletedEvent,
  type AccountView,
  type Actor,
  type AdminAccountView,
  type DeleteAccountMessage,
  type MembersChanged,
  type RenameAccountMessage,
} from '@wrenchlog/contracts';
import { conflict, notFound, Outbox } from '@wrenchlog/platform';
import { SessionsService } from '../auth/sessions.service.js';
import { Transactions } from '../common/transactions.js';
import { UsersRepository } from '../users/users.repository.js';
import { AccountMachines } from './account-machines.js';
import { requireConfirmedName, requireRight } from './account.rules.js';
import { AccountsRepository } from './accounts.repository.js';
import { MemberEvents } from './member-events.js';
import { MembershipsRepository } from './memberships.repository.js';

const ADMIN_COUNT_CONCURRENCY = 8;

/** The caller's accounts: list, create, rename, delete (issue 32), and the administrator's list of all. */
@Injectable()
export class AccountsService {
  private readonly logger = new Logger(AccountsService.name);

  constructor(
    private readonly accounts: AccountsRepository,
    private readonly memberships: MembershipsRepository,
    private readonly users: UsersRepository,
    private readonly machines: AccountMachines,
    private readonly events: MemberEvents,
    private readonly outbox: Outbox,
    private readonly sessions: SessionsService,
    private readonly transactions: Transactions,
  ) {}

  /** The caller's memberships with their counts (one query for the member counts, one machine-service call per account). */
  async list(actor: Actor): Promise<AccountView[]> {
    const mine = await this.accounts.membershipsOf(actor.userId);
    const [members, machines] = await Promise.all([
      this.accounts.memberCounts(mine.map((m) => m.accountId)),
      Promise.all(mine.map((m) => this.machines.count(m.accountId))),
    ]);
    return mine.map((m, i) => ({
      id: m.accountId,
      name: m.name,
      role: m.role,
      machineCount: machines[i],
      memberCount: members.get(m.accountId) ?? 0,
      current: m.accountId === actor.accountId,
    }));
  }

  /** The names of the caller's accounts (one query; no counts, unlike `list`). */
  async names(actor: Actor): Promise<AccountName[]> {
    return (await this.accounts.membershipsOf(actor.userId)).map((m) => ({ id: m.accountId, name: m.name }));
  }

  /** "New account": open to every user, who is its owner. */
  async create(actor: Actor, name: string): Promise<AccountView> {
    const user = await this.users.byId(actor.userId);
    if (!user) {
      throw notFound('User not found');
    }
    const owner = await this.transactions.run(async (tx) => {
      const created = await this.accounts.addAccount(tx, name.trim(), actor.userId, new Date());
      await this.events.announce(tx, [{ ...created, name: user.name }]);
      return created;
    });
    return { id: owner.accountId, name: name.trim(), role: 'owner', machineCount: 0, memberCount: 1, current: false };
  }

  async rename(actor: Actor, { accountId, name }: RenameAccountMessage): Promise<AccountView> {
    await this.transactions.run(async (tx) => {
      requireRight(await this.memberships.one(accountId, actor.userId, tx), 'account.manage');
      await this.accounts.rename(tx, accountId, name.trim());
    });
    const view = (await this.list(actor)).find((a) => a.id === accountId);
    if (!view) {
      throw notFound(ACCOUNT_NOT_FOUND);
    }
    return view;
  }

  /**
   * Deletes the account, its memberships and invitations, in one transaction that also announces
   * every member as removed and publishes ACCOUNT_DELETED for the services that own its records.
   * Every member's access tokens stop counting (those signed in to it refresh into another account).
   */
  async delete(actor: Actor, { accountId, confirmName }: DeleteAccountMessage): Promise<MembersChanged> {
    const endedSessionsOf = await this.transactions.run(async (tx) => {
      await this.accounts.lock(tx, accountId);
      requireRight(await this.memberships.one(accountId, actor.userId, tx), 'account.manage');
      const account = await this.accounts.byId(accountId, tx);
      if (!account) {
        throw notFound(ACCOUNT_NOT_FOUND);
      }
      requireConfirmedName(account.name, confirmName);
      if ((await this.accounts.membershipsOf(actor.userId, tx)).length <= 1) {
        // Every session acts in an account: without one, the owner could no longer sign in.
        throw conflict('This is your only account: create another account before deleting this one');
      }
      const members = await this.memberships.members(accountId, tx);
      const at = new Date();
      await this.events.announce(
        tx,
        members.map((m) => ({ ...m, removed: true })),
        at,
      );
      const deleted: AccountDeletedEvent = { accountId, at: at.toISOString() };
      await this.outbox.enqueue(tx, ACCOUNT_DELETED, deleted, { actor });
      await this.accounts.remove(tx, accountId);
      for (const m of members) {
        await this.sessions.raiseVersion(tx, m.userId);
      }
      return members.map((m) => m.userId);
    });
    this.logger.log(`account #${accountId} deleted by user #${actor.userId} (${endedSessionsOf.length} members)`);
    return { endedSessionsOf };
  }

  /** The instance administrator's list: every account with its member and machine counts. */
  async adminList(): Promise<AdminAccountView[]> {
    const all = await this.accounts.all();
    const ids = all.map((a) => a.account.id);
    const members = await this.accounts.memberCounts(ids);
    // A few machine-service calls at a time: an instance may hold thousands of accounts.
    const machines: (number | null)[] = [];
    for (let i = 0; i < ids.length; i += ADMIN_COUNT_CONCURRENCY) {
      machines.push(...(await Promise.all(ids.slice(i, i + ADMIN_COUNT_CONCURRENCY).map((id) => this.machines.count(id)))));
    }
    return all.map(({ account, ownerNames }, i) => ({
      id: account.id,
      name: account.name,
      createdAt: account.createdAt.toISOString(),
      memberCount: members.get(account.id) ?? 0,
      ownerNames,
      machineCount: machines[i],
    }));
  }
}
