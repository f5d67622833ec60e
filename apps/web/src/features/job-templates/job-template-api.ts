import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { JobTemplate, JobTemplateInput } from '@wrenchlog/contracts';
import type { ApiClient } from '../../api/client';
import { useApi } from '../../core/context';
// The texts travel with the calls: the work order and schedule dialogs that pick a template use them too.
import './i18n';

export type { JobTemplate, JobTemplateInput };

// Job templates (issue 35, work-order-service; gateway: apps/gateway/src/work/job-templates.controller.ts).
export const jobTemplateKeys = {
  all: ['job-templates'] as const,
  list: () => ['job-templates', 'list'] as const,
};

export const jobTemplateApi = {
  list: (api: ApiClient) => api.get<JobTemplate[]>('/api/job-templates'),
  create: (api: ApiClient, input: JobTemplateInput) => api.post<JobTemplate>('/api/job-templates', { ...input }),
  update: (api: ApiClient, id: number, input: JobTemplateInput) => api.put<JobTemplate>(`/api/job-templates/${id}`, { ...input }),
  delete: (api: ApiClient, id: number) => api.delete<void>(`/api/job-templates/${id}`),
};

/** The account's templates by name (whoever reads work orders). */
export function useJobTemplates(enabled = true) {
  const api = useApi();
  return useQuery({ queryKey: jobTemplateKeys.list(), queryFn: () => jobTemplateApi.list(api), enabled });
}

export function useSaveJobTemplate() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: JobTemplateInput }) =>
      id === null ? jobTemplateApi.create(api, input) : jobTemplateApi.update(api, id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobTemplateKeys.all }),
  });
}

export function useDeleteJobTemplate() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => jobTemplateApi.delete(api, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobTemplateKeys.all }),
  });
}
