import type { ApiClient } from '../../api/client';
import type { Purchase } from '../../api/types';
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
