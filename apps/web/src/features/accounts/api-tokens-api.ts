import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiTokenScope, ApiTokenView, CreatedApiToken } from '@wrenchlog/contracts';
import type { ApiClient } from '../../api/client';
import { useApi } from '../../core/context';

// Issue 33: the caller's personal API tokens (an owner's or manager's: the account's), user-service
// behind the gateway. Managed only in a signed-in session.

export type { ApiTokenScope, ApiTokenView, CreatedApiToken };

export interface ApiTokenInput {
  name: string;
  scopes: ApiTokenScope[];
  /** YYYY-MM-DD; left out: 90 days. */
  expiresAt?: string;
  /** Left out: every machine the member sees. */
  machineIds?: number[];
}

export const apiTokenKeys = {
  list: ['api-tokens'] as const,
};

export const apiTokensApi = {
  list: (api: ApiClient) => api.get<ApiTokenView[]>('/api/tokens'),
  create: (api: ApiClient, input: ApiTokenInput) => api.post<CreatedApiToken>('/api/tokens', { ...input }),
  revoke: (api: ApiClient, id: number) => api.delete<void>(`/api/tokens/${id}`),
};

export function useApiTokens() {
  const api = useApi();
  return useQuery({ queryKey: apiTokenKeys.list, queryFn: () => apiTokensApi.list(api) });
}

/** Creating and revoking: one hook, which refreshes the list. */
export function useApiTokenWrites() {
  const api = useApi();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: apiTokenKeys.list });
  return {
    create: useMutation({ mutationFn: (input: ApiTokenInput) => apiTokensApi.create(api, input), onSuccess: refresh }),
    revoke: useMutation({ mutationFn: (id: number) => apiTokensApi.revoke(api, id), onSuccess: refresh }),
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The day `days` after today (UTC), YYYY-MM-DD: the server's expiry days are UTC days. */
export const dayFromToday = (days: number, now = Date.now()): string =>
  new Date(Date.parse(new Date(now).toISOString().slice(0, 10)) + days * DAY_MS).toISOString().slice(0, 10);

/** Whether a token's expiry day has come (it stops working as the day begins, UTC). */
export const hasExpired = (expiresAt: string, now = Date.now()): boolean => Date.parse(`${expiresAt}T00:00:00Z`) <= now;
