import {
  API_TOKEN_DEFAULT_DAYS,
  API_TOKEN_MAX_DAYS,
  API_TOKEN_PREFIX,
  API_TOKEN_VISIBLE,
  API_TOKENS_PER_MEMBER,
  roleMay,
  type AccountRole,
} from '@wrenchlog/contracts';
import { validationFailed } from '@wrenchlog/platform';
import { randomBytes } from 'node:crypto';

// The rules of personal API tokens (issue 33), apart from the SQL so each has a plain test.

const DAY_MS = 24 * 60 * 60 * 1000;

const fieldError = (field: string, message: string) => validationFailed(message, [{ field, message }]);

/** Midnight UTC starting the day of `at`. */
const startOfDay = (at: Date): number => Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());

/**
 * The instant a token stops working, from the day the caller chose (YYYY-MM-DD, UTC): it works until
 * that day begins. Default 90 days from today; the day must be after today and at most 365 days ahead.
 */
export function expiryFor(expiresAt: string | undefined, now: Date): Date {
  const today = startOfDay(now);
  if (expiresAt === undefined) {
    return new Date(today + API_TOKEN_DEFAULT_DAYS * DAY_MS);
  }
  const day = Date.parse(`${expiresAt}T00:00:00Z`);
  if (Number.isNaN(day) || day <= today) {
    throw fieldError('expiresAt', 'Expiry must be a day after today');
  }
  if (day > today + API_TOKEN_MAX_DAYS * DAY_MS) {
    throw fieldError('expiresAt', `Expiry must be at most ${API_TOKEN_MAX_DAYS} days from today`);
  }
  return new Date(day);
}

/** 400 when the member already holds the most live tokens one member may. */
export function requireRoomForToken(liveTokens: number): void {
  if (liveTokens >= API_TOKENS_PER_MEMBER) {
    throw fieldError('name', `You already have ${API_TOKENS_PER_MEMBER} tokens in this account: revoke one first`);
  }
}

/** A machine limit as stored: the distinct ids in order, or null for none (an empty list limits to nothing, so it is refused). */
export function machineLimit(machineIds: number[] | null | undefined): number[] | null {
  if (machineIds === undefined || machineIds === null) {
    return null;
  }
  if (machineIds.length === 0) {
    throw fieldError('machineIds', 'Choose at least one machine, or leave machineIds out for every machine');
  }
  return [...new Set(machineIds)].sort((a, b) => a - b);
}

/** A new token: `wl_` and 32 random bytes (256 bits) in base64url, and the part of it lists show. */
export function newToken(): { token: string; prefix: string } {
  const token = API_TOKEN_PREFIX + randomBytes(32).toString('base64url');
  return { token, prefix: token.slice(0, API_TOKEN_VISIBLE) };
}

/** Owners and managers see and revoke every token of the account; everyone else their own. */
export const seesAllTokens = (role: AccountRole): boolean => roleMay(role, 'members.manage');

/** The day a token stops working, as the API answers it. */
export const expiryDay = (expiresAt: Date): string => expiresAt.toISOString().slice(0, 10);

/** Whether a token works at `now`. */
export const isLive = (token: { revokedAt: Date | null; expiresAt: Date }, now: Date): boolean => token.revokedAt === null && token.expiresAt > now;
