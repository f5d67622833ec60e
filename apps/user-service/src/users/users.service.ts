import { Injectable } from '@nestjs/common';
import type { Actor, CurrentUser, UpdateMeRequest } from '@wrenchlog/contracts';
import { notFound, validationFailed } from '@wrenchlog/platform';
import { AccountsRepository, type Membership } from '../accounts/accounts.repository.js';
import { MemberEvents } from '../accounts/member-events.js';
import { Transactions } from '../common/transactions.js';
import type { UserEntity } from './user.entity.js';
import { UsersRepository } from './users.repository.js';

export const toCurrentUser = (u: UserEntity, m: Membership): CurrentUser => ({
  id: u.id,
  name: u.name,
  username: u.username,
  adminLevel: u.adminLevel,
  accountId: m.accountId,
  role: m.role,
});

@Injectable()
export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly accounts: AccountsRepository,
    private readonly events: MemberEvents,
    private readonly transactions: Transactions,
  ) {}

  async me(actor: Actor): Promise<CurrentUser> {
    const user = await this.own(actor);
    return toCurrentUser(user, await this.membership(actor));
  }

  /**
   * Settings: the signed-in user changes their own account name (the only field they may edit). It
   * is what "Added by" shows, so each of their memberships is announced with it.
   */
  async updateMe(actor: Actor, request: UpdateMeRequest): Promise<CurrentUser> {
    const user = await this.own(actor);
    const name = request.name.trim();
    if (!name) {
      throw validationFailed('Account name is required', [{ field: 'name', message: 'Account name is required' }]);
    }
    await this.transactions.run(async (tx) => {
      await this.users.update(user.id, { name }, tx);
      await this.events.announceName(tx, user.id, name);
    });
    return toCurrentUser({ ...user, name }, await this.membership(actor));
  }

  /** The account the caller's token names (when they still belong to it), else their first. */
  private async membership(actor: Actor): Promise<Membership> {
    const membership = await this.accounts.membershipOf(actor.userId, actor.accountId);
    if (!membership) {
      throw notFound('User not found');
    }
    return membership;
  }

  private async own(actor: Actor): Promise<UserEntity> {
    const { userId } = actor;
    const user = await this.users.byId(userId);
    if (!user) {
      throw notFound('User not found');
    }
    return user;
  }
}
