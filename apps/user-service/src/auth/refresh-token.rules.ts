import type { RefreshTokenEntity } from './refresh-token.entity.js';

export type RefreshVerdict = 'valid' | 'unknown' | 'expired' | 'revoked' | 'reused';

/**
 * What presenting a refresh token means. A token that was already rotated ('reused') is the
 * signature of a stolen token: the caller must revoke its whole family.
 */
export function judgeRefreshToken(token: RefreshTokenEntity | null, now: Date): RefreshVerdict {
  if (!token) {
    return 'unknown';
  }
  if (token.revokedAt) {
    return 'revoked';
  }
  if (token.usedAt) {
    return 'reused';
  }
  if (token.expiresAt.getTime() <= now.getTime()) {
    return 'expired';
  }
  return 'valid';
}
