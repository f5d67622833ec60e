import { Module } from '@nestjs/common';
import { AccountPurge } from './account-purge.js';
import { AddAccountMemberTimeZone1767200000000, CreateAccountMembers1766100000000 } from './account-columns.migration.js';
import { MemberDirectory } from './member-directory.js';
import { MembersController } from './members.controller.js';

/** The `account_members` projection's migration: add it to a service's migrations with MembersModule. */
export const MEMBERS_MIGRATIONS = [CreateAccountMembers1766100000000, AddAccountMemberTimeZone1767200000000];

/**
 * Import in a service whose answers name people (`createdBy`, `updatedBy`) or whose policy reads
 * machine assignments; add AccountMemberEntity to its entities and MEMBERS_MIGRATIONS to its
 * migrations. The service must be among ACCOUNT_MEMBER_SAVED's and ACCOUNT_DELETED's subscribers: on
 * the latter it deletes the account's rows (AccountPurge; ACCOUNT_PURGE_HOOKS for what else goes).
 */
@Module({ controllers: [MembersController], providers: [MemberDirectory, AccountPurge], exports: [MemberDirectory] })
export class MembersModule {}
