import { useMutation, useQueryClient, type Query, type QueryClient } from '@tanstack/react-query';
import { useApi } from '../../core/context';
import type { ApiClient } from '../../api/client';
import { forgetOnceUnobserved, isUnder } from '../../api/forget-query';
import type { Purchase } from '../../api/types';
import { historyKeys } from '../../core/query-keys';
import { inventoryKeys } from '../inventory/inventory-api';
import type { PurchaseBody } from './purchase-logic';

export const purchaseKeys = {
  all: ['purchases'] as const,
  detail: (id: number) => ['purchases', 'detail', id] as const,
};

/** The purchase calls of spec doc 2 section 7 (gateway: apps/gateway/src/purchases). */
export const purchaseApi = {
  get: (api: ApiClient, id: number) => api.get<Purchase>(`/api/purchases/${id}`),
  create: (api: ApiClient, body: PurchaseBody) => api.post<Purchase>('/api/purchases', { ...body }),
  update: (api: ApiClient, id: number, body: PurchaseBody) => api.put<Purchase>(`/api/purchases/${id}`, { ...body }),
  remove: (api: ApiClient, id: number) => api.delete<void>(`/api/purchases/${id}`),
};

/** A purchase changes the purchase lists, the stock of a linked part, and its machine's Parts History. */
function refreshPurchaseLists(queryClient: QueryClient, machineIds: (number | null | undefined)[], deletedId?: number): Promise<unknown> {
  const kept = (q: Query) => deletedId === undefined || !isUnder(q.queryKey, purchaseKeys.detail(deletedId));
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: purchaseKeys.all, predicate: kept }),
    queryClient.invalidateQueries({ queryKey: inventoryKeys.all }),
    ...[...new Set(machineIds.filter((id): id is number => !!id))].map((id) => queryClient.invalidateQueries({ queryKey: historyKeys.parts(id) })),
  ]);
}

/** Creates (no id) or updates a purchase; `previous` is the purchase as it was, when it may move machines. */
export function useSavePurchase() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: PurchaseBody; previous?: Pick<Purchase, 'machineId'> | null }) =>
      id === undefined ? purchaseApi.create(api, body) : purchaseApi.update(api, id, body),
    onSuccess: async (saved, { previous }) => {
      queryClient.setQueryData(purchaseKeys.detail(saved.id), saved);
      await refreshPurchaseLists(queryClient, [saved.machineId, previous?.machineId]);
    },
  });
}

export function useDeletePurchase() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (purchase: Pick<Purchase, 'id' | 'machineId'>) => purchaseApi.remove(api, purchase.id),
    onSuccess: async (_, purchase) => {
      forgetOnceUnobserved(queryClient, purchaseKeys.detail(purchase.id));
      await refreshPurchaseLists(queryClient, [purchase.machineId], purchase.id);
    },
  });
}
