import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Actor, CurrentUser, UpdateMeRequest } from '@wrenchlog/contracts';
import { notFound, requireActor, validationFailed } from '@wrenchlog/platform';
import { Repository } from 'typeorm';
import { User } from './user.entity.js';

export const toCurrentUser = (u: User): CurrentUser => ({ id: u.id, name: u.name, username: u.username, adminLevel: u.adminLevel });

@Injectable()
export class UsersService {
  constructor(@InjectRepository(User) private readonly users: Repository<User>) {}

  async me(actor: Actor | null): Promise<CurrentUser> {
    const { userId } = requireActor(actor);
    const user = await this.users.findOneBy({ id: userId });
    if (!user) {
      throw notFound('User not found');
    }
    return toCurrentUser(user);
  }

  /** Settings: the signed-in user changes their own account name (the only field they may edit). */
  async updateMe(actor: Actor | null, request: UpdateMeRequest): Promise<CurrentUser> {
    const { userId } = requireActor(actor);
    const user = await this.users.findOneBy({ id: userId });
    if (!user) {
      throw notFound('User not found');
    }
    const name = request.name.trim();
    if (!name) {
      throw validationFailed('Account name is required', [{ field: 'name', message: 'Account name is required' }]);
    }
    user.name = name;
    return toCurrentUser(await this.users.save(user));
  }
}
