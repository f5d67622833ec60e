import { Injectable } from '@nestjs/common';
import type { Actor, CurrentUser, UpdateMeRequest } from '@wrenchlog/contracts';
import { notFound, validationFailed } from '@wrenchlog/platform';
import type { UserEntity } from './user.entity.js';
import { UsersRepository } from './users.repository.js';

export const toCurrentUser = (u: UserEntity): CurrentUser => ({ id: u.id, name: u.name, username: u.username, adminLevel: u.adminLevel });

@Injectable()
export class UsersService {
  constructor(private readonly users: UsersRepository) {}

  async me(actor: Actor): Promise<CurrentUser> {
    return toCurrentUser(await this.own(actor));
  }

  /** Settings: the signed-in user changes their own account name (the only field they may edit). */
  async updateMe(actor: Actor, request: UpdateMeRequest): Promise<CurrentUser> {
    const user = await this.own(actor);
    const name = request.name.trim();
    if (!name) {
      throw validationFailed('Account name is required', [{ field: 'name', message: 'Account name is required' }]);
    }
    await this.users.update(user.id, { name });
    return toCurrentUser({ ...user, name });
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
