import { Injectable } from '@nestjs/common';
import { AccountsRepository } from '../accounts/accounts.repository.js';
import { MemberEvents } from '../accounts/member-events.js';
import { Transactions } from '../common/transactions.js';
import type { UserEntity } from './user.entity.js';
import { UsersRepository, type NewUser } from './users.repository.js';

/**
 * The one way a user comes to exist with their own account (signup, the first administrator), in one
 * transaction that announces the membership. A person who joins by invitation has only that membership.
 */
@Injectable()
export class NewUsers {
  constructor(
    private readonly users: UsersRepository,
    private readonly accounts: AccountsRepository,
    private readonly transactions: Transactions,
    private readonly events: MemberEvents,
  ) {}

  create(fields: NewUser): Promise<UserEntity> {
    return this.transactions.run(async (tx) => {
      const user = await this.users.add(fields, tx);
      const membership = await this.accounts.addFirstAccount(tx, user);
      await this.events.announce(tx, [{ ...membership, userId: user.id, name: user.name, machineIds: null }]);
      return user;
    });
  }
}
