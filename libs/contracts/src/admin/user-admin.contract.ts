import { IsEmail, IsIn, IsNotEmpty, IsOptional, IsString, MaxLength, MinLength, ValidateIf } from 'class-validator';
import { MAX_PASSWORD_LENGTH } from '../auth/auth.limits.js';
import { PageQuery } from '../paging.js';
import { ACCOUNT_NAME_SINGLE_LINE, MIN_PASSWORD_LENGTH } from './user-admin.limits.js';
import { IsSingleLine, Trimmed } from '../input.js';

// Producer: gateway. Consumer: user-service.
/** Public signup: POST /api/admin/createuser (no token; enabled and admin level are never taken from it). */
export const ADMIN_USER_SIGNUP = 'admin.user.signup' as const;
/** GET /api/admin/users (admin). */
export const ADMIN_USER_LIST = 'admin.user.list' as const;
/** PUT /api/admin/users/{id} (admin). */
export const ADMIN_USER_UPDATE = 'admin.user.update' as const;
/** PUT /api/admin/approve/{id} (admin). */
export const ADMIN_USER_APPROVE = 'admin.user.approve' as const;

/**
 * The new-user payload of the signup page: username (the email), name, userSelfDescription,
 * enabled, createDate. Only username, name and userSelfDescription are read; enabled, createDate,
 * adminLevel and password are ignored (the account starts disabled with a placeholder password).
 */
export class SignupRequest {
  @IsString({ message: 'Email is required' })
  @Trimmed()
  @IsNotEmpty({ message: 'Email is required' })
  @MaxLength(254, { message: 'Email must be at most 254 characters' })
  @IsEmail({}, { message: 'Please enter a valid email address' })
  username!: string;

  @IsString({ message: 'Account name is required' })
  @Trimmed()
  @IsNotEmpty({ message: 'Account name is required' })
  @MaxLength(120, { message: 'Account name must be at most 120 characters' })
  @IsSingleLine({ message: ACCOUNT_NAME_SINGLE_LINE })
  name!: string;

  @IsOptional()
  @IsString({ message: 'Description must be text' })
  @MaxLength(2000, { message: 'Description must be at most 2000 characters' })
  userSelfDescription?: string | null;
}

/** The signup as the gateway relays it: the address a link in the email to an existing owner starts with. */
export interface SignupMessage extends SignupRequest {
  publicUrl?: string;
}

/** A user as the admin screen reads it: never a password or hash. enabled is 1 or 0, as the spec shows it. */
/**
 * What the public signup answers, for a new email and for one that already has an account alike
 * (issue 25): no id and nothing stored, so the answer never tells which emails have accounts.
 */
export type SignupReply = Omit<AdminUserView, 'id'>;

export interface AdminUserView {
  id: number;
  name: string;
  username: string;
  /** ISO 8601 instant, UTC. */
  createDate: string;
  enabled: 1 | 0;
  userSelfDescription: string | null;
  adminLevel: number;
  /** True while the user has not set a password yet (the unusable signup placeholder): approval emails a set-password link. */
  passwordIsPlaceholder: boolean;
}

export class AdminUserListQuery extends PageQuery {}

/**
 * PUT /api/admin/users/{id}: the user object the list answered, edited. username is read-only
 * (ignored); an empty or absent password leaves the stored one as it is; adminLevel is not editable.
 */
export class AdminUserUpdateBody {
  @IsOptional()
  @IsString({ message: 'Account name is required' })
  @Trimmed()
  @IsNotEmpty({ message: 'Account name is required' })
  @MaxLength(120, { message: 'Account name must be at most 120 characters' })
  @IsSingleLine({ message: ACCOUNT_NAME_SINGLE_LINE })
  name?: string;

  @IsOptional()
  @IsString({ message: 'Description must be text' })
  @MaxLength(2000, { message: 'Description must be at most 2000 characters' })
  userSelfDescription?: string | null;

  // Empty or absent: the stored password stays as it is.
  @ValidateIf((o: { password?: unknown }) => o.password !== undefined && o.password !== null && o.password !== '')
  @IsString({ message: 'Password must be text' })
  @MinLength(MIN_PASSWORD_LENGTH, { message: `Password must be at least ${MIN_PASSWORD_LENGTH} characters` })
  @MaxLength(MAX_PASSWORD_LENGTH, { message: `Password must be at most ${MAX_PASSWORD_LENGTH} characters` })
  password?: string | null;

  /** 1 or 0 (true/false also accepted). Enabling follows the approval rule; 0 disables the account. */
  @IsOptional()
  @IsIn([0, 1, true, false], { message: 'Enabled must be 1 or 0' })
  enabled?: 0 | 1 | boolean;
}

export interface AdminUserUpdateRequest extends AdminUserUpdateBody {
  id: number;
  /** The address the set-password link of the approval email starts with (from the gateway). */
  publicUrl?: string;
}

/**
 * PUT /api/admin/approve/{id}: the user object. Approval emails the user a single-use link to set
 * their own password; a password in the body (for admins who prefer to set one) is checked and
 * stored like an update's.
 */
export class AdminUserApproveBody {
  // Empty or absent: the stored password stays as it is.
  @ValidateIf((o: { password?: unknown }) => o.password !== undefined && o.password !== null && o.password !== '')
  @IsString({ message: 'Password must be text' })
  @MinLength(MIN_PASSWORD_LENGTH, { message: `Password must be at least ${MIN_PASSWORD_LENGTH} characters` })
  @MaxLength(MAX_PASSWORD_LENGTH, { message: `Password must be at most ${MAX_PASSWORD_LENGTH} characters` })
  password?: string | null;
}

export interface AdminUserApproveRequest extends AdminUserApproveBody {
  id: number;
  /** The address the set-password link of the approval email starts with (from the gateway). */
  publicUrl?: string;
}
