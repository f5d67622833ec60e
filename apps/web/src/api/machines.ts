import type { ApiClient } from './client';
import type { Machine, MachineCreateInput, MachineHistoryCounts, MachineListItem, MachinePhoto } from './types';

export const machineKeys = {
  all: ['machines'] as const,
  list: () => ['machines', 'all'] as const,
  archived: () => ['machines', 'archived'] as const,
  recent: () => ['machines', 'recent'] as const,
  detail: (id: number) => ['machines', 'detail', id] as const,
  profilePhoto: (id: number) => ['machines', 'detail', id, 'profile-photo'] as const,
  gallery: (id: number) => ['machines', 'detail', id, 'gallery'] as const,
  historyCounts: (id: number) => ['machines', 'detail', id, 'history-counts'] as const,
};

export const machinesApi = {
  recentlyServiced: (api: ApiClient) => api.get<MachineListItem[]>('/api/machines/recentlyserviced'),
  all: (api: ApiClient) => api.get<MachineListItem[]>('/api/machines/all'),
  /** The archived machines (out of the other lists, history kept). */
  archived: (api: ApiClient) => api.get<MachineListItem[]>('/api/machines/all?archived=true'),
  setArchived: (api: ApiClient, id: number, archived: boolean) => api.put<Machine>('/api/machines/update', { id, archived }),
  /** What a delete would take with it: counted by the services that own the records. */
  historyCounts: (api: ApiClient, id: number) => api.get<MachineHistoryCounts>(`/api/machines/${id}/history-counts`),
  get: (api: ApiClient, id: number) => api.get<Machine>(`/api/machines/?machineId=${encodeURIComponent(id)}`),
  create: (api: ApiClient, input: MachineCreateInput) => api.post<Machine>('/api/machines/create', { ...input }),
  update: (api: ApiClient, machine: Partial<Machine> & { id: number }) => api.put<Machine>('/api/machines/update', { ...machine }),
  remove: (api: ApiClient, id: number) => api.delete<void>(`/api/machines/${id}`),
  /** The profile photo, or null when the machine has none. */
  profilePhoto: async (api: ApiClient, id: number): Promise<MachinePhoto | null> => {
    const photo = await api.get<MachinePhoto | null>(`/api/machines/${id}/profile-photo`).catch((err: unknown) => {
      if ((err as { status?: number }).status === 404) {
        return null;
      }
      throw err;
    });
    return photo && typeof photo === 'object' && 'id' in photo ? photo : null;
  },
  uploadProfilePhoto: (api: ApiClient, id: number, original: Blob, thumbnail: Blob) => {
    const form = new FormData();
    form.append('original', original, 'original.jpg');
    form.append('thumbnail', thumbnail, 'thumbnail.jpg');
    return api.post<MachinePhoto>(`/api/machines/${id}/profile-photo`, form);
  },
  deleteProfilePhoto: (api: ApiClient, id: number) => api.delete<void>(`/api/machines/${id}/profile-photo`),
  gallery: async (api: ApiClient, id: number): Promise<MachinePhoto[]> => (await api.get<MachinePhoto[] | null>(`/api/machines/${id}/gallery`)) ?? [],
  uploadGallery: (api: ApiClient, id: number, files: { original: Blob; thumbnail: Blob }[]) => {
    const form = new FormData();
    files.forEach((f, i) => {
      form.append('originals', f.original, `photo-${i + 1}.jpg`);
      form.append('thumbnails', f.thumbnail, `photo-${i + 1}-thumb.jpg`);
    });
    return api.post<MachinePhoto[]>(`/api/machines/${id}/gallery`, form);
  },
  deleteGallery: (api: ApiClient, id: number, photoIds: number[]) => api.delete<void>(`/api/machines/${id}/gallery`, photoIds),
};
