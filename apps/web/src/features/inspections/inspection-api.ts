import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Inspection,
  InspectionCreated,
  InspectionDue,
  InspectionForm,
  InspectionFormInput,
  InspectionInput,
  InspectionSummary,
} from '@wrenchlog/contracts';
import type { ApiClient } from '../../api/client';
import { useApi } from '../../core/context';

export type { Inspection, InspectionCreated, InspectionDue, InspectionForm, InspectionSummary };

// Inspections (issue 35, work-order-service; gateway: apps/gateway/src/work/inspections.controller.ts).
export const inspectionKeys = {
  all: ['inspections'] as const,
  forms: () => ['inspections', 'forms'] as const,
  machine: (machineId: number) => ['inspections', 'machine', machineId] as const,
  one: (id: number) => ['inspections', 'one', id] as const,
  due: () => ['inspections', 'due'] as const,
};
/** The work feature's prefix (issues): an inspection's failed items open issues there. */
const WORK_KEY = ['work'] as const;

export const inspectionApi = {
  forms: (api: ApiClient) => api.get<InspectionForm[]>('/api/inspection-forms'),
  createForm: (api: ApiClient, form: InspectionFormInput) => api.post<InspectionForm>('/api/inspection-forms', { ...form }),
  updateForm: (api: ApiClient, id: number, form: InspectionFormInput) => api.put<InspectionForm>(`/api/inspection-forms/${id}`, { ...form }),
  deleteForm: (api: ApiClient, id: number) => api.delete<void>(`/api/inspection-forms/${id}`),
  create: (api: ApiClient, machineId: number, input: InspectionInput) => api.post<InspectionCreated>(`/api/machines/${machineId}/inspections`, { ...input }),
  ofMachine: (api: ApiClient, machineId: number) => api.get<InspectionSummary[]>(`/api/machines/${machineId}/inspections`),
  one: (api: ApiClient, id: number) => api.get<Inspection>(`/api/inspections/${id}`),
  due: (api: ApiClient) => api.get<InspectionDue[]>('/api/inspections/due'),
};

export function useInspectionForms(enabled = true) {
  const api = useApi();
  return useQuery({ queryKey: inspectionKeys.forms(), queryFn: () => inspectionApi.forms(api), enabled });
}

export function useMachineInspections(machineId: number, enabled = true) {
  const api = useApi();
  return useQuery({ queryKey: inspectionKeys.machine(machineId), queryFn: () => inspectionApi.ofMachine(api, machineId), enabled, staleTime: 0 });
}

export function useInspection(id: number, enabled = true) {
  const api = useApi();
  return useQuery({ queryKey: inspectionKeys.one(id), queryFn: () => inspectionApi.one(api, id), enabled });
}

export function useDueInspections(enabled = true) {
  const api = useApi();
  return useQuery({ queryKey: inspectionKeys.due(), queryFn: () => inspectionApi.due(api), enabled, staleTime: 0 });
}

/** An inspection and the issues it opened: both lists are read again. */
export function useCreateInspection(machineId: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InspectionInput) => inspectionApi.create(api, machineId, input),
    onSuccess: (made) => {
      queryClient.setQueryData(inspectionKeys.one(made.id), made);
      void queryClient.invalidateQueries({ queryKey: inspectionKeys.all });
      void queryClient.invalidateQueries({ queryKey: WORK_KEY });
    },
  });
}

export function useSaveForm() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, form }: { id: number | null; form: InspectionFormInput }) =>
      id === null ? inspectionApi.createForm(api, form) : inspectionApi.updateForm(api, id, form),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inspectionKeys.all }),
  });
}

export function useDeleteForm() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => inspectionApi.deleteForm(api, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inspectionKeys.all }),
  });
}
