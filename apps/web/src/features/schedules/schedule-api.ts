import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  CreateReadingInput,
  Meter,
  MeterReading,
  MeterReadingPage,
  ReplaceMeterInput,
  UpdateMeterInput,
  Schedule,
  ScheduleInput,
  SchedulePage,
  ScheduleStatus,
  ScheduleTemplate,
} from '@wrenchlog/contracts';
import { useApi } from '../../core/context';
import type { ApiClient } from '../../api/client';

// Statuses move with readings that arrive by events from other services: these lists are read
// again each time a screen opens (staleTime 0 where they are used), not kept for the app's 15 s.
export const scheduleKeys = {
  all: ['schedules'] as const,
  meters: (machineId: number) => ['schedules', 'meters', machineId] as const,
  readings: (meterId: number) => ['schedules', 'readings', meterId] as const,
  machine: (machineId: number) => ['schedules', 'machine', machineId] as const,
  fleet: (status: readonly ScheduleStatus[], machineType: string) => ['schedules', 'fleet', status.join(','), machineType] as const,
  templates: (type: string) => ['schedules', 'templates', type] as const,
};

/** The meter and schedule calls of issue 21 (gateway: apps/gateway/src/schedules). */
export const scheduleApi = {
  meters: (api: ApiClient, machineId: number) => api.get<Meter[]>(`/api/machines/${machineId}/meters`),
  readings: (api: ApiClient, meterId: number, page: number, size: number) =>
    api.get<MeterReadingPage>(`/api/meters/${meterId}/readings?page=${page}&size=${size}`),
  addReading: (api: ApiClient, meterId: number, reading: CreateReadingInput) => api.post<MeterReading>(`/api/meters/${meterId}/readings`, { ...reading }),
  setVoid: (api: ApiClient, readingId: number, isVoid: boolean) => api.put<MeterReading>(`/api/readings/${readingId}`, { void: isVoid }),
  updateMeter: (api: ApiClient, meterId: number, input: UpdateMeterInput) => api.put<Meter>(`/api/meters/${meterId}`, { ...input }),
  replace: (api: ApiClient, meterId: number, input: ReplaceMeterInput) => api.post<MeterReading>(`/api/meters/${meterId}/replacement`, { ...input }),
  ofMachine: (api: ApiClient, machineId: number) => api.get<Schedule[]>(`/api/machines/${machineId}/schedules`),
  fleet: (api: ApiClient, status: readonly ScheduleStatus[], machineType: string, page: number, size: number) => {
    const q = new URLSearchParams({ page: String(page), size: String(size) });
    // Every status is the same as none: the shorter URL.
    if (status.length > 0 && status.length < 3) {
      q.set('status', status.join(','));
    }
    if (machineType) {
      q.set('machineType', machineType);
    }
    return api.get<SchedulePage>(`/api/schedules?${q.toString()}`);
  },
  create: (api: ApiClient, machineId: number, input: ScheduleInput) => api.post<Schedule>(`/api/machines/${machineId}/schedules`, { ...input }),
  update: (api: ApiClient, id: number, input: ScheduleInput) => api.put<Schedule>(`/api/schedules/${id}`, { ...input }),
  remove: (api: ApiClient, id: number) => api.delete<void>(`/api/schedules/${id}`),
  templates: (api: ApiClient, type: string) => api.get<ScheduleTemplate[]>(`/api/schedule-templates?type=${encodeURIComponent(type)}`),
};

/**
 * A reading changes the meters, every schedule's status (the machine's and the fleet's) and the
 * machine's own miles and hours: all of it is read again.
 */
export function invalidateMachineUsage(queryClient: QueryClient, machineId: number): void {
  void queryClient.invalidateQueries({ queryKey: scheduleKeys.all });
  void queryClient.invalidateQueries({ queryKey: ['machines', 'detail', machineId] });
}

export function useAddReading(machineId: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ meterId, reading }: { meterId: number; reading: CreateReadingInput }) => scheduleApi.addReading(api, meterId, reading),
    onSuccess: () => invalidateMachineUsage(queryClient, machineId),
  });
}

/** Void or unvoid a reading (the out-of-sequence dialog voids the offending old one with it too). */
export function useSetReadingVoid(machineId: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ readingId, isVoid }: { readingId: number; isVoid: boolean }) => scheduleApi.setVoid(api, readingId, isVoid),
    onSuccess: () => invalidateMachineUsage(queryClient, machineId),
  });
}

/** A meter's label, unit, manual rate or rollover value: the reasons of its schedules name the unit too. */
export function useUpdateMeter(machineId: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ meterId, input }: { meterId: number; input: UpdateMeterInput }) => scheduleApi.updateMeter(api, meterId, input),
    onSuccess: () => invalidateMachineUsage(queryClient, machineId),
  });
}

export function useReplaceMeter(machineId: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ meterId, input }: { meterId: number; input: ReplaceMeterInput }) => scheduleApi.replace(api, meterId, input),
    onSuccess: () => invalidateMachineUsage(queryClient, machineId),
  });
}

/** Create (no id) or update a schedule; the machine's list and the fleet's Due list read again. */
export function useSaveSchedule(machineId: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: ScheduleInput }) => (id ? scheduleApi.update(api, id, input) : scheduleApi.create(api, machineId, input)),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: scheduleKeys.all }),
  });
}

export function useDeleteSchedule() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => scheduleApi.remove(api, id),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: scheduleKeys.all }),
  });
}
