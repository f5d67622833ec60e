import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { LoginResponse } from '@wrenchlog/contracts';
import type { AccountRole } from '@wrenchlog/contracts/limits';
import type { ApiClient } from '../../api/client';
import { useApi, useSession } from '../../core/context';

// Issue 32's account calls (user-service behind the gateway): the caller's accounts, switching,
// members and invitations. The shapes are the API; the web keeps its own copy of them
// until libs/contracts has the contract files.

/** An account's name, and a new person's name (the server's limit). */
export const ACCOUNT_NAME_MAX = 100;

export interface AccountSummary {
  id: number;
  name: string;
  role: AccountRole;
  machineCount: number;
  memberCount: number;
  current: boolean;
}

export interface Member {
  userId: number;
  name: string;
  email: string;
  role: AccountRole;
  /** Null: every machine of the account. */
  machineIds: number[] | null;
  joinedAt: string;
  lastActiveAt: string | null;
}

export interface Invitation {
  id: number;
  email: string;
  role: AccountRole;
  machineIds?: number[] | null;
  expiresAt: string;
}

/** GET /api/user/invitations: an open invitation to the signed-in person's own address. */
export interface MyInvitation {
  id: number;
  accountId: number;
  accountName: string;
  inviter: string | null;
  role: AccountRole;
  expiresAt: string;
}

export interface InvitationInput {
  email: string;
  role: AccountRole;
  machineIds?: number[] | null;
}

export interface MemberChange {
  role?: AccountRole;
  machineIds?: number[] | null;
}

/** What the public invitation page shows (GET /api/invitations/{token}). */
export interface InvitationView {
  accountId: number | null;
  accountName: string;
  inviterName: string | null;
  role: AccountRole;
  email: string | null;
  expiresAt: string | null;
}

/** The invitation answer read field by field: the account and inviter may come as names or as {id, name}. */
export function readInvitationView(raw: Record<string, unknown>): InvitationView {
  const named = (v: unknown): string | null =>
    typeof v === 'string' ? v : v && typeof v === 'object' && typeof (v as { name?: unknown }).name === 'string' ? (v as { name: string }).name : null;
  const account = raw.account as { id?: unknown } | undefined;
  const accountId = typeof raw.accountId === 'number' ? raw.accountId : typeof account?.id === 'number' ? account.id : null;
  return {
    accountId,
    accountName: named(raw.accountName) ?? named(raw.account) ?? 'an account',
    inviterName: named(raw.inviterName) ?? named(raw.inviter) ?? named(raw.invitedBy),
    role: raw.role as AccountRole,
    email: typeof raw.email === 'string' ? raw.email : null,
    expiresAt: typeof raw.expiresAt === 'string' ? raw.expiresAt : null,
  };
}

export const accountKeys = {
  all: ['accounts'] as const,
  list: ['accounts', 'list'] as const,
  members: (accountId: number) => ['accounts', accountId, 'members'] as const,
  invitations: (accountId: number) => ['accounts', accountId, 'invitations'] as const,
  invitation: (token: string) => ['invitation', token] as const,
  mine: ['accounts', 'my-invitations'] as const,
};

const enc = encodeURIComponent;

export const accountsApi = {
  list: (api: ApiClient) => api.get<AccountSummary[]>('/api/accounts'),
  create: (api: ApiClient, name: string) => api.post<AccountSummary>('/api/accounts', { name }),
  rename: (api: ApiClient, id: number, name: string) => api.put<AccountSummary>(`/api/accounts/${id}`, { name }),
  switchTo: (api: ApiClient, accountId: number) => api.post<LoginResponse>('/api/auth/switch-account', { accountId }),
  members: (api: ApiClient, id: number) => api.get<Member[]>(`/api/accounts/${id}/members`),
  changeMember: (api: ApiClient, id: number, userId: number, change: MemberChange) => api.put<Member>(`/api/accounts/${id}/members/${userId}`, { ...change }),
  removeMember: (api: ApiClient, id: number, userId: number) => api.delete<void>(`/api/accounts/${id}/members/${userId}`),
  leave: (api: ApiClient, id: number) => api.post<unknown>(`/api/accounts/${id}/leave`),
  invitations: (api: ApiClient, id: number) => api.get<Invitation[]>(`/api/accounts/${id}/invitations`),
  invite: (api: ApiClient, id: number, input: InvitationInput) => api.post<Invitation>(`/api/accounts/${id}/invitations`, { ...input }),
  /** Inviting the same address again replaces its open invitation with a new 7-day link (user-service): that is the resend. */
  resendInvitation: (api: ApiClient, id: number, invitation: Invitation) =>
    api.post<Invitation>(`/api/accounts/${id}/invitations`, {
      email: invitation.email,
      role: invitation.role,
      ...(invitation.machineIds !== undefined ? { machineIds: invitation.machineIds } : {}),
    }),
  /** Silent: the switcher works without them (an older server, a failure), so no toast. */
  myInvitations: (api: ApiClient) => api.get<MyInvitation[]>('/api/user/invitations', { silent: true }),
  acceptMine: (api: ApiClient, invitationId: number) => api.post<{ accountId: number }>(`/api/user/invitations/${invitationId}/accept`),
  cancelInvitation: (api: ApiClient, id: number, invitationId: number) => api.delete<void>(`/api/accounts/${id}/invitations/${invitationId}`),
  invitation: async (api: ApiClient, token: string) =>
    readInvitationView(await api.get<Record<string, unknown>>(`/api/invitations/${enc(token)}`, { silent: true })),
  /** Signed in: no body. A new person: their name and password; the answer then signs them in. */
  accept: (api: ApiClient, token: string, newPerson?: { name: string; password: string }) =>
    api.post<Partial<LoginResponse> | null>(`/api/invitations/${enc(token)}/accept`, newPerson ? { ...newPerson } : {}),
};

