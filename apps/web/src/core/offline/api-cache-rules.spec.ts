import { apiCacheKey, FROM_CACHE_HEADER, isCachedRead, offlineAsOf, STORED_AT_HEADER, tokenOwner } from './api-cache-rules';

const token = (claims: object) => `h.${btoa(JSON.stringify(claims)).replace(/=+$/, '')}.s`;

describe('the API answers kept for offline use', () => {
  it('keeps the reads of the field screens, never image or document bytes, exports or other calls', () => {
    for (const path of [
      '/api/user/me',
      '/api/machines/all',
      '/api/machines/',
      '/api/machines/12/meters',
      '/api/fuel-records/machine/3/latest',
      '/api/services/machine/3',
      '/api/schedules',
    ]) {
      expect([path, isCachedRead(path)]).toEqual([path, true]);
    }
    for (const path of [
      '/api/machines/12/profile-photo',
      '/api/services/4/images',
      '/api/auth/refresh',
      '/api/notifications',
      '/api/machines/3/documents',
      '/api/reports/costs',
    ]) {
      expect([path, isCachedRead(path)]).toEqual([path, false]);
    }
  });

  it('keys an answer by who asked, so another member or account never reads it', () => {
    const mine = apiCacheKey('https://w.test/api/machines/all?page=0', `Bearer ${token({ sub: '3', acc: 7 })}`);
    const refreshed = apiCacheKey('https://w.test/api/machines/all?page=0', `Bearer ${token({ sub: '3', acc: 7, exp: 99 })}`);
    const otherAccount = apiCacheKey('https://w.test/api/machines/all?page=0', `Bearer ${token({ sub: '3', acc: 8 })}`);
    expect(mine).toBe('https://w.test/api/machines/all?page=0&__who=7.3');
    expect(refreshed).toBe(mine);
    expect(otherAccount).not.toBe(mine);
    expect(apiCacheKey('https://w.test/api/machines/all', null)).toBeNull();
    expect(tokenOwner('not-a-token')).toBeNull();
  });

  it('tells a stored answer, with its time, from a fresh one', () => {
    expect(offlineAsOf(new Headers({ [STORED_AT_HEADER]: '1700000000000' }))).toBeNull();
    expect(offlineAsOf(new Headers({ [STORED_AT_HEADER]: '1700000000000', [FROM_CACHE_HEADER]: '1' }))).toBe(1700000000000);
  });
});
