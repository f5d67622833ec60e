// What the service worker keeps of the API for offline use (issue 34), as plain functions the worker
// and the app share (and jest tests). Answers are network-first: one from the cache is used only
// when the network failed, and it carries the time it was stored, so the app can say
// "offline, as of <time>" instead of showing it as fresh.

/** The cache the worker keeps API answers in; the app deletes it on a deliberate logout. */
export const API_CACHE = 'wrenchlog-api';
/** Header the worker adds to a stored answer: when it was stored (epoch ms). */
export const STORED_AT_HEADER = 'x-wrenchlog-stored-at';
/** Header the worker adds to an answer it took from the cache because the network failed. */
export const FROM_CACHE_HEADER = 'x-wrenchlog-offline';

// The reads of the screens that open offline: the user (role), machines and their details,
// meters and readings, schedules and what is due, and the history lists (fuel, services, parts).
// Image and document bytes, exports and everything else always go to the network.
const CACHED_READS = [
  /^\/api\/user\/me$/,
  /^\/api\/accounts$/,
  /^\/api\/machines(\/|$)/,
  /^\/api\/meters(\/|$)/,
  /^\/api\/readings(\/|$)/,
  /^\/api\/schedules(\/|$)/,
  /^\/api\/schedule-templates(\/|$)/,
  /^\/api\/services(\/|$)/,
  /^\/api\/fuel-records(\/|$)/,
  /^\/api\/purchases(\/|$)/,
];
const NEVER = /\/(images|documents|photos?|profile-photo|gallery)(\/|$)|\/export|\.(csv|pdf)$/;

/** Whether a same-origin GET to this path is kept for offline use. */
export function isCachedRead(pathname: string): boolean {
  return CACHED_READS.some((r) => r.test(pathname)) && !NEVER.test(pathname);
}

/** The user and account an access token is for (`sub`, `acc` claims), or null. Read only, never trusted. */
export function tokenOwner(token: string | null | undefined): { userId: number; accountId: number } | null {
  if (!token) {
    return null;
  }
  try {
    const part = token.split('.')[1] ?? '';
    const claims = JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown; acc?: unknown };
    const userId = Number(claims.sub);
    const accountId = Number(claims.acc);
    return Number.isInteger(userId) && userId > 0 && Number.isInteger(accountId) && accountId > 0 ? { userId, accountId } : null;
  } catch {
    return null;
  }
}

/**
 * The cache key of an API read: its URL plus who asked (from the Authorization header), so a member
 * of two accounts, or the next person on a shared phone, never gets another's answers from the
 * cache. Null when the request carries no readable token: such an answer is not kept.
 */
export function apiCacheKey(url: string, authorization: string | null): string | null {
  const owner = tokenOwner(authorization?.replace(/^\S+\s+/, ''));
  if (!owner) {
    return null;
  }
  const u = new URL(url);
  u.searchParams.set('__who', `${owner.accountId}.${owner.userId}`);
  return u.href;
}

/** The stored time of an answer the worker took from the cache, or null for a fresh answer. */
export function offlineAsOf(headers: Headers): number | null {
  if (!headers.get(FROM_CACHE_HEADER)) {
    return null;
  }
  const at = Number(headers.get(STORED_AT_HEADER));
  return Number.isFinite(at) && at > 0 ? at : 0;
}

/** A deliberate logout forgets the API answers kept for offline use (a shared phone); the queue stays, held for its member. */
export function forgetOfflineAnswers(): void {
  if (typeof caches !== 'undefined') {
    void caches.delete(API_CACHE).catch(() => undefined);
  }
}
