import { judgePasswordToken, linkBase, PASSWORD_LINK_TTL_MS } from './password-token.rules.js';
import type { PasswordTokenEntity } from './password-token.entity.js';

const now = new Date('2026-11-24T12:00:00Z');
const token = (over: Partial<PasswordTokenEntity>): PasswordTokenEntity =>
  ({
    id: 1,
    userId: 1,
    tokenHash: 'h',
    purpose: 'reset',
    createdAt: now,
    expiresAt: new Date(now.getTime() + 1000),
    usedAt: null,
    ...over,
  }) as PasswordTokenEntity;

describe('set-password links', () => {
  it('lets a link set the password once, before it expires', () => {
    expect(judgePasswordToken(token({}), now)).toBe('valid');
    expect(judgePasswordToken(token({ usedAt: now }), now)).toBe('used');
    expect(judgePasswordToken(token({ expiresAt: now }), now)).toBe('expired');
    expect(judgePasswordToken(null, now)).toBe('unknown');
  });

  it('keeps an approval link 48 hours and a reset link 1 hour', () => {
    expect(PASSWORD_LINK_TTL_MS.setup).toBe(48 * 3600 * 1000);
    expect(PASSWORD_LINK_TTL_MS.reset).toBe(3600 * 1000);
  });

  it('starts links with PUBLIC_URL when set, else with the address the gateway saw first', () => {
    expect(linkBase('https://fleet.example.com/wrenchlog/', 'http://127.0.0.1:3000')).toBe('https://fleet.example.com/wrenchlog');
    expect(linkBase(undefined, 'http://192.168.1.20:8080')).toBe('http://192.168.1.20:8080');
    expect(linkBase(undefined, 'javascript:alert(1)')).toBe('http://localhost:3000');
    expect(linkBase(undefined, undefined)).toBe('http://localhost:3000');
  });
});
