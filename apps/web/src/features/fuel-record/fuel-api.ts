import { useMutation, useQueryClient, type Query, type QueryClient } from '@tanstack/react-query';
import type { FuelRecordInput, WithVoidedReadings } from '@wrenchlog/contracts';
import { useApi } from '../../core/context';
import type { ApiClient } from '../../api/client';
import { forgetOnceUnobserved, isUnder } from '../../api/forget-query';
import type { FuelRecord } from '../../api/types';
import { historyKeys } from '../../core/query-keys';
import { announceVoidedReadings } from '../../core/voided-readings-notice';
import type { FuelRecordBody } from './fuel-logic';

export const fuelKeys = {
  all: ['fuel-records'] as const,
  detail: (id: number) => ['fuel-records', 'detail', id] as const,
  latest: (machineId: number) => ['fuel-records', 'latest', machineId] as const,
};

/** The fuel record calls of spec doc 2 section 7 (gateway: apps/gateway/src/fuel). */
export const fuelApi = {
  get: (api: ApiClient, id: number) => api.get<FuelRecord>(`/api/fuel-records/${id}`),
  /** The machine's newest record, or null when it has none (the gateway answers JSON null). */
  latest: async (api: ApiClient, machineId: number) => (await api.get<FuelRecord | null>(`/api/fuel-records/machine/${machineId}/latest`)) ?? null,
  create: (api: ApiClient, record: FuelRecordInput) => api.post<WithVoidedReadings<FuelRecord>>('/api/fuel-records', { ...record }),
  update: (api: ApiClient, id: number, record: FuelRecordBody) => api.put<WithVoidedReadings<FuelRecord>>(`/api/fuel-records/${id}`, { ...record }),
  remove: (api: ApiClient, id: number) => api.delete<void>(`/api/fuel-records/${id}`),
};

/** A fuel record changes the fuel lists and the history of its machine (and of the one it left); a deleted one is not read again. */
function refreshFuelLists(queryClient: QueryClient, machineIds: number[], deletedId?: number): Promise<unknown> {
  const kept = (q: Query) => deletedId === undefined || !isUnder(q.queryKey, fuelKeys.detail(deletedId));
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: fuelKeys.all, predicate: kept }),
    ...[...new Set(machineIds)].map((id) => queryClient.invalidateQueries({ queryKey: historyKeys.fuel(id) })),
  ]);
}

/** Creates (no id) or updates a fuel record; `previous` is the record as it was, when it may move machines. */
export function useSaveFuelRecord() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: FuelRecordBody; previous?: Pick<FuelRecord, 'machineId'> | null }) =>
      id === undefined ? fuelApi.create(api, body as FuelRecordInput) : fuelApi.update(api, id, body),
    onSuccess: async (saved, { previous }) => {
      announceVoidedReadings(saved);
      queryClient.setQueryData(fuelKeys.detail(saved.id), saved);
      await refreshFuelLists(queryClient, [saved.machineId, ...(previous ? [previous.machineId] : [])]);
    },
  });
}

export function useDeleteFuelRecord() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (record: Pick<FuelRecord, 'id' | 'machineId'>) => fuelApi.remove(api, record.id),
    onSuccess: async (_, record) => {
      forgetOnceUnobserved(queryClient, fuelKeys.detail(record.id));
      await refreshFuelLists(queryClient, [record.machineId], record.id);
    },
  });
}
