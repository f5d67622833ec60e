import { API_TOKEN_PATTERN, CreateApiTokenBody, tokenRefusal } from '@wrenchlog/contracts';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { hashToken } from '../common/token-hash.js';
import { expiryDay, expiryFor, isLive, machineLimit, newToken, requireRoomForToken, seesAllTokens } from './api-token.rules.js';

const now = new Date('2026-03-10T15:30:00Z');

/** The field messages the gateway would answer 400 with. */
const fieldErrors = (body: object) => validateSync(plainToInstance(CreateApiTokenBody, body)).map((e) => [e.property, Object.values(e.constraints ?? {})[0]]);

describe('API token rules', () => {
  it('expires a token 90 days from today unless told otherwise', () => {
    expect(expiryDay(expiryFor(undefined, now))).toBe('2026-06-08');
  });

  it('takes any day from tomorrow to 365 days ahead', () => {
    expect(expiryFor('2026-03-11', now).toISOString()).toBe('2026-03-11T00:00:00.000Z');
    expect(expiryDay(expiryFor('2027-03-10', now))).toBe('2027-03-10');
  });

  it('refuses an expiry today, in the past or beyond 365 days, on the expiresAt field', () => {
    for (const day of ['2026-03-10', '2025-12-31']) {
      expect(() => expiryFor(day, now)).toThrow(
        expect.objectContaining({ code: 'VALIDATION', details: [{ field: 'expiresAt', message: 'Expiry must be a day after today' }] }),
      );
    }
    expect(() => expiryFor('2027-03-11', now)).toThrow(
      expect.objectContaining({ details: [{ field: 'expiresAt', message: 'Expiry must be at most 365 days from today' }] }),
    );
  });

  it('allows 50 live tokens per member and refuses the 51st', () => {
    expect(() => requireRoomForToken(49)).not.toThrow();
    expect(() => requireRoomForToken(50)).toThrow(expect.objectContaining({ code: 'VALIDATION', message: expect.stringContaining('50 tokens') }));
  });

  it('keeps a machine limit as distinct sorted ids, none as null, and refuses an empty one', () => {
    expect(machineLimit([7, 3, 7])).toEqual([3, 7]);
    expect(machineLimit(undefined)).toBeNull();
    expect(machineLimit(null)).toBeNull();
    expect(() => machineLimit([])).toThrow(expect.objectContaining({ details: [expect.objectContaining({ field: 'machineIds' })] }));
  });

  it('makes random wl_ tokens of 256 bits whose prefix is their start, and stores only a hash', () => {
    const a = newToken();
    const b = newToken();
    expect(a.token).toMatch(API_TOKEN_PATTERN);
    expect(a.token).not.toBe(b.token);
    expect(a.token.startsWith(a.prefix)).toBe(true);
    expect(a.prefix).toMatch(/^wl_.{8}$/);
    expect(Buffer.from(a.token.slice(3), 'base64url')).toHaveLength(32);
    expect(hashToken(a.token)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('lets owners and managers see every token of the account, others their own', () => {
    expect([seesAllTokens('owner'), seesAllTokens('manager'), seesAllTokens('mechanic'), seesAllTokens('operator'), seesAllTokens('viewer')]).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
  });

  it('counts a token live until revoked or expired', () => {
    expect(isLive({ revokedAt: null, expiresAt: new Date(now.getTime() + 1) }, now)).toBe(true);
    expect(isLive({ revokedAt: null, expiresAt: now }, now)).toBe(false);
    expect(isLive({ revokedAt: now, expiresAt: new Date(now.getTime() + 1000) }, now)).toBe(false);
  });

  it('answers field messages for no scope, an unknown scope, a long name and a bad date', () => {
    expect(fieldErrors({ name: 'ok', scopes: [] })).toEqual([['scopes', 'Choose at least one scope: read, write']]);
    expect(fieldErrors({ name: 'ok', scopes: ['admin'] })).toEqual([['scopes', 'Unknown scope: scopes are read and write']]);
    expect(fieldErrors({ name: 'x'.repeat(101), scopes: ['read'] })).toEqual([['name', 'Name must be at most 100 characters']]);
    expect(fieldErrors({ name: 'ok', scopes: ['read'], expiresAt: '2026-02-30' })).toEqual([['expiresAt', 'Expiry must be a date, YYYY-MM-DD']]);
    expect(fieldErrors({ name: 'Home Assistant', scopes: ['read', 'write'], expiresAt: '2026-05-01', machineIds: [1] })).toEqual([]);
  });

  it('lets a read token read, not write, and no token manage members or the account', () => {
    const read = { id: 1, scopes: ['read' as const], machineIds: null };
    expect(tokenRefusal(read, 'machine.read')).toBeNull();
    expect(tokenRefusal(read, 'fuel.write')).toMatchObject({ code: 'INSUFFICIENT_SCOPE' });
    expect(tokenRefusal({ ...read, scopes: ['read', 'write'] }, 'fuel.write')).toBeNull();
    expect(tokenRefusal({ ...read, scopes: ['read', 'write'] }, 'members.manage')).toMatchObject({ code: 'TOKEN_NOT_ALLOWED' });
    expect(tokenRefusal({ ...read, machineIds: [4] }, 'report.read')).toMatchObject({ code: 'INSUFFICIENT_SCOPE' });
  });
});
