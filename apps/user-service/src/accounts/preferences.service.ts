import { Injectable } from '@nestjs/common';
import {
  ACCOUNT_NOT_FOUND,
  MEMBER_NOT_FOUND,
  pickPreferences,
  resolvePreferences,
  type AccountDefaultsMessage,
  type AccountDetailView,
  type Actor,
  type PreferencesInput,
  type PreferencesView,
} from '@wrenchlog/contracts';
import { notFound } from '@wrenchlog/platform';
import { Transactions } from '../common/transactions.js';
import { requireRight } from './account.rules.js';
import { AccountsRepository } from './accounts.repository.js';
import { MemberEvents } from './member-events.js';
import { MembershipsRepository } from './memberships.repository.js';

/**
 * A member's preferences and their account's defaults (issue 34): units, currency, date format,
 * first day of the week, time zone, theme and language. Each is stored as the fields set; a read
 * resolves every field (the member's, else the account's, else the built-in default).
 */
@Injectable()
export class PreferencesService {
  constructor(
    private readonly accounts: AccountsRepository,
    private readonly memberships: MembershipsRepository,
    private readonly transactions: Transactions,
    private readonly events: MemberEvents,
  ) {}

  /** The caller's preferences in the account they are signed in to. */
  async get(actor: Actor): Promise<PreferencesView> {
    const [membership, account] = await Promise.all([this.memberships.one(actor.accountId, actor.userId), this.accounts.byId(actor.accountId)]);
    if (!membership || !account) {
      throw notFound(MEMBER_NOT_FOUND);
    }
    return view(membership.preferences ?? {}, account.defaults ?? {});
  }

  /** Replaces the caller's own preferences: a field left out (or null) falls back again. */
  async update(actor: Actor, input: PreferencesInput): Promise<PreferencesView> {
    const own = pickPreferences(input);
    const defaults = await this.transactions.run(async (tx) => {
      const [membership, account] = await Promise.all([this.memberships.one(actor.accountId, actor.userId, tx), this.accounts.byId(actor.accountId, tx)]);
      if (!membership || !account) {
        throw notFound(MEMBER_NOT_FOUND);
      }
      await this.memberships.update(tx, actor.accountId, actor.userId, { preferences: own });
      // The other services follow the member's time zone (notification-service's digest hour).
      await this.events.announce(tx, await this.memberships.members(actor.accountId, tx, [actor.userId]));
      return account.defaults ?? {};
    });
    return view(own, defaults);
  }

  /** GET /api/accounts/{id}: any member reads it with its defaults; 404 for anyone else. */
  async account(actor: Actor, accountId: number): Promise<AccountDetailView> {
    const [membership, account] = await Promise.all([this.memberships.one(accountId, actor.userId), this.accounts.byId(accountId)]);
    if (!membership || !account) {
      throw notFound(ACCOUNT_NOT_FOUND);
    }
    return detail(account.id, account.name, membership.role, account.defaults ?? {});
  }

  /** Owners and managers replace the account's defaults (403 for the other roles, 404 for a non-member). */
  async setDefaults(actor: Actor, { accountId, defaults }: AccountDefaultsMessage): Promise<AccountDetailView> {
    const own = pickPreferences(defaults);
    return this.transactions.run(async (tx) => {
      const role = requireRight(await this.memberships.one(accountId, actor.userId, tx), 'account.defaults');
      const account = await this.accounts.byId(accountId, tx);
      if (!account) {
        throw notFound(ACCOUNT_NOT_FOUND);
      }
      await this.accounts.setDefaults(tx, accountId, own);
      await this.events.announceAccount(tx, accountId);
      return detail(account.id, account.name, role, own);
    });
  }
}

function view(own: PreferencesView['own'], accountDefaults: PreferencesView['own']): PreferencesView {
  return { ...resolvePreferences(own, accountDefaults), own: pickPreferences(own), accountDefaults: resolvePreferences({}, accountDefaults) };
}

function detail(id: number, name: string, role: AccountDetailView['role'], ownDefaults: AccountDetailView['ownDefaults']): AccountDetailView {
  return { id, name, role, defaults: resolvePreferences({}, ownDefaults), ownDefaults: pickPreferences(ownDefaults) };
}
