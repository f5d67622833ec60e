import type { ServiceImage, ServiceRecord } from '@wrenchlog/contracts';
import type { ApiClient } from '../../api/client';
import { serviceKeys } from '../services/services-api';
import type { RecordBody } from './service-record-logic';

/** A photo ready to upload: the resized original and its thumbnail, under the user's file name. */
export interface PreparedImage {
  fileName: string;
  original: Blob;
  thumbnail: Blob;
}

export const serviceRecordKeys = {
  detail: (id: number) => [...serviceKeys.all, 'detail', id] as const,
  images: (id: number) => [...serviceKeys.all, 'detail', id, 'images'] as const,
  imageCount: (id: number) => [...serviceKeys.all, 'detail', id, 'images', 'count'] as const,
};

/** The service-record calls of spec doc 1 section 7. */
export const serviceRecordApi = {
  get: (api: ApiClient, id: number) => api.get<ServiceRecord>(`/api/services/${id}`),
  create: (api: ApiClient, body: RecordBody) => api.post<ServiceRecord>('/api/services/fastCreate', { ...body }),
  update: (api: ApiClient, id: number, body: RecordBody) => api.put<ServiceRecord>(`/api/services/${id}`, { ...body, id }),
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
