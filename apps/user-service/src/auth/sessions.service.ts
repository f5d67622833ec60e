import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { SessionEndedReply, SessionState } from '@wrenchlog/contracts';
import { DataSource, MoreThan, Repository, type EntityManager } from 'typeorm';
import { User } from '../users/user.entity.js';
import { endUserSessions } from './sessions.js';

/**
 * How far back each answer of `ended` looks before the caller's `since`: a transaction that ended
 * sessions may commit a moment after it took its time stamp, and the poller must still see it.
 * Repeats are harmless (the gateway only drops a cached state).
 */
const ENDED_OVERLAP_MS = 10_000;

/**
 * The one place that ends a user's sessions (issue 25, item 3): every credential change (an admin's
 * password reset, disabling the account, a user's own password change or reset) calls endSessions.
 */
@Injectable()
export class SessionsService {
  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly dataSource: DataSource,
  ) {}

  /**
   * Ends every session of the user: the refresh-token families are revoked (no refresh works), and
   * the session version goes up, so the gateway refuses the access tokens issued before on their
   * next request. Pass the manager of the transaction that makes the credential change, so both
   * commit together (SQLite: never open a second transaction inside one).
   */
  async endSessions(userId: number, manager?: EntityManager): Promise<void> {
    const end = (m: EntityManager) => endUserSessions(m, userId);
    await (manager ? end(manager) : this.dataSource.transaction(end));
  }

  async state(userId: number): Promise<SessionState> {
    const user = Number.isSafeInteger(userId) && userId > 0 ? await this.users.findOne({ where: { id: userId }, select: { id: true, enabled: true, sessionVersion: true } }) : null;
    return user ? { enabled: user.enabled, sessionVersion: user.sessionVersion } : { enabled: false, sessionVersion: 0 };
  }

  /** The users whose sessions ended since `since` (and a little before it); none on the first call. */
  async ended(since: string | null): Promise<SessionEndedReply> {
    const until = new Date();
    const from = since === null ? NaN : Date.parse(since);
    if (Number.isNaN(from)) {
      return { userIds: [], until: until.toISOString() };
    }
    const rows = await this.users.find({ where: { sessionsEndedAt: MoreThan(new Date(from - ENDED_OVERLAP_MS)) }, select: { id: true } });
    return { userIds: rows.map((r) => r.id), until: until.toISOString() };
  }
}
