import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsEmail,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsPositive,
  IsString,
  MaxLength,
  MinLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { PreferencesInput } from '../preferences/preferences.contract.js';
import { PreferenceMessages } from '../preferences/preferences.limits.js';
import { MIN_PASSWORD_LENGTH } from '../admin/user-admin.limits.js';
import { MAX_PASSWORD_LENGTH } from '../auth/auth.limits.js';
import { IsSingleLine, Trimmed } from '../input.js';
import { ACCOUNT_ROLES, type AccountRole } from './account.limits.js';

// Accounts, members and invitations (issue 32, step 4). Producer: gateway. Consumer: user-service.

/** The longest account name (issue 32's "Bad input": a name over 100 characters is refused). */
export const ACCOUNT_NAME_MAX = 100;
/** How long an invitation's link works. */
export const INVITATION_TTL_DAYS = 7;
/** The most machines one assignment names. */
export const ASSIGNMENT_MAX = 2000;

export const USER_ACCOUNT_LIST = 'user.account.list' as const;
/** The names of the caller's accounts, for a service that labels what it answers across them (work-order-service's my-work). */
export const USER_ACCOUNT_NAMES = 'user.account.names' as const;
export const USER_ACCOUNT_CREATE = 'user.account.create' as const;
export const USER_ACCOUNT_RENAME = 'user.account.rename' as const;
export const USER_ACCOUNT_DELETE = 'user.account.delete' as const;
export const USER_MEMBER_LIST = 'user.member.list' as const;
export const USER_MEMBER_UPDATE = 'user.member.update' as const;
export const USER_MEMBER_REMOVE = 'user.member.remove' as const;
export const USER_MEMBER_LEAVE = 'user.member.leave' as const;
/** The caller's own machine assignment in their account, for a service that has not heard of them yet (MemberDirectory). */
export const USER_MEMBER_ASSIGNMENT = 'user.member.assignment' as const;

/** A member's assignment: null for every machine; `member: false` when the caller is not (or no longer) one. */
export interface MemberAssignment {
  member: boolean;
  machineIds: number[] | null;
  /** The member's role (null: not a member), for a service that has not heard of them yet. */
  role?: AccountRole | null;
}
export const USER_INVITATION_CREATE = 'user.invitation.create' as const;
export const USER_INVITATION_LIST = 'user.invitation.list' as const;
export const USER_INVITATION_CANCEL = 'user.invitation.cancel' as const;
/** Public: what a link invites to (account name, inviter, role). */
export const USER_INVITATION_PREVIEW = 'user.invitation.preview' as const;
/** Signed in (actor set): the invited person joins. */
export const USER_INVITATION_ACCEPT = 'user.invitation.accept' as const;
/** Public: a person without a login joins with a name and password, and is signed in at once. */
export const USER_INVITATION_JOIN = 'user.invitation.join' as const;
/** The signed-in person's open invitations (they wait in the account switcher). */
export const USER_INVITATION_MINE = 'user.invitation.mine' as const;
/** The signed-in person accepts one of their own invitations from the switcher, by id. */
export const USER_INVITATION_ACCEPT_MINE = 'user.invitation.acceptMine' as const;
/** The instance administrator's list of accounts with their counts. */
export const ADMIN_ACCOUNT_LIST = 'admin.account.list' as const;

export const ACCOUNT_NOT_FOUND = 'Account not found';
export const MEMBER_NOT_FOUND = 'Member not found';
export const INVITATION_NOT_FOUND = 'Invitation not found';
export const INVITATION_LINK_INVALID = 'This invitation link is invalid, expired or already used';

const nameRules = (label: string) => [
  IsString({ message: `${label} is required` }),
  Trimmed(),
  IsNotEmpty({ message: `${label} is required` }),
  MaxLength(ACCOUNT_NAME_MAX, { message: `${label} must be at most ${ACCOUNT_NAME_MAX} characters` }),
  IsSingleLine({ message: `${label} must be one line without control characters` }),
];
/** Several property decorators as one (a rule set shared by several fields). */
const apply = (decorators: ((target: object, key: string) => void)[]) => (target: object, key: string) => decorators.forEach((d) => d(target, key));

/** POST /api/accounts and PUT /api/accounts/{id}. */
export class AccountNameBody {
  @apply(nameRules('Account name'))
  name!: string;
}

/**
 * PUT /api/accounts/{id}: a new name (owners), new defaults for the members' preferences (owners and
 * managers, issue 34), or both. Neither is refused as a missing name, as before defaults existed.
 */
export class UpdateAccountBody {
  @ValidateIf((o: UpdateAccountBody) => o.name !== undefined || o.defaults === undefined)
  @apply(nameRules('Account name'))
  name?: string;

  @IsOptional()
  @IsObject({ message: PreferenceMessages.defaults })
  @ValidateNested()
  @Type(() => PreferencesInput)
  defaults?: PreferencesInput;
}

/** DELETE /api/accounts/{id}: the account's name typed again. */
export class DeleteAccountBody {
  @IsString({ message: 'Type the account name to confirm' })
  @IsNotEmpty({ message: 'Type the account name to confirm' })
  @MaxLength(200, { message: 'Type the account name to confirm' })
  confirmName!: string;
}