export function isSignInReply(reply: unknown): reply is LoginResponse {
  return !!reply && typeof reply === 'object' && typeof (reply as LoginResponse).accessToken === 'string';
}

/** The caller's accounts (the header's switcher). */
export function useAccounts(enabled = true) {
  const api = useApi();
  return useQuery({ queryKey: accountKeys.list, queryFn: () => accountsApi.list(api), enabled });
}

/**
 * Signs in to another account with a sign-in body (switch, accept, new account): the new token is
 * stored as sign-in stores it and the user (with the new role) is read again; `useAccountFollow`
 * then drops every cached answer.
 */
export function useAdoptSession() {
  const { session } = useSession();
  const queryClient = useQueryClient();
  return async (reply: LoginResponse) => {
    await queryClient.cancelQueries();
    // The answers of screens left behind are the old account's: dropped, not refetched in the new one.
    queryClient.removeQueries({ type: 'inactive' });
    await session.signedIn(reply);
  };
}

/** Where a change of account starts: a screen of no one record (the one open may not exist in the next account). */
export const NEUTRAL_PAGE = '/dashboard';

/**
 * A page of the account being switched to, opened once the switch is followed instead of the
 * dashboard (useOpenInAccount: My work's order of another account). One per tab, as the switch is.
 */
let destination: { accountId: number; path: string } | null = null;

/** Sets (or clears) where the next followed switch to `accountId` goes. */
export function followSwitchTo(next: { accountId: number; path: string } | null): void {
  destination = next;
}

/**
 * When the signed-in account changes (a switch here or in another tab), every cached answer is of
 * the previous account: reset them all, so each screen, list, count and the bell load the new one.
 * A switch made in another tab finds this one on any screen: it goes to the dashboard first and
 * resets there, so the screen left (a machine of the old account) never asks again in the new one.
 */
export function useAccountFollow() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const seen = useRef<number | undefined>(undefined);
  const moving = useRef(false);
  const accountId = user?.accountId;
  useEffect(() => {
    if (accountId === undefined) {
      return;
    }
    if (seen.current !== undefined && seen.current !== accountId) {
      moving.current = true;
    }
    seen.current = accountId;
    if (!moving.current) {
      return;
    }
    const target = destination?.accountId === accountId ? destination.path : NEUTRAL_PAGE;
    if (pathname === target) {
      moving.current = false;
      destination = null;
      void queryClient.resetQueries();
    } else {
      void navigate(target);
    }
  }, [accountId, pathname, queryClient, navigate]);
}

export function useSwitchAccount() {
  const api = useApi();
  const adopt = useAdoptSession();
  return useMutation({ mutationFn: async (accountId: number) => adopt(await accountsApi.switchTo(api, accountId)) });
}

/** The invitations waiting for the signed-in person (shown in the switcher). */
export function useMyInvitations(enabled = true) {
  const api = useApi();
  return useQuery({ queryKey: accountKeys.mine, queryFn: () => accountsApi.myInvitations(api), enabled });
}

/** Joins the account of one of the caller's invitations, then works in it. */
export function useAcceptMyInvitation() {
  const api = useApi();
  const adopt = useAdoptSession();
  return useMutation({
    mutationFn: async (invitationId: number) => {
      const joined = await accountsApi.acceptMine(api, invitationId);
      await adopt(await accountsApi.switchTo(api, joined.accountId));
      return joined;
    },
  });
}

/** "New account": created with the caller as owner, then switched to. */
export function useCreateAccount() {
  const api = useApi();
  const adopt = useAdoptSession();
  return useMutation({
    mutationFn: async (name: string) => {
      const account = await accountsApi.create(api, name);
      await adopt(await accountsApi.switchTo(api, account.id));
      return account;
    },
  });
}

export function useMembers(accountId: number | undefined) {
  const api = useApi();
  return useQuery({ queryKey: accountKeys.members(accountId ?? 0), queryFn: () => accountsApi.members(api, accountId!), enabled: accountId !== undefined });
}

export function useInvitations(accountId: number | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: accountKeys.invitations(accountId ?? 0),
    queryFn: () => accountsApi.invitations(api, accountId!),
    enabled: accountId !== undefined,
  });
}

/** Every member and invitation write: one hook, which refreshes the two lists and the account counts. */
export function useMemberWrites(accountId: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: accountKeys.members(accountId) }),
      queryClient.invalidateQueries({ queryKey: accountKeys.invitations(accountId) }),
      queryClient.invalidateQueries({ queryKey: accountKeys.list }),
    ]);
  const useWrite = <In, Out>(fn: (input: In) => Promise<Out>) => useMutation({ mutationFn: fn, onSuccess: refresh });
  return {
    change: useWrite(({ userId, change }: { userId: number; change: MemberChange }) => accountsApi.changeMember(api, accountId, userId, change)),
    remove: useWrite((userId: number) => accountsApi.removeMember(api, accountId, userId)),
    invite: useWrite((input: InvitationInput) => accountsApi.invite(api, accountId, input)),
    resend: useWrite((invitation: Invitation) => accountsApi.resendInvitation(api, accountId, invitation)),
    cancel: useWrite((invitationId: number) => accountsApi.cancelInvitation(api, accountId, invitationId)),
  };
}
