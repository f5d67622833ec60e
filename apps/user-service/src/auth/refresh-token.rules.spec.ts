import type { RefreshTokenEntity } from './refresh-token.entity.js';
import { judgeRefreshToken } from './refresh-token.rules.js';

const now = new Date('2026-11-21T12:00:00Z');
const token = (overrides: Partial<RefreshTokenEntity> = {}): RefreshTokenEntity =>
  ({
    id: 1,
    familyId: 'f',
    userId: 1,
    tokenHash: 'h',
    createdAt: new Date('2026-11-20T12:00:00Z'),
    expiresAt: new Date('2026-12-20T12:00:00Z'),
    usedAt: null,
    revokedAt: null,
    ...overrides,
  }) as RefreshTokenEntity;

describe(judgeRefreshToken.name, () => {
  it('accepts an unused token of a live family', () => {
    expect(judgeRefreshToken(token(), now)).toBe('valid');
  });

  it('calls a token presented after its rotation a reuse', () => {
    expect(judgeRefreshToken(token({ usedAt: new Date('2026-11-21T11:00:00Z') }), now)).toBe('reused');
  });

  it('refuses a revoked family even when the token was never used', () => {
    expect(judgeRefreshToken(token({ revokedAt: new Date('2026-11-21T11:00:00Z') }), now)).toBe('revoked');
  });

  it('refuses a family past its absolute expiry', () => {
    expect(judgeRefreshToken(token({ expiresAt: now }), now)).toBe('expired');
  });

  it('does not know a token it never issued', () => {
    expect(judgeRefreshToken(null, now)).toBe('unknown');
  });
});