const roleRule = IsIn(ACCOUNT_ROLES as unknown as string[], { message: `Role must be one of ${ACCOUNT_ROLES.join(', ')}` });
const machineIdsRules = [
  IsArray({ message: 'machineIds must be a list of machine ids or null' }),
  ArrayMaxSize(ASSIGNMENT_MAX, { message: `machineIds may name at most ${ASSIGNMENT_MAX} machines` }),
  IsInt({ each: true, message: 'machineIds must be a list of machine ids or null' }),
  IsPositive({ each: true, message: 'machineIds must be a list of machine ids or null' }),
];

/** PUT /api/accounts/{id}/members/{userId}: a new role, a new assignment (null: all machines), or both. */
export class UpdateMemberBody {
  @IsOptional()
  @roleRule
  role?: AccountRole;

  // undefined leaves the assignment, null means all machines.
  @ValidateIf((_o: object, v: unknown) => v !== undefined && v !== null)
  @apply(machineIdsRules)
  machineIds?: number[] | null;
}

/** POST /api/accounts/{id}/invitations. */
export class InviteBody {
  @IsString({ message: 'Email is required' })
  @Trimmed()
  @IsNotEmpty({ message: 'Email is required' })
  @MaxLength(254, { message: 'Email must be at most 254 characters' })
  @IsEmail({}, { message: 'Please enter a valid email address' })
  email!: string;

  @IsString({ message: 'Role is required' })
  @roleRule
  role!: AccountRole;

  @ValidateIf((_o: object, v: unknown) => v !== undefined && v !== null)
  @apply(machineIdsRules)
  machineIds?: number[] | null;
}

/** POST /api/invitations/{token}/accept by a person without a login. */
export class JoinBody {
  @apply(nameRules('Name'))
  name!: string;

  @IsString({ message: 'Password is required' })
  @IsNotEmpty({ message: 'Password is required' })
  @MinLength(MIN_PASSWORD_LENGTH, { message: `Password must be at least ${MIN_PASSWORD_LENGTH} characters` })
  @MaxLength(MAX_PASSWORD_LENGTH, { message: `Password must be at most ${MAX_PASSWORD_LENGTH} characters` })
  password!: string;
}

const idRule = () => [IsInt({ message: 'Invalid id' }), IsPositive({ message: 'Invalid id' })];
const tokenRules = [
  IsString({ message: 'The link is incomplete' }),
  IsNotEmpty({ message: 'The link is incomplete' }),
  MaxLength(200, { message: 'The link is incomplete' }),
];

// The messages (the gateway adds the path's ids; user-service checks them again).
export class AccountIdMessage {
  @apply(idRule())
  accountId!: number;
}
export class RenameAccountMessage extends AccountNameBody {
  @apply(idRule())
  accountId!: number;
}
export class DeleteAccountMessage extends DeleteAccountBody {
  @apply(idRule())
  accountId!: number;
}
export class MemberIdMessage extends AccountIdMessage {
  @apply(idRule())
  userId!: number;
}
export class UpdateMemberMessage extends UpdateMemberBody {
  @apply(idRule())
  accountId!: number;

  @apply(idRule())
  userId!: number;
}
export class InviteMessage extends InviteBody {
  @apply(idRule())
  accountId!: number;

  @IsOptional()
  @IsString()
  publicUrl?: string;
}
export class InvitationIdMessage extends AccountIdMessage {
  @apply(idRule())
  invitationId!: number;
}
export class MyInvitationMessage {
  @apply(idRule())
  invitationId!: number;
}
export class InvitationTokenMessage {
  @apply(tokenRules)
  token!: string;
}
export class JoinMessage extends JoinBody {
  @apply(tokenRules)
  token!: string;
}

/** GET /api/accounts: one per membership of the caller. */
export interface AccountView {
  id: number;
  name: string;
  role: AccountRole;
  /** From machine-service (its machines of the account, archived ones included); null while it cannot answer. */
  machineCount: number | null;
  memberCount: number;
  /** The account the caller's token acts in. */
  current: boolean;
}

/** An account the caller is a member of, by name (USER_ACCOUNT_NAMES). */
export interface AccountName {
  id: number;
  name: string;
}

export interface MemberView {
  userId: number;
  name: string;
  email: string;
  role: AccountRole;
  machineIds: number[] | null;
  joinedAt: string;
  /** When the member last signed in to or refreshed a session in this account; null before. */
  lastActiveAt: string | null;
}

export interface InvitationView {
  id: number;
  email: string;
  role: AccountRole;
  machineIds: number[] | null;
  expiresAt: string;
  invitedBy: { id: number; name: string } | null;
  createdAt: string;
}

/** GET /api/invitations/{token} (public). */
export interface InvitationPreview {
  accountName: string;
  inviter: string | null;
  role: AccountRole;
  email: string;
  expiresAt: string;
}

/** GET /api/user/invitations: an invitation to the caller's address, still open. */
export interface MyInvitation {
  id: number;
  accountId: number;
  accountName: string;
  inviter: string | null;
  role: AccountRole;
  expiresAt: string;
}

/** What joining an account answers a signed-in person: the account, to switch to. */
export interface JoinedAccount {
  accountId: number;
  name: string;
  role: AccountRole;
}

/** A change to a member: whose session version went up (the gateway drops their cached session state). */
export interface MembersChanged {
  endedSessionsOf: number[];
}

/** GET /api/admin/accounts: every account with its counts. */
export interface AdminAccountView {
  id: number;
  name: string;
  createdAt: string;
  memberCount: number;
  ownerNames: string[];
  machineCount: number | null;
}
