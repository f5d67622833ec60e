import type { SessionGrant } from '../auth/auth.contract.js';
import {
  USER_ACCOUNT_DEFAULTS,
  USER_ACCOUNT_GET,
  USER_PREFERENCES_GET,
  USER_PREFERENCES_UPDATE,
  type AccountDefaultsMessage,
  type AccountDetailView,
  type PreferencesInput,
  type PreferencesView,
} from '../preferences/preferences.contract.js';
import {
  ADMIN_ACCOUNT_LIST,
  USER_ACCOUNT_CREATE,
  USER_ACCOUNT_DELETE,
  USER_ACCOUNT_LIST,
  USER_ACCOUNT_NAMES,
  USER_ACCOUNT_RENAME,
  USER_INVITATION_ACCEPT,
  USER_INVITATION_CANCEL,
  USER_INVITATION_CREATE,
  USER_INVITATION_ACCEPT_MINE,
  USER_INVITATION_JOIN,
  USER_INVITATION_MINE,
  USER_INVITATION_LIST,
  USER_INVITATION_PREVIEW,
  USER_MEMBER_LEAVE,
  USER_MEMBER_ASSIGNMENT,
  USER_MEMBER_LIST,
  USER_MEMBER_REMOVE,
  USER_MEMBER_UPDATE,
  type AccountIdMessage,
  type AccountName,
  type AccountNameBody,
  type AccountView,
  type AdminAccountView,
  type DeleteAccountMessage,
  type InvitationIdMessage,
  type InvitationPreview,
  type InvitationTokenMessage,
  type InvitationView,
  type InviteMessage,
  type JoinedAccount,
  type JoinMessage,
  type MemberIdMessage,
  type MembersChanged,
  type MyInvitation,
  type MyInvitationMessage,
  type MemberAssignment,
  type MemberView,
  type RenameAccountMessage,
  type UpdateMemberMessage,
} from './accounts.contract.js';

/** Accounts, members and invitations (user-service). */
export type AccountRpc = {
  [USER_ACCOUNT_LIST]: { request: Record<string, never>; response: AccountView[] };
  [USER_ACCOUNT_NAMES]: { request: Record<string, never>; response: AccountName[] };
  [USER_ACCOUNT_CREATE]: { request: AccountNameBody; response: AccountView };
  [USER_ACCOUNT_RENAME]: { request: RenameAccountMessage; response: AccountView };
  [USER_ACCOUNT_DELETE]: { request: DeleteAccountMessage; response: MembersChanged };
  [USER_MEMBER_LIST]: { request: AccountIdMessage; response: MemberView[] };
  [USER_MEMBER_ASSIGNMENT]: { request: Record<string, never>; response: MemberAssignment };
  [USER_MEMBER_UPDATE]: { request: UpdateMemberMessage; response: MemberView };
  [USER_MEMBER_REMOVE]: { request: MemberIdMessage; response: MembersChanged };
  [USER_MEMBER_LEAVE]: { request: AccountIdMessage; response: MembersChanged };
  [USER_INVITATION_CREATE]: { request: InviteMessage; response: InvitationView };
  [USER_INVITATION_LIST]: { request: AccountIdMessage; response: InvitationView[] };
  [USER_INVITATION_CANCEL]: { request: InvitationIdMessage; response: { deleted: boolean } };
  [USER_INVITATION_PREVIEW]: { request: InvitationTokenMessage; response: InvitationPreview };
  [USER_INVITATION_ACCEPT]: { request: InvitationTokenMessage; response: JoinedAccount };
  [USER_INVITATION_JOIN]: { request: JoinMessage; response: SessionGrant };
  [USER_INVITATION_MINE]: { request: Record<string, never>; response: MyInvitation[] };
  [USER_INVITATION_ACCEPT_MINE]: { request: MyInvitationMessage; response: JoinedAccount };
  [ADMIN_ACCOUNT_LIST]: { request: Record<string, never>; response: AdminAccountView[] };
  [USER_PREFERENCES_GET]: { request: Record<string, never>; response: PreferencesView };
  [USER_PREFERENCES_UPDATE]: { request: PreferencesInput; response: PreferencesView };
  [USER_ACCOUNT_GET]: { request: AccountIdMessage; response: AccountDetailView };
  [USER_ACCOUNT_DEFAULTS]: { request: AccountDefaultsMessage; response: AccountDetailView };
};
