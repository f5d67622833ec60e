import { Injectable } from '@nestjs/common';
import { AccountsRepository } from '../accounts/accounts.repository.js';
import { Transactions } from '../common/transactions.js';
import type { UserEntity } from './user.entity.js';
import { UsersRepository, type NewUser } from './users.repository.js';

/** The one way a user comes to exist (signup, the first administrator): with their own account, in one transaction. */
@Injectable()
export class NewUsers {
  constructor(
    private readonly users: UsersRepository,
    private readonly accounts: AccountsRepository,
    private readonly transactions: Transactions,
  ) {}

  create(fields: NewUser): Promise<UserEntity> {
    return this.transactions.run(async (tx) => {
      const user = await this.users.add(fields, tx);
      await this.accounts.addFirstAccount(tx, user);
      return user;
    });
  }
}
