import { IsEmail, IsNotEmpty, IsString, MaxLength, MinLength } from 'class-validator';
import { MAX_PASSWORD_LENGTH } from './auth.limits.js';
import { MIN_PASSWORD_LENGTH } from '../admin/user-admin.limits.js';

// Producer: gateway. Consumer: user-service. The account's own password (issue 18).
/** POST /api/auth/forgot-password (public, rate-limited): emails a single-use reset link to an enabled account. */
export const USER_PASSWORD_FORGOT = 'user.password.forgot' as const;
/** POST /api/auth/set-password (public): the emailed token sets the password (approval and reset links). */
export const USER_PASSWORD_SET = 'user.password.set' as const;
/** POST /api/auth/change-password (signed in): current password required; the other sessions end. */
export const USER_PASSWORD_CHANGE = 'user.password.change' as const;

export class ForgotPasswordRequest {
  @IsString({ message: 'Email is required' })
  @IsNotEmpty({ message: 'Email is required' })
  @MaxLength(254, { message: 'Email must be at most 254 characters' })
  @IsEmail({}, { message: 'Please enter a valid email address' })
  email!: string;
}

/** What the gateway sends: the request and the address links in the email start with. */
export interface ForgotPasswordMessage extends ForgotPasswordRequest {
  publicUrl?: string;
}

export interface ForgotPasswordReply {
  message: string;
}

export class SetPasswordRequest {
  @IsString({ message: 'The link is incomplete' })
  @IsNotEmpty({ message: 'The link is incomplete' })
  @MaxLength(200, { message: 'The link is incomplete' })
  token!: string;

  @IsString({ message: 'Password is required' })
  @IsNotEmpty({ message: 'Password is required' })
  @MinLength(MIN_PASSWORD_LENGTH, { message: `Password must be at least ${MIN_PASSWORD_LENGTH} characters` })
  @MaxLength(MAX_PASSWORD_LENGTH, { message: `Password must be at most ${MAX_PASSWORD_LENGTH} characters` })
  password!: string;
}

/** The account whose password was set, so the page can offer to sign in with it. */
export interface SetPasswordReply {
  username: string;
}

export class ChangePasswordRequest {
  @IsString({ message: 'Current password is required' })
  @IsNotEmpty({ message: 'Current password is required' })
  @MaxLength(MAX_PASSWORD_LENGTH, { message: `Password must be at most ${MAX_PASSWORD_LENGTH} characters` })
  currentPassword!: string;

  @IsString({ message: 'New password is required' })
  @IsNotEmpty({ message: 'New password is required' })
  @MinLength(MIN_PASSWORD_LENGTH, { message: `Password must be at least ${MIN_PASSWORD_LENGTH} characters` })
  @MaxLength(MAX_PASSWORD_LENGTH, { message: `Password must be at most ${MAX_PASSWORD_LENGTH} characters` })
  newPassword!: string;
}

/** The gateway adds the caller's refresh token, so the session that changed the password stays signed in. */
export interface ChangePasswordMessage extends ChangePasswordRequest {
  refreshToken?: string;
}

export interface ChangePasswordReply {
  /** How many other sign-in sessions were ended. */
  endedSessions: number;
}
