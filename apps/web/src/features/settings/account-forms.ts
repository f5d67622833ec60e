import type { ChangePasswordReply, CurrentUser } from '@wrenchlog/contracts';
import type { ApiClient } from '../../api/client';
import { ApiError } from '../../api/client';

export const ACCOUNT_NAME_MAX = 120;

/** The server's field messages of a 4xx (`errors: [{field, message}]`), by field. */
export function serverFieldErrors(err: unknown): Record<string, string> {
  if (!(err instanceof ApiError) || err.status >= 500) {
    return {};
  }
  const out: Record<string, string> = {};
  for (const e of err.body?.errors ?? []) {
    out[e.field] ??= e.message;
  }
  return out;
}

/** The alert for a failed account call: the server's words for a 4xx, a retry hint otherwise. */
export function failureMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.status < 500 && err.body?.message) {
    return err.body.message;
  }
  return fallback;
}

export const accountApi = {
  rename: (api: ApiClient, name: string) => api.put<CurrentUser>('/api/user/me', { name }),
  changePassword: (api: ApiClient, currentPassword: string, newPassword: string) =>
    api.post<ChangePasswordReply>('/api/auth/change-password', { currentPassword, newPassword }),
};
