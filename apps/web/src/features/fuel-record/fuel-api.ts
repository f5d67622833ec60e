import type { FuelRecordInput } from '@wrenchlog/contracts';
import type { ApiClient } from '../../api/client';
import type { FuelRecord } from '../../api/types';

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
  create: (api: ApiClient, record: FuelRecordInput) => api.post<FuelRecord>('/api/fuel-records', { ...record }),
  update: (api: ApiClient, id: number, record: FuelRecordInput) => api.put<FuelRecord>(`/api/fuel-records/${id}`, { ...record }),
  remove: (api: ApiClient, id: number) => api.delete<void>(`/api/fuel-records/${id}`),
};
