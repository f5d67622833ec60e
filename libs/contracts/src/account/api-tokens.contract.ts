import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsPositive,
  IsString,
  MaxLength,
  ValidateBy,
} from 'class-validator';
import { IsSingleLine, Trimmed } from '../input.js';
import { isDateOnly } from '../machine/machine-dates.js';
import type { ActorToken } from '../actor.js';
import type { AccountRole } from './account.limits.js';
import type { Right } from './account.policy.js';

// Personal API tokens (issue 33). Producer: gateway (the /api/tokens routes, and its token check on
// every request). Consumer: user-service, which owns them.

export const API_TOKEN_SCOPES = ['read', 'write'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

/** What a token looks like: the visible prefix, then 32 random bytes in base64url (256 bits). */
export const API_TOKEN_PREFIX = 'wl_';
export const API_TOKEN_PATTERN = /^wl_[A-Za-z0-9_-]{43}$/;
/** How many characters of a token the list shows (`wl_` and the first 8 random ones). */
export const API_TOKEN_VISIBLE = 11;
export const API_TOKEN_NAME_MAX = 100;
export const API_TOKEN_DEFAULT_DAYS = 90;
export const API_TOKEN_MAX_DAYS = 365;
/** Tokens one member may hold in one account (revoked and expired ones do not count). */
export const API_TOKENS_PER_MEMBER = 50;
/** The most machines one token's limit names. */
export const API_TOKEN_MACHINES_MAX = 500;

export const USER_TOKEN_CREATE = 'user.token.create' as const;
export const USER_TOKEN_LIST = 'user.token.list' as const;
export const USER_TOKEN_REVOKE = 'user.token.revoke' as const;
/** The gateway's check of a token it has not cached (no actor: the token is the question). */
export const USER_TOKEN_VERIFY = 'user.token.verify' as const;
/** The gateway's batched use counts (the per-token rate limit across replicas) and last use. */
export const USER_TOKEN_USAGE = 'user.token.usage' as const;

export const API_TOKEN_NOT_FOUND = 'Token not found';
/** 401 for a token in a query string: it would end up in proxy and server logs. */
export const TOKEN_IN_QUERY_MESSAGE = 'API tokens are not accepted in the query string (it ends up in logs): send it as "Authorization: Bearer wl_..."';
export const TOKEN_NOT_ALLOWED_MESSAGE = 'This route needs a signed-in session: API tokens cannot manage accounts, members, tokens or the instance';

/** Rights never exercised with a token, only in a signed-in session (403 TOKEN_NOT_ALLOWED). */
export const SESSION_ONLY_RIGHTS: ReadonlySet<Right> = new Set<Right>(['members.manage', 'account.manage', 'account.defaults']);
/**
 * Rights over the whole account that no machine limit can narrow (reports, imports, exports,
 * webhooks): a token limited to machines is refused them (403 INSUFFICIENT_SCOPE), so it never sees
 * another machine's figures through an account-wide answer.
 */
export const ACCOUNT_WIDE_RIGHTS: ReadonlySet<Right> = new Set<Right>(['report.read', 'import.run', 'export.run', 'webhook.manage']);

/** Rights that change something without saying so in their name (reporting an issue makes one). */
const WRITE_RIGHTS: ReadonlySet<Right> = new Set<Right>(['issue.report']);

/** Why a token may not use a right its member has, or null when it may (the services' half of the scope check). */
export function tokenRefusal(token: ActorToken, right: Right): { code: 'INSUFFICIENT_SCOPE' | 'TOKEN_NOT_ALLOWED'; message: string } | null {
  if (SESSION_ONLY_RIGHTS.has(right)) {
    return { code: 'TOKEN_NOT_ALLOWED', message: TOKEN_NOT_ALLOWED_MESSAGE };
  }
  // Changes need `write`; the other rights (`.read`, and `import.run`, `export.run`, `webhook.manage`,
  // which cover reads too) need `read` here, and the gateway asks `write` of every call that is not a GET.
  const scope: ApiTokenScope = right.endsWith('.write') || right.endsWith('.delete') || WRITE_RIGHTS.has(right) ? 'write' : 'read';
  if (!token.scopes.includes(scope)) {
    return { code: 'INSUFFICIENT_SCOPE', message: `This token's scopes (${token.scopes.join(', ')}) do not include ${scope}` };
  }
  if (token.machineIds !== null && ACCOUNT_WIDE_RIGHTS.has(right)) {
    return { code: 'INSUFFICIENT_SCOPE', message: 'A token limited to some machines cannot read reports, import, export or manage webhooks' };
  }
  return null;
}

/** POST /api/tokens. */
export class CreateApiTokenBody {
  @IsString({ message: 'Name is required' })
  @Trimmed()
  @IsNotEmpty({ message: 'Name is required' })
  @MaxLength(API_TOKEN_NAME_MAX, { message: `Name must be at most ${API_TOKEN_NAME_MAX} characters` })
  @IsSingleLine({ message: 'Name must be one line without control characters' })
  name!: string;

  @IsArray({ message: 'Choose at least one scope: read, write' })
  @ArrayMinSize(1, { message: 'Choose at least one scope: read, write' })
  @ArrayMaxSize(2, { message: 'Scopes must be read and/or write' })
  @ArrayUnique({ message: 'Scopes must be read and/or write' })
  @IsIn(API_TOKEN_SCOPES as unknown as string[], { each: true, message: 'Unknown scope: scopes are read and write' })
  scopes!: ApiTokenScope[];

  // The day the token stops working (UTC); the range (today < day <= today + 365) is user-service's rule.
  @IsOptional()
  @ValidateBy({ name: 'isDateOnly', validator: { validate: (value: unknown) => isDateOnly(value) } }, { message: 'Expiry must be a date, YYYY-MM-DD' })
  expiresAt?: string;

  @IsOptional()
  @IsArray({ message: 'machineIds must be a list of machine ids' })
  @ArrayMaxSize(API_TOKEN_MACHINES_MAX, { message: `machineIds may name at most ${API_TOKEN_MACHINES_MAX} machines` })
  @IsInt({ each: true, message: 'machineIds must be a list of machine ids' })
  @IsPositive({ each: true, message: 'machineIds must be a list of machine ids' })
  machineIds?: number[] | null;
}

export class ApiTokenIdMessage {
  @IsInt({ message: 'Invalid id' })
  @IsPositive({ message: 'Invalid id' })
  tokenId!: number;
}

export class VerifyApiTokenMessage {
  @IsString()
  @MaxLength(64)
  tokenHash!: string;
}

/** One entry of GET /api/tokens (never the token itself). */
export interface ApiTokenView {
  id: number;
  name: string;
  /** The visible start of the token (`wl_` and 8 characters), to tell tokens apart. */
  prefix: string;
  scopes: ApiTokenScope[];
  /** The last day the token works, YYYY-MM-DD (UTC: it stops at the end of the day before). */
  expiresAt: string;
  /** null: every machine the member may see. */
  machineIds: number[] | null;
  userId: number;
  /** The member's name, for owners and managers who see everyone's tokens. */
  userName: string | null;
  createdAt: string;
  lastUsedAt: string | null;
  lastUsedIp: string | null;
}

/** POST /api/tokens answers the token once. */
export interface CreatedApiToken {
  id: number;
  name: string;
  prefix: string;
  scopes: ApiTokenScope[];
  expiresAt: string;
  machineIds: number[] | null;
  token: string;
}

/** What the gateway needs to act for a token: its member now (the role is read at each load). */
export interface VerifiedApiToken {
  id: number;
  userId: number;
  accountId: number;
  role: AccountRole;
  scopes: ApiTokenScope[];
  machineIds: number[] | null;
  /** The instant it stops working, ms since the epoch. */
  expiresAtMs: number;
  /** The member's session version when read: a change of role or membership raises it (SessionGate). */
  sessionVersion: number;
}

export interface VerifyApiTokenReply {
  token: VerifiedApiToken | null;
}

/** Requests counted by a gateway replica since its last report, per token and minute. */
export interface ApiTokenUse {
  tokenId: number;
  /** The minute: ms since the epoch / 60,000, floored. */
  window: number;
  count: number;
  lastUsedAt: string;
  lastUsedIp: string;
}

export interface ApiTokenUsageMessage {
  uses: ApiTokenUse[];
}

/** Every replica's count so far of each reported token and minute. */
export interface ApiTokenUsageReply {
  totals: { tokenId: number; window: number; count: number }[];
}

export type ApiTokenRpc = {
  [USER_TOKEN_CREATE]: { request: CreateApiTokenBody; response: CreatedApiToken };
  [USER_TOKEN_LIST]: { request: Record<string, never>; response: ApiTokenView[] };
  [USER_TOKEN_REVOKE]: { request: ApiTokenIdMessage; response: { revoked: boolean } };
  [USER_TOKEN_VERIFY]: { request: VerifyApiTokenMessage; response: VerifyApiTokenReply };
  [USER_TOKEN_USAGE]: { request: ApiTokenUsageMessage; response: ApiTokenUsageReply };
};
