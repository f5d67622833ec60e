import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { USER_SESSION_ENDED, USER_SESSION_STATE, type SessionState } from '@wrenchlog/contracts';
import { RpcClient } from '@wrenchlog/platform';
import { LRUCache } from 'lru-cache';
import { GatewayEnv } from '../config/gateway-env.js';

/** Users whose state is kept: every user signed in at once on a large install. */
const KEPT_USERS = 100_000;

/**
 * Whether an access token still counts (issue 25, item 3): its session version must be the user's
 * current one and the account enabled, so a disabled account or a credential change ends access on
 * the next request instead of when the token expires.
 *
 * The hot path is one map look-up: each user's state is cached here. The cache learns of ended
 * sessions two ways: this gateway drops a user at once when it relays the change (forget), and it
 * polls user-service every SESSION_SYNC_MS for the users whose sessions ended (the other replicas,
 * and changes that did not pass through this one). SESSION_STATE_TTL_SECONDS bounds an entry's age
 * should polls fail. See docs/DEVELOPING.md, "Sessions".
 */
@Injectable()
export class SessionGate implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(SessionGate.name);
  private readonly states: LRUCache<number, SessionState>;
  private readonly loading = new Map<number, Promise<SessionState>>();
  /** Counts drops: a state read before a drop must not be cached after it. */
  private drops = 0;
  private since: string | null = null;
  private polling: Promise<void> = Promise.resolve();
  private busy = false;
  private timer?: NodeJS.Timeout;
  private readonly revokedListeners: ((tokenIds: number[]) => void)[] = [];

  constructor(
    private readonly rpc: RpcClient,
    private readonly env: GatewayEnv,
  ) {
    this.states = new LRUCache({ max: KEPT_USERS, ttl: env.SESSION_STATE_TTL_SECONDS * 1000 });
  }

  onApplicationBootstrap(): void {
    // A tick while a poll is still out (user-service slow) waits for the next one instead of queueing.
    this.timer = setInterval(() => {
      if (!this.busy) {
        void this.sync();
      }
    }, this.env.SESSION_SYNC_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  /** Whether a token issued to this user with this session version still counts; a cache miss asks user-service. */
  async admits(userId: number, sessionVersion: number): Promise<boolean> {
    const state = this.states.get(userId) ?? (await this.load(userId));
    return state.enabled && state.sessionVersion === sessionVersion;
  }

  /** Called with the ids of API tokens revoked since the last poll (issue 33: ApiTokenGate drops them). */
  onTokensRevoked(listener: (tokenIds: number[]) => void): void {
    this.revokedListeners.push(listener);
  }

  /** The user's sessions were just ended through this gateway: the next request asks user-service. */
  forget(userId: number): void {
    this.drops++;
    this.states.delete(userId);
  }

  /**
   * Asks user-service whose sessions ended since the last answer and drops them; one call at a
   * time. Await it after relaying a change whose user this gateway does not know (a reset by email link).
   */
  sync(): Promise<void> {
    this.polling = this.polling.then(() => this.poll());
    return this.polling;
  }

  private async poll(): Promise<void> {
    this.busy = true;
    try {
      const { userIds, tokenIds, until } = await this.rpc.send(USER_SESSION_ENDED, { since: this.since }, { actor: null });
      if (tokenIds?.length) {
        this.revokedListeners.forEach((listener) => listener(tokenIds));
      }
      if (this.since === null) {
        // The first answer lists nobody: whatever was cached before it may predate an ended session.
        this.drops++;
        this.states.clear();
      }
      for (const id of userIds) {
        this.forget(id);
      }
      this.since = until;
    } catch (err) {
      // user-service away: the entries keep their TTL, and the next poll covers this one's window.
      this.logger.debug(`session sync failed: ${(err as Error).message}`);
    } finally {
      this.busy = false;
    }
  }

  private load(userId: number): Promise<SessionState> {
    let pending = this.loading.get(userId);
    if (!pending) {
      const drops = this.drops;
      pending = this.rpc
        .send(USER_SESSION_STATE, { userId }, { actor: null })
        .then((state) => {
          if (drops === this.drops) {
            this.states.set(userId, state);
          }
          return state;
        })
        .finally(() => this.loading.delete(userId));
      this.loading.set(userId, pending);
    }
    return pending;
  }
}
