import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Actor, CurrentUser } from '@wrenchlog/contracts';
import { notFound, requireActor } from '@wrenchlog/platform';
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
}
