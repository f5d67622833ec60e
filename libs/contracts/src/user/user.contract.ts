import type { AccountRole } from '../account/account.limits.js';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { ACCOUNT_NAME_SINGLE_LINE } from '../admin/user-admin.limits.js';
import { IsSingleLine } from '../input.js';

// Producer: gateway. Consumer: user-service.
export const USER_ME = 'user.user.me' as const;
/** PUT /api/user/me: the signed-in user changes their own account name. */
export const USER_ME_UPDATE = 'user.user.update' as const;

/** The signed-in user as GET /api/user/me answers it: never a password or hash. */
export interface CurrentUser {
  id: number;
  name: string;
  username: string;
  adminLevel: number;
  /** The account the caller is signed in to, and their role in it (issue 32). */
  accountId: number;
  role: AccountRole;
}

export type UserMeRequest = Record<string, never>;

export class UpdateMeRequest {
  @IsString({ message: 'Account name is required' })
  @IsNotEmpty({ message: 'Account name is required' })
  @MaxLength(120, { message: 'Account name must be at most 120 characters' })
  @IsSingleLine({ message: ACCOUNT_NAME_SINGLE_LINE })
  name!: string;
}
