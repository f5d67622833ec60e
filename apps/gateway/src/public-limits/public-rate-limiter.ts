import { Injectable } from '@nestjs/common';
import { ErrorCode } from '@wrenchlog/contracts';
import { DomainError } from '@wrenchlog/platform';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { PublicLimitsEnv } from './public-limits.env.js';

export type PublicCall = 'signup' | 'contact' | 'pageview' | 'password-reset';

const MESSAGES: Record<PublicCall, string> = {
  signup: 'Too many sign-up attempts from this address.',
  contact: 'Too many submissions from this address.',
  pageview: 'Too many page views from this address.',
  'password-reset': 'Too many password reset requests from this address.',
};

/**
 * Per-address limits of the public calls, counted before any work is done. Kept per gateway
 * replica, like the login limiter.
 */
@Injectable()
export class PublicRateLimiter {
  private readonly limiters: Record<PublicCall, RateLimiterMemory>;

  constructor(env: PublicLimitsEnv) {
    this.limiters = {
      signup: new RateLimiterMemory({ keyPrefix: 'signup-ip', points: env.SIGNUP_RATE_PER_IP_PER_HOUR, duration: 3600 }),
      contact: new RateLimiterMemory({ keyPrefix: 'contact-ip', points: env.CONTACT_RATE_PER_IP_PER_HOUR, duration: 3600 }),
      pageview: new RateLimiterMemory({ keyPrefix: 'pageview-ip', points: env.PAGEVIEW_RATE_PER_IP_PER_MINUTE, duration: 60 }),
      'password-reset': new RateLimiterMemory({ keyPrefix: 'password-reset-ip', points: env.PASSWORD_RESET_RATE_PER_IP_PER_HOUR, duration: 3600 }),
    };
  }

  /** Counts this call; throws 429 with Retry-After when the address is over its limit. */
  async admit(call: PublicCall, address: string): Promise<void> {
    try {
      await this.limiters[call].consume(address || 'unknown');
    } catch (res) {
      if (res instanceof RateLimiterRes) {
        const seconds = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
        const error = new DomainError(ErrorCode.RateLimited, `${MESSAGES[call]} Try again in ${seconds} seconds.`);
        (error as DomainError & { retryAfter: number }).retryAfter = seconds;
        throw error;
      }
      throw res;
    }
  }
}
