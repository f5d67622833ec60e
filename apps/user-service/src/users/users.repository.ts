import { Injectable } from '@nestjs/common';
import { DataSource, MoreThan } from 'typeorm';
import type { Tx } from '../common/transactions.js';
import { UserEntity } from './user.entity.js';

/** The columns of a new account (the id and the session columns come from the database). */
export type NewUser = Omit<UserEntity, 'id' | 'sessionVersion' | 'sessionsEndedAt'>;

/** The columns an account change may write. */
export type UserChange = Partial<Pick<UserEntity, 'name' | 'userSelfDescription' | 'passwordHash' | 'passwordIsPlaceholder' | 'enabled'>>;

/** SQL of the `users` table: accounts, their credentials and their session version. */
@Injectable()
export class UsersRepository {
  constructor(private readonly dataSource: DataSource) {}

  private table(tx?: Tx) {
    return (tx ?? this.dataSource.manager).getRepository(UserEntity);
  }

  byId(id: number, tx?: Tx): Promise<UserEntity | null> {
    return this.table(tx).findOneBy({ id });
  }

  /** `username` as stored: trimmed and lower-case. */
  byUsername(username: string, tx?: Tx): Promise<UserEntity | null> {
    return this.table(tx).findOneBy({ username });
  }

  count(): Promise<number> {
    return this.table().count();
  }

  /** The first `take` enabled accounts, oldest first. */
  firstEnabled(take: number): Promise<UserEntity[]> {
    return this.table().find({ where: { enabled: true }, order: { id: 'ASC' }, take });
  }

  /** Newest first; page is 0-based. */
  page(page: number, size: number): Promise<UserEntity[]> {
    return this.table().find({ order: { createDate: 'DESC', id: 'DESC' }, skip: page * size, take: size });
  }

  /** Inserts a user; a taken username fails on the unique index. */
  async add(fields: NewUser, tx: Tx): Promise<UserEntity> {
    const user = this.table(tx).create(fields);
    await this.table(tx).insert(user);
    return user;
  }

  /** Writes only the given columns. */
  async update(id: number, change: UserChange, tx?: Tx): Promise<void> {
    if (Object.keys(change).length > 0) {
      await this.table(tx).update({ id }, change);
    }
  }

  /** Raises the session version (tokens issued before stop counting) and stamps when the sessions ended. */
  async raiseSessionVersion(tx: Tx, id: number, at: Date): Promise<void> {
    await tx
      .createQueryBuilder()
      .update(UserEntity)
      .set({ sessionVersion: () => 'session_version + 1', sessionsEndedAt: at })
      .where('id = :id', { id })
      .execute();
  }

  /** What the gateway's session check needs of one account. */
  sessionState(id: number): Promise<Pick<UserEntity, 'id' | 'enabled' | 'sessionVersion'> | null> {
    return this.table().findOne({ where: { id }, select: { id: true, enabled: true, sessionVersion: true } });
  }

  /** The ids of the accounts whose sessions ended after `since`. */
  async sessionsEndedAfter(since: Date): Promise<number[]> {
    const rows = await this.table().find({ where: { sessionsEndedAt: MoreThan(since) }, select: { id: true } });
    return rows.map((r) => r.id);
  }
}
