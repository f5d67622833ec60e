import { Injectable } from '@nestjs/common';
import { ErrorCode } from '@wrenchlog/contracts';
import { DomainError } from '@wrenchlog/platform';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { GatewayEnv } from '../config/gateway-env.js';

/**
 * Login limits, checked before the user service hashes anything (argon2id costs ~30 ms of CPU):
 * attempts per client address per minute, and failed attempts per account. Kept per gateway
 * replica; a fleet behind several replicas multiplies the address limit by their number.
 */
@Injectable()
export class LoginRateLimiter {
  private readonly perAddress: RateLimiterMemory;
  private readonly failuresPerAccount: RateLimiterMemory;

  constructor(env: GatewayEnv) {
    this.perAddress = new RateLimiterMemory({ keyPrefix: 'login-ip', points: env.LOGIN_RATE_PER_IP_PER_MINUTE, duration: 60 });
    this.failuresPerAccount = new RateLimiterMemory({
      keyPrefix: 'login-account',
      points: env.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      duration: env.LOGIN_LOCK_SECONDS,
    });
  }

  /** Counts this attempt; throws 429 when the address or the account is over its limit. */
  async admit(address: string, username: string): Promise<void> {
    const account = accountKey(username);
    const failures = await this.failuresPerAccount.get(account);
    if (failures && failures.remainingPoints <= 0) {
      throw tooMany('Too many failed sign-in attempts for this account.', failures.msBeforeNext);
    }
    try {
      await this.perAddress.consume(address);
    } catch (res) {
      if (res instanceof RateLimiterRes) {
        throw tooMany('Too many sign-in attempts from this address.', res.msBeforeNext);
      }
      throw res;
    }
  }

  async recordFailure(username: string): Promise<void> {
    await this.failuresPerAccount.consume(accountKey(username)).catch(() => undefined);
  }

  async recordSuccess(username: string): Promise<void> {
    await this.failuresPerAccount.delete(accountKey(username));
  }
}

const accountKey = (username: string) => username.trim().toLowerCase();

function tooMany(reason: string, msBeforeNext: number): DomainError {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  const error = new DomainError(ErrorCode.RateLimited, `${reason} Try again in ${seconds} seconds.`);
  (error as DomainError & { retryAfter: number }).retryAfter = seconds;
  return error;
}
