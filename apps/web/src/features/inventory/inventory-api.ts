import type {
  InventorySample,
  InventoryStats,
  Part,
  PartInput,
  PartPage,
  ReorderDraft,
  ReorderItem,
  StockMovement,
  StockStatus,
  Supplier,
  SupplierInput,
  SupplierPage,
} from '@wrenchlog/contracts';
import { INVENTORY_LIMITS } from '@wrenchlog/contracts/limits';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../core/context';
import type { ApiClient } from '../../api/client';
import { forgetOnceUnobserved, isUnder } from '../../api/forget-query';

export type { InventoryStats, Part, PartPage, ReorderDraft, ReorderItem, StockMovement, Supplier, SupplierPage };

export const inventoryKeys = {
  all: ['inventory'] as const,
  parts: (search: string, stock: string, page: number) => ['inventory', 'parts', { search, stock, page }] as const,
  part: (id: number) => ['inventory', 'part', id] as const,
  suppliers: (search: string, page: number) => ['inventory', 'suppliers', { search, page }] as const,
  allSuppliers: () => ['inventory', 'suppliers', 'all'] as const,
  stats: () => ['inventory', 'stats'] as const,
  toReorder: () => ['inventory', 'to-reorder'] as const,
  ledger: (id: number) => ['inventory', 'ledger', id] as const,
};

const qs = (params: Record<string, string | number | undefined>) =>
  Object.entries(params)
    .filter(([, v]) => v !== undefined && v !== '')
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join('&');

export const inventoryApi = {
  parts: (api: ApiClient, p: { search: string; stock: '' | StockStatus; page: number }) =>
    api.get<PartPage>(`/api/parts?${qs({ search: p.search, stock: p.stock, page: p.page, size: INVENTORY_LIMITS.pageSize.default })}`),
  part: (api: ApiClient, id: number) => api.get<Part>(`/api/parts/${id}`),
  stats: (api: ApiClient) => api.get<InventoryStats>('/api/parts/stats'),
  createPart: (api: ApiClient, part: PartInput) => api.post<Part>('/api/parts', { ...part }),
  updatePart: (api: ApiClient, id: number, part: PartInput) => api.put<Part>(`/api/parts/${id}`, { ...part }),
  deletePart: (api: ApiClient, id: number) => api.delete<void>(`/api/parts/${id}`),
  loadSample: (api: ApiClient) => api.post<InventorySample>('/api/parts/sample'),
  suppliers: (api: ApiClient, p: { search: string; page: number }) =>
    api.get<SupplierPage>(`/api/suppliers?${qs({ search: p.search, page: p.page, size: INVENTORY_LIMITS.pageSize.default })}`),
  allSuppliers: (api: ApiClient) => api.get<Supplier[]>('/api/suppliers/all'),
  supplier: (api: ApiClient, id: number) => api.get<Supplier>(`/api/suppliers/${id}`),
  createSupplier: (api: ApiClient, supplier: SupplierInput) => api.post<Supplier>('/api/suppliers', { ...supplier }),
  updateSupplier: (api: ApiClient, id: number, supplier: SupplierInput) => api.put<Supplier>(`/api/suppliers/${id}`, { ...supplier }),
  deleteSupplier: (api: ApiClient, id: number) => api.delete<void>(`/api/suppliers/${id}`),
  toReorder: (api: ApiClient) => api.get<ReorderItem[]>('/api/parts/to-reorder'),
  reorder: (api: ApiClient, supplierIds: number[]) => api.post<ReorderDraft[]>('/api/parts/reorder', { supplierIds }),
  ledger: (api: ApiClient, id: number) => api.get<StockMovement[]>(`/api/parts/${id}/ledger`),
};

// The inventory's writes: every list, count and stock figure of the inventory is read again after one.

export function useSavePart() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: PartInput }) =>
      id === undefined ? inventoryApi.createPart(api, input) : inventoryApi.updatePart(api, id, input),
    onSuccess: (saved) => {
      queryClient.setQueryData(inventoryKeys.part(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: inventoryKeys.all });
    },
  });
}

export function useDeletePart() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => inventoryApi.deletePart(api, id),
    onSuccess: (_, id) => {
      forgetOnceUnobserved(queryClient, inventoryKeys.part(id));
      void queryClient.invalidateQueries({ queryKey: inventoryKeys.all, predicate: (q) => !isUnder(q.queryKey, inventoryKeys.part(id)) });
    },
  });
}

export function useSaveSupplier() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: SupplierInput }) =>
      id === undefined ? inventoryApi.createSupplier(api, input) : inventoryApi.updateSupplier(api, id, input),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: inventoryKeys.all }),
  });
}

export function useDeleteSupplier() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => inventoryApi.deleteSupplier(api, id),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: inventoryKeys.all }),
  });
}

/** Loads the sample parts and suppliers; settles once the lists have been read again. */
export function useLoadSampleInventory() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => inventoryApi.loadSample(api),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inventoryKeys.all }),
  });
}

/** Drafts the Ordered purchases of these suppliers; the to-reorder list (now "on order") and the counts are read again. */
export function useDraftReorders() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (supplierIds: number[]) => inventoryApi.reorder(api, supplierIds),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inventoryKeys.all }),
  });
}
