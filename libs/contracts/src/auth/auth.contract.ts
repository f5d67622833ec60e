import type { AccountRole } from '../account/account.limits.js';
import { IsInt, IsNotEmpty, IsPositive, IsString, MaxLength } from 'class-validator';
import { MAX_PASSWORD_LENGTH } from './auth.limits.js';
import { Trimmed } from '../input.js';

// Producer: gateway. Consumer: user-service.
export const USER_AUTH_LOGIN = 'user.auth.login' as const;
export const USER_AUTH_REFRESH = 'user.auth.refresh' as const;
export const USER_AUTH_LOGOUT = 'user.auth.logout' as const;
/** POST /api/auth/switch-account (issue 32): signed in, with the refresh cookie; answers as sign-in does. */
export const USER_AUTH_SWITCH = 'user.auth.switch' as const;

export class LoginRequest {
  @IsString({ message: 'Username is required' })
  @Trimmed()
  @IsNotEmpty({ message: 'Username is required' })
  @MaxLength(254, { message: 'Username must be at most 254 characters' })
  username!: string;

  @IsString({ message: 'Password is required' })
  @IsNotEmpty({ message: 'Password is required' })
  @MaxLength(MAX_PASSWORD_LENGTH, { message: `Password must be at most ${MAX_PASSWORD_LENGTH} characters` })
  password!: string;
}

/** POST /api/auth/login and /api/auth/refresh answer this; expiresIn is in milliseconds. */
export interface LoginResponse {
  accessToken: string;
  expiresIn: number;
  type: string;
}

/** What the user service answers a successful login or refresh; the gateway signs the access token. */
export interface SessionGrant {
  /** sessionVersion: what the access token carries (its `sv` claim), see user/session.contract.ts. */
  user: { id: number; adminLevel: number; name: string; sessionVersion: number };
  /** The account the new access token acts in (its `acc` and `rol` claims). */
  membership: { accountId: number; role: AccountRole };
  refreshToken: string;
  /** Absolute expiry of the refresh-token family, ISO 8601. */
  refreshExpiresAt: string;
}

export interface RefreshRequest {
  refreshToken: string;
}

export interface LogoutRequest {
  refreshToken: string;
}

export interface LogoutReply {
  revoked: boolean;
}

/** POST /api/auth/switch-account: the account the new access token acts in. */
export class SwitchAccountRequest {
  @IsInt({ message: 'accountId must be the id of an account you belong to' })
  @IsPositive({ message: 'accountId must be the id of an account you belong to' })
  accountId!: number;
}

/** The switch as the gateway relays it: the session's refresh token rotates and remembers the account. */
export class SwitchAccountMessage extends SwitchAccountRequest {
  @IsString({ message: 'No session to switch. Please sign in again.' })
  @IsNotEmpty({ message: 'No session to switch. Please sign in again.' })
  @MaxLength(200, { message: 'No session to switch. Please sign in again.' })
  refreshToken!: string;
}
