import { Injectable } from '@nestjs/common';
import type { SessionEndedReply, SessionState } from '@wrenchlog/contracts';
import { hashToken } from '../common/token-hash.js';
import { Transactions, type Tx } from '../common/transactions.js';
import { ApiTokensRepository } from '../tokens/api-tokens.repository.js';
import { UsersRepository } from '../users/users.repository.js';
import { RefreshTokensRepository } from './refresh-tokens.repository.js';

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
    private readonly users: UsersRepository,
    private readonly tokens: RefreshTokensRepository,
    private readonly transactions: Transactions,
    private readonly apiTokens: ApiTokensRepository,
  ) {}

  /**
   * Ends every session of the user: the refresh-token families are revoked (no refresh works), and
   * the session version goes up, so the gateway refuses the access tokens issued before on their
   * next request. Pass the transaction of the credential change, so both commit together (SQLite:
   * never open a second transaction inside one). `keepRefreshToken`: the session that asked (a
   * password change) keeps its family and gets a new access token at its next refresh. Answers
   * how many live sessions were ended.
   */
  async endSessions(userId: number, tx?: Tx, keepRefreshToken?: string): Promise<number> {
    const end = async (t: Tx) => {
      const kept = keepRefreshToken ? await this.tokens.byHashOfUser(t, hashToken(keepRefreshToken), userId) : null;
      const now = new Date();
      await this.users.raiseSessionVersion(t, userId, now);
      return this.tokens.revokeFamiliesOf(t, userId, now, kept?.familyId);
    };
    return tx ? end(tx) : this.transactions.run(end);
  }

  /**
   * The user's access tokens stop counting, but their sessions go on: the next refresh issues a token
   * with what they may do now (issue 32: a change of role, assignment or membership). In the
   * caller's transaction.
   */
  async raiseVersion(tx: Tx, userId: number): Promise<void> {
    await this.users.raiseSessionVersion(tx, userId, new Date());
  }

  async state(userId: number): Promise<SessionState> {
    const user = Number.isSafeInteger(userId) && userId > 0 ? await this.users.sessionState(userId) : null;
    return user ? { enabled: user.enabled, sessionVersion: user.sessionVersion } : { enabled: false, sessionVersion: 0 };
  }

  /** The users whose sessions ended since `since` (and a little before it); none on the first call. */
  async ended(since: string | null): Promise<SessionEndedReply> {
    const until = new Date();
    const from = since === null ? NaN : Date.parse(since);
    if (Number.isNaN(from)) {
      return { userIds: [], until: until.toISOString() };
    }
    const after = new Date(from - ENDED_OVERLAP_MS);
    // Revoked API tokens (issue 33) ride on the same poll: every replica drops them from its cache.
    const [userIds, tokenIds] = await Promise.all([this.users.sessionsEndedAfter(after), this.apiTokens.revokedAfter(after)]);
    return { userIds, tokenIds, until: until.toISOString() };
  }
}
