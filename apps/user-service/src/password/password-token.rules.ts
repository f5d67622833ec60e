import { RESET_LINK_TTL_HOURS, SETUP_LINK_TTL_HOURS } from '@wrenchlog/contracts';
import type { PasswordTokenEntity, PasswordTokenPurpose } from './password-token.entity.js';

const HOUR_MS = 60 * 60 * 1000;

export const PASSWORD_LINK_TTL_MS: Record<PasswordTokenPurpose, number> = {
  setup: SETUP_LINK_TTL_HOURS * HOUR_MS,
  reset: RESET_LINK_TTL_HOURS * HOUR_MS,
};

/** A new reset email for the same account is not sent more often than this (mail bombing). */
export const RESET_MAIL_INTERVAL_MS = 60 * 1000;

export type PasswordTokenVerdict = 'valid' | 'unknown' | 'used' | 'expired';

/** Whether a presented set-password token may still set the password. */
export function judgePasswordToken(token: PasswordTokenEntity | null, now: Date): PasswordTokenVerdict {
  if (!token) {
    return 'unknown';
  }
  if (token.usedAt) {
    return 'used';
  }
  if (token.expiresAt.getTime() <= now.getTime()) {
    return 'expired';
  }
  return 'valid';
}

/** The address every link in an email starts with: PUBLIC_URL, else what the gateway saw first. */
export function linkBase(configured: string | undefined, hint: string | undefined): string {
  for (const candidate of [configured, hint]) {
    if (!candidate) {
      continue;
    }
    try {
      const url = new URL(candidate);
      if (url.protocol === 'http:' || url.protocol === 'https:') {
        // PUBLIC_URL may carry a path prefix (behind a proxy); the hint is an origin.
        return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
      }
    } catch {
      // not a URL: try the next one
    }
  }
  return 'http://localhost:3000';
}
