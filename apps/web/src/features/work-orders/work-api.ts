import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  CompleteWorkOrderInput,
  Issue,
  IssueImage,
  MyWork,
  MyWorkItem,
  IssueInput,
  IssuePage,
  WorkOrder,
  WorkOrderInput,
  WorkOrderLine,
  WorkOrderLineInput,
  WorkOrderPage,
  WorkOrderUpdateInput,
} from '@wrenchlog/contracts';
import { WorkLimits, type IssuePriority, type IssueStatus } from '@wrenchlog/contracts/limits';
import { useApi } from '../../core/context';
import type { ApiClient } from '../../api/client';
import { historyKeys } from '../../core/query-keys';
import { scheduleKeys } from '../schedules/schedule-api';
import { inventoryKeys } from '../inventory/inventory-api';

export type { Issue, MyWork, MyWorkItem, WorkOrder, WorkOrderLine };

// Issues and work orders (issue 35, work-order-service; gateway: apps/gateway/src/work).
export const workKeys = {
  all: ['work'] as const,
  machineIssues: (machineId: number) => ['work', 'issues', 'machine', machineId] as const,
  issues: (status: string, priority: string, page: number) => ['work', 'issues', 'list', { status, priority, page }] as const,
  issueCounts: () => ['work', 'issues', 'counts'] as const,
  board: (machineId: number | null) => ['work', 'orders', 'board', machineId] as const,
  order: (id: number) => ['work', 'orders', 'one', id] as const,
  /** The caller's open orders in all their accounts (read again with the rest after any write). */
  mine: ['work', 'mine'] as const,
};

const qs = (params: Record<string, string | number | undefined | null>) =>
  Object.entries(params)
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join('&');

export const workApi = {
  machineIssues: (api: ApiClient, machineId: number) => api.get<Issue[]>(`/api/machines/${machineId}/issues`),
  issues: (api: ApiClient, p: { status?: string; priority?: string; machineId?: number; page: number; size?: number }) =>
    api.get<IssuePage>(
      `/api/issues?${qs({ status: p.status, priority: p.priority, machineId: p.machineId, page: p.page, size: p.size ?? WorkLimits.issuePageSize })}`,
    ),
  reportIssue: (api: ApiClient, machineId: number, input: IssueInput) => api.post<Issue>(`/api/machines/${machineId}/issues`, { ...input }),
  resolveIssue: (api: ApiClient, id: number, note: string) => api.post<Issue>(`/api/issues/${id}/resolve`, { note }),
  closeIssue: (api: ApiClient, id: number, reason: string) => api.post<Issue>(`/api/issues/${id}/close`, { reason }),
  orders: (api: ApiClient, p: { state?: string; machineId?: number | null; page: number; size?: number }) =>
    api.get<WorkOrderPage>(`/api/work-orders?${qs({ state: p.state, machineId: p.machineId, page: p.page, size: p.size ?? WorkLimits.workOrderPageSize })}`),
  order: (api: ApiClient, id: number) => api.get<WorkOrder>(`/api/work-orders/${id}`),
  createOrder: (api: ApiClient, input: WorkOrderInput) => api.post<WorkOrder>('/api/work-orders', { ...input }),
  updateOrder: (api: ApiClient, id: number, input: WorkOrderUpdateInput) => api.put<WorkOrder>(`/api/work-orders/${id}`, { ...input }),
  addLine: (api: ApiClient, id: number, line: WorkOrderLineInput) => api.post<WorkOrderLine>(`/api/work-orders/${id}/lines`, { ...line }),
  deleteLine: (api: ApiClient, id: number, lineId: number) => api.delete<void>(`/api/work-orders/${id}/lines/${lineId}`),
  complete: (api: ApiClient, id: number, input: CompleteWorkOrderInput, idempotencyKey: string) =>
    api.post<WorkOrder>(`/api/work-orders/${id}/complete`, { ...input }, { idempotencyKey }),
  reopen: (api: ApiClient, id: number) => api.post<WorkOrder>(`/api/work-orders/${id}/reopen`),
  myWork: (api: ApiClient) => api.get<MyWork>('/api/my-work'),
};

/** The My work page: every open order assigned to the caller, in all their accounts, in one call. */
export function useMyWork() {
  const api = useApi();
  return useQuery({ queryKey: workKeys.mine, queryFn: () => workApi.myWork(api), staleTime: 0 });
}

/** The open issues of a machine (open and in progress: what is still wrong with it). */
export function useMachineIssues(machineId: number, enabled = true) {
  const api = useApi();
  return useQuery({ queryKey: workKeys.machineIssues(machineId), queryFn: () => workApi.machineIssues(api, machineId), enabled, staleTime: 0 });
}

