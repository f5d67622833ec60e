import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { ErrorCode, USER_TOKEN_USAGE, type ApiTokenUse } from '@wrenchlog/contracts';
import { DomainError, RpcClient } from '@wrenchlog/platform';
import { GatewayEnv } from '../config/gateway-env.js';

const MINUTE_MS = 60_000;

/** The RateLimit-* headers of a token's answer. */
export interface RateLimitState {
  limit: number;
  remaining: number;
  /** Seconds until the minute's count starts again. */
  reset: number;
}

interface Count {
  tokenId: number;
  window: number;
  /** Every replica's count as user-service last answered it (this one's reported requests included). */
  reported: number;
  /** This replica's requests not yet reported. */
  pending: number;
  lastUsedAt: string;
  lastUsedIp: string;
}

/**
 * Each API token's own rate limit (issue 33): API_TOKEN_RATE_PER_MINUTE requests per calendar minute,
 * whatever gateway replica they reach. A replica counts locally (its own requests are refused the
 * moment they pass the limit) and reports its counts to user-service every API_TOKEN_USAGE_SYNC_MS,
 * which adds them up in its database and answers every replica's totals. So the limit holds across
 * replicas, and between two reports the replicas together may pass it by at most what the others
 * received in that interval. The same report records each token's last use (time and address). No
 * token's count touches another's, and sessions (the web app) are never counted here.
 */
@Injectable()
export class TokenRateLimiter implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(TokenRateLimiter.name);
  private readonly counts = new Map<string, Count>();
  private timer?: NodeJS.Timeout;
  private busy = false;

  constructor(
    private readonly rpc: RpcClient,
    private readonly env: GatewayEnv,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      if (!this.busy) {
        void this.report();
      }
    }, this.env.API_TOKEN_USAGE_SYNC_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  /** Counts one request of the token; 429 (with the headers' values on the error) once the minute's limit is used up. */
  admit(tokenId: number, address: string, now = Date.now()): RateLimitState {
    const window = Math.floor(now / MINUTE_MS);
    const limit = this.env.API_TOKEN_RATE_PER_MINUTE;
    const reset = Math.max(1, Math.ceil(((window + 1) * MINUTE_MS - now) / 1000));
    const key = `${tokenId}:${window}`;
    let count = this.counts.get(key);
    if (!count) {
      count = { tokenId, window, reported: 0, pending: 0, lastUsedAt: '', lastUsedIp: '' };
      this.counts.set(key, count);
    }
    const used = count.reported + count.pending;
    if (used >= limit) {
      const error = new DomainError(ErrorCode.RateLimited, `This token made more than ${limit} requests this minute. Try again in ${reset} seconds.`);
      throw Object.assign(error, { retryAfter: reset, rateLimit: { limit, remaining: 0, reset } satisfies RateLimitState });
    }
    count.pending++;
    count.lastUsedAt = new Date(now).toISOString();
    count.lastUsedIp = address;
    return { limit, remaining: Math.max(0, limit - used - 1), reset };
  }

  /** Sends the counts not yet reported and takes every replica's totals; a failed report is sent again next time. */
  async report(now = Date.now()): Promise<void> {
    const current = Math.floor(now / MINUTE_MS);
    for (const [key, count] of this.counts) {
      if (count.window < current - 1 || (count.window < current && count.pending === 0)) {
        this.counts.delete(key);
      }
    }
    const sent = [...this.counts.values()].filter((c) => c.pending > 0);
    if (sent.length === 0) {
      return;
    }
    const uses: ApiTokenUse[] = sent.map((c) => ({
      tokenId: c.tokenId,
      window: c.window,
      count: c.pending,
      lastUsedAt: c.lastUsedAt,
      lastUsedIp: c.lastUsedIp,
    }));
    this.busy = true;
    try {
      const { totals } = await this.rpc.send(USER_TOKEN_USAGE, { uses }, { actor: null });
      sent.forEach((c, i) => (c.pending -= uses[i].count));
      for (const total of totals) {
        const count = this.counts.get(`${total.tokenId}:${total.window}`);
        if (count) {
          count.reported = Math.max(count.reported, total.count);
        }
      }
    } catch (err) {
      this.logger.debug(`token usage report failed: ${(err as Error).message}`);
    } finally {
      this.busy = false;
    }
  }
}
