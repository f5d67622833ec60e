import type { AdminUserView, ContactPage, JobView } from '@wrenchlog/contracts';
import { ADMIN_USER_PAGE_SIZE } from '@wrenchlog/contracts/limits';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../core/context';
import type { ApiClient } from '../../api/client';

export type { AdminUserView, ContactPage, JobView };

/** What the edit dialog sends: the user object as listed, edited; an empty password keeps the stored one. */
export type AdminUserEdit = Pick<AdminUserView, 'name' | 'userSelfDescription' | 'enabled'> & { password?: string };

export const CONTACT_PAGE_SIZE = 10;

export const adminKeys = {
  users: (page: number) => ['admin', 'users', page] as const,
  allUsers: ['admin', 'users'] as const,
  jobs: ['admin', 'jobs'] as const,
  contacts: (page: number) => ['admin', 'contacts', page] as const,
};

export const adminApi = {
  users: (api: ApiClient, page: number) => api.get<AdminUserView[]>(`/api/admin/users?page=${page}&size=${ADMIN_USER_PAGE_SIZE}`),
  updateUser: (api: ApiClient, user: AdminUserView, edit: AdminUserEdit) => api.put<AdminUserView>(`/api/admin/users/${user.id}`, { ...user, ...edit }),
  approveUser: (api: ApiClient, user: AdminUserView, password?: string) =>
    api.put<AdminUserView>(`/api/admin/approve/${user.id}`, { ...user, ...(password ? { password } : {}) }),
  jobs: (api: ApiClient) => api.get<JobView[]>('/api/admin/jobs'),
  runJob: (api: ApiClient, id: number, params?: { limit: number }) => api.post<JobView>(`/api/admin/jobs/${id}/run`, params ? { params } : {}),
  contacts: (api: ApiClient, page: number) => api.get<ContactPage>(`/api/admin/contacts?page=${page}&size=${CONTACT_PAGE_SIZE}`),
};

/** An admin's change of a user (edit, approval): the user list is read again. */
export function useUpdateUser() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ user, edit }: { user: AdminUserView; edit: AdminUserEdit }) => adminApi.updateUser(api, user, edit),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.allUsers }),
  });
}

export function useApproveUser() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ user, password }: { user: AdminUserView; password?: string }) => adminApi.approveUser(api, user, password),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.allUsers }),
  });
}