/** The account's issues of the given statuses and priority, a page at a time. */
export function useIssues(status: readonly IssueStatus[], priority: IssuePriority | '', page: number) {
  const api = useApi();
  const s = status.join(',');
  return useQuery({
    queryKey: workKeys.issues(s, priority, page),
    queryFn: () => workApi.issues(api, { status: s, priority, page }),
    staleTime: 0,
  });
}

/** Every issue, order and line changes together (an order holds issues): one prefix is read again. */
function refreshWork(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: workKeys.all });
}

export function useReportIssue(machineId: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: IssueInput) => workApi.reportIssue(api, machineId, input),
    onSuccess: () => refreshWork(queryClient),
  });
}

/** A photo prepared in the browser (resized original and thumbnail) under the user's file name. */
export interface IssuePhotoUpload {
  fileName: string;
  original: Blob;
  thumbnail: Blob;
}

/** Adds photos to an issue (multipart as a service record's); the machine's issues answer them with thumbnails. */
export function useUploadIssueImages(machineId: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ issueId, images }: { issueId: number; images: IssuePhotoUpload[] }) => {
      const form = new FormData();
      images.forEach((image, i) => {
        form.append(`images[${i}][original]`, image.original, image.fileName);
        form.append(`images[${i}][thumbnail]`, image.thumbnail, `thumb-${image.fileName}`);
      });
      return api.post<IssueImage[]>(`/api/issues/${issueId}/images`, form);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: workKeys.machineIssues(machineId) }),
  });
}

export function useDeleteIssueImage(machineId: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ issueId, imageId }: { issueId: number; imageId: number }) => api.delete<void>(`/api/issues/${issueId}/images`, [imageId]),
    onSettled: () => queryClient.invalidateQueries({ queryKey: workKeys.machineIssues(machineId) }),
  });
}

export function useResolveIssue() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, note }: { id: number; note: string }) => workApi.resolveIssue(api, id, note),
    onSuccess: () => refreshWork(queryClient),
  });
}

export function useCloseIssue() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => workApi.closeIssue(api, id, reason),
    onSuccess: () => refreshWork(queryClient),
  });
}

/** The board's orders (one call answers the cards with their lines and people). */
export function useWorkOrders(machineId: number | null = null, enabled = true) {
  const api = useApi();
  return useQuery({
    queryKey: workKeys.board(machineId),
    queryFn: () => workApi.orders(api, { machineId, page: 0 }),
    staleTime: 0,
    enabled,
  });
}

export function useWorkOrder(id: number, enabled = true) {
  const api = useApi();
  return useQuery({ queryKey: workKeys.order(id), queryFn: () => workApi.order(api, id), enabled, staleTime: 0 });
}

export function useCreateWorkOrder() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: WorkOrderInput) => workApi.createOrder(api, input),
    onSuccess: (order) => {
      queryClient.setQueryData(workKeys.order(order.id), order);
      void refreshWork(queryClient);
    },
  });
}

export function useUpdateWorkOrder(id: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: WorkOrderUpdateInput) => workApi.updateOrder(api, id, input),
    onSuccess: (order) => {
      queryClient.setQueryData(workKeys.order(order.id), order);
      void refreshWork(queryClient);
    },
  });
}

/** Add or remove a line: the order's totals are the server's, so the order is read again. */
export function useWorkOrderLines(id: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  const onSuccess = () => refreshWork(queryClient);
  const add = useMutation({ mutationFn: (line: WorkOrderLineInput) => workApi.addLine(api, id, line), onSuccess });
  const remove = useMutation({ mutationFn: (lineId: number) => workApi.deleteLine(api, id, lineId), onSuccess });
  return { add, remove };
}

/**
 * Completion writes a service record, completes schedules, takes parts out of stock and resolves
 * issues: the machine's history, schedules and the inventory are read again with the order.
 */
export function useCompleteWorkOrder(id: number, machineId: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  const after = (order: WorkOrder) => {
    queryClient.setQueryData(workKeys.order(order.id), order);
    void refreshWork(queryClient);
    void queryClient.invalidateQueries({ queryKey: historyKeys.service(machineId) });
    void queryClient.invalidateQueries({ queryKey: scheduleKeys.all });
    void queryClient.invalidateQueries({ queryKey: inventoryKeys.all });
  };
  const complete = useMutation({
    mutationFn: ({ input, key }: { input: CompleteWorkOrderInput; key: string }) => workApi.complete(api, id, input, key),
    onSuccess: after,
  });
  const reopen = useMutation({ mutationFn: () => workApi.reopen(api, id), onSuccess: after });
  return { complete, reopen };
}
