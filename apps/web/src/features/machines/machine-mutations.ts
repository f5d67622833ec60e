import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useApi } from '../../core/context';
import { forgetOnceUnobserved, isUnder } from '../../api/forget-query';
import { machineKeys, machinesApi } from '../../api/machines';
import type { Machine, MachineCreateInput, MachineListItem, MachinePhoto } from '../../api/types';
import { scheduleKeys } from '../schedules/schedule-api';

// The machine's writes, one hook each: each owns what it changes in the cache, so a screen only
// calls `mutateAsync` and shows the outcome.

/** Drops a machine from cached lists at once, so a list never shows it while it reloads. */
function dropFromLists(queryClient: QueryClient, id: number, keys: readonly (readonly unknown[])[]): void {
  for (const key of keys) {
    queryClient.setQueryData<MachineListItem[]>(key, (rows) => rows?.filter((row) => row.id !== id));
  }
}

/** Puts a saved machine in its detail entry and reads the lists that show its name and status again. */
function savedMachine(queryClient: QueryClient, id: number, saved: Machine | Partial<Machine>): void {
  queryClient.setQueryData<Machine>(machineKeys.detail(id), (old) => (old ? { ...old, ...saved } : (saved as Machine)));
  void queryClient.invalidateQueries({ queryKey: machineKeys.list() });
  void queryClient.invalidateQueries({ queryKey: machineKeys.recent() });
}

export function useCreateMachine() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MachineCreateInput) => machinesApi.create(api, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: machineKeys.all }),
  });
}

/** Saves changed fields of a machine (the edit form, the status select). */
export function useUpdateMachine() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (machine: Partial<Machine> & { id: number }) => machinesApi.update(api, machine),
    onSuccess: (saved, sent) => {
      const before = queryClient.getQueryData<Machine>(machineKeys.detail(sent.id));
      // A reply without a body still leaves the sent fields in the cache.
      savedMachine(queryClient, sent.id, { ...sent, ...(saved && typeof saved === 'object' ? saved : {}) });
      const usageChanged = (['miles', 'hours'] as const).some((k) => k in sent && sent[k] !== before?.[k]);
      if (usageChanged) {
        // Miles or hours typed on the machine become a manual reading of its meters, which arrives by
        // machine-service's event a moment after the reply: the meters and schedules are read now and then.
        void queryClient.invalidateQueries({ queryKey: scheduleKeys.all });
        window.setTimeout(() => void queryClient.invalidateQueries({ queryKey: scheduleKeys.all }), 1500);
      }
    },
  });
}

export function useDeleteMachine() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => machinesApi.remove(api, id),
    onSuccess: (_, id) => {
      forgetOnceUnobserved(queryClient, machineKeys.detail(id));
      dropFromLists(queryClient, id, [machineKeys.list(), machineKeys.recent()]);
      void queryClient.invalidateQueries({ queryKey: machineKeys.all, predicate: (q) => !isUnder(q.queryKey, machineKeys.detail(id)) });
    },
  });
}

/** Archives or restores a machine: it moves between the lists at once. */
export function useSetArchived() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, archived }: { id: number; archived: boolean }) => machinesApi.setArchived(api, id, archived),
    onSuccess: async (saved, { id, archived }) => {
      queryClient.setQueryData(machineKeys.detail(id), saved);
      dropFromLists(queryClient, id, archived ? [machineKeys.list(), machineKeys.recent()] : [machineKeys.archived()]);
      await queryClient.invalidateQueries({ queryKey: machineKeys.all });
    },
  });
}

export function useUploadProfilePhoto(machineId: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ original, thumbnail }: { original: Blob; thumbnail: Blob }) => machinesApi.uploadProfilePhoto(api, machineId, original, thumbnail),
    onSuccess: (photo: MachinePhoto) => {
      queryClient.setQueryData(machineKeys.profilePhoto(machineId), photo);
      queryClient.setQueryData<Machine>(machineKeys.detail(machineId), (old) => (old ? { ...old, profilePhoto: photo.id } : old));
    },
  });
}

export function useDeleteProfilePhoto(machineId: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => machinesApi.deleteProfilePhoto(api, machineId),
    onSuccess: () => {
      queryClient.setQueryData(machineKeys.profilePhoto(machineId), null);
      queryClient.setQueryData<Machine>(machineKeys.detail(machineId), (old) => (old ? { ...old, profilePhoto: null } : old));
    },
  });
}

export function useUploadGallery(machineId: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (files: { original: Blob; thumbnail: Blob }[]) => machinesApi.uploadGallery(api, machineId, files),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: machineKeys.gallery(machineId) }),
  });
}

export function useDeleteGalleryPhotos(machineId: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (photoIds: number[]) => machinesApi.deleteGallery(api, machineId, photoIds),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: machineKeys.gallery(machineId) }),
  });
}
