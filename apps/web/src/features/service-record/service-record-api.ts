import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ServiceImage, ServiceRecord, WithVoidedReadings } from '@wrenchlog/contracts';
import { useApi } from '../../core/context';
import type { ApiClient } from '../../api/client';
import { forgetOnceUnobserved } from '../../api/forget-query';
import { machineKeys } from '../../api/machines';
import { historyKeys } from '../../core/query-keys';
import { scheduleKeys } from '../schedules/schedule-api';
import { announceVoidedReadings } from '../../core/voided-readings-notice';
import { serviceRecordListKeys } from '../service-records/service-records-api';
import type { RecordBody } from './service-record-logic';

/** A photo ready to upload: the resized original and its thumbnail, under the user's file name. */
export interface PreparedImage {
  fileName: string;
  original: Blob;
  thumbnail: Blob;
}

export const serviceRecordKeys = {
  detail: (id: number) => [...serviceRecordListKeys.all, 'detail', id] as const,
  images: (id: number) => [...serviceRecordListKeys.all, 'detail', id, 'images'] as const,
  imageCount: (id: number) => [...serviceRecordListKeys.all, 'detail', id, 'images', 'count'] as const,
};

/** The service-record calls of spec doc 1 section 7. */
export const serviceRecordApi = {
  get: (api: ApiClient, id: number) => api.get<ServiceRecord>(`/api/services/${id}`),
  create: (api: ApiClient, body: RecordBody) => api.post<WithVoidedReadings<ServiceRecord>>('/api/services/fastCreate', { ...body }),
  update: (api: ApiClient, id: number, body: RecordBody) => api.put<WithVoidedReadings<ServiceRecord>>(`/api/services/${id}`, { ...body, id }),
  remove: (api: ApiClient, id: number) => api.delete<void>(`/api/services/${id}`),
  images: async (api: ApiClient, id: number) => (await api.get<ServiceImage[] | null>(`/api/services/${id}/images`)) ?? [],
  imageCount: (api: ApiClient, id: number) => api.get<number>(`/api/services/${id}/images/count`),
  /** Multipart `images[i][original]` (named as the user's file) and `images[i][thumbnail]`. */
  uploadImages: (api: ApiClient, id: number, images: PreparedImage[], idempotencyKey: string) => {
    const form = new FormData();
    images.forEach((image, i) => {
      form.append(`images[${i}][original]`, image.original, image.fileName);
      form.append(`images[${i}][thumbnail]`, image.thumbnail, `thumb-${image.fileName}`);
    });
    return api.post<ServiceImage[]>(`/api/services/${id}/images`, form, { idempotencyKey });
  },
  deleteImages: (api: ApiClient, id: number, imageIds: number[]) => api.delete<void>(`/api/services/${id}/images`, imageIds),
};

/**
 * A service record changes the Recent Machine Services list, its machine's Services History, the
 * recently serviced machines and the schedules it completes or counts for.
 */
function refreshRecordLists(queryClient: QueryClient, ...machineIds: number[]): void {
  void queryClient.invalidateQueries({ queryKey: [...serviceRecordListKeys.all, 'recent'] });
  for (const id of new Set(machineIds)) {
    void queryClient.invalidateQueries({ queryKey: historyKeys.service(id) });
  }
  void queryClient.invalidateQueries({ queryKey: machineKeys.recent() });
  // schedule-service hears of the record by an event, a moment after the reply: read again then too.
  void queryClient.invalidateQueries({ queryKey: scheduleKeys.all });
  window.setTimeout(() => void queryClient.invalidateQueries({ queryKey: scheduleKeys.all }), 1500);
}

export function useCreateServiceRecord() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RecordBody) => serviceRecordApi.create(api, body),
    onSuccess: (created) => {
      announceVoidedReadings(created);
      // The record opens from the reply, without a second read.
      queryClient.setQueryData(serviceRecordKeys.detail(created.id), created);
      refreshRecordLists(queryClient, created.machineId);
    },
  });
}

/**
 * Saves an existing record; `previous` is the record as the server held it. Answers the stored
 * record (the reply, or the previous one with the sent fields when the reply has no body).
 */
export function useUpdateServiceRecord() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ previous, body }: { previous: ServiceRecord; body: RecordBody }): Promise<WithVoidedReadings<ServiceRecord>> => {
      const reply = await serviceRecordApi.update(api, previous.id, body);
      return reply && typeof reply === 'object' ? reply : { ...previous, ...body };
    },
    onSuccess: (stored, { previous }) => {
      announceVoidedReadings(stored);
      queryClient.setQueryData(serviceRecordKeys.detail(stored.id), stored);
      refreshRecordLists(queryClient, stored.machineId, previous.machineId);
    },
  });
}

export function useDeleteServiceRecord() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (record: Pick<ServiceRecord, 'id' | 'machineId'>) => serviceRecordApi.remove(api, record.id),
    onSuccess: (_, record) => {
      forgetOnceUnobserved(queryClient, serviceRecordKeys.detail(record.id));
      refreshRecordLists(queryClient, record.machineId);
    },
  });
}

/** Uploads one batch of a record's photos; the record's photo list is read again after each. */
export function useUploadServiceImages() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ recordId, images, idempotencyKey }: { recordId: number; images: PreparedImage[]; idempotencyKey: string }) =>
      serviceRecordApi.uploadImages(api, recordId, images, idempotencyKey),
    onSuccess: (_, { recordId }) => queryClient.invalidateQueries({ queryKey: serviceRecordKeys.images(recordId) }),
  });
}

export function useDeleteServiceImages() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ recordId, imageIds }: { recordId: number; imageIds: number[] }) => serviceRecordApi.deleteImages(api, recordId, imageIds),
    onSuccess: (_, { recordId }) => queryClient.invalidateQueries({ queryKey: serviceRecordKeys.images(recordId) }),
  });
}
