import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ExportView, ImportCommitMode, ImportCounts, ImportRowPage, ImportRowView, ImportUploaded, ImportView, Page } from '@wrenchlog/contracts';
import { useApi } from '../../core/context';
import { IMPORT_LIMITS } from '@wrenchlog/contracts/limits';
import type { ApiClient } from '../../api/client';
import type { MapDraft, mappingBody } from './mapping-logic';
import { isRunning, rowsQuery, type RowFilter } from './review-logic';
import type { WizardSource } from './import-sources';

// The calls of issue 23 (import-service through the gateway); types from libs/contracts
// (import/import.contract.ts), imported as types only. Writes go through the hooks below, which own
// their invalidations.

export type { ImportCounts, ImportRowPage, ImportRowView, ImportUploaded, ImportView, MapDraft };

/** The wizard and the history read a running import (and an export being built) this often. */
export const POLL_MS = 1000;

export const HISTORY_PAGE_SIZE: number = IMPORT_LIMITS.historyPageSize;

export const importKeys = {
  all: ['imports'] as const,
  history: (page: number) => ['imports', 'history', page] as const,
  detail: (id: number) => ['imports', 'detail', id] as const,
  rowsOf: (id: number) => ['imports', 'rows', id] as const,
  rows: (id: number, filter: RowFilter, page: number) => ['imports', 'rows', id, filter, page] as const,
  export: (id: number) => ['exports', id] as const,
};

export const importApi = {
  upload: (api: ApiClient, file: File, source: WizardSource) => {
    const form = new FormData();
    form.append('source', source);
    // Times in files have no zone: they are the user's clock (minutes east of UTC).
    form.append('utcOffsetMinutes', String(-new Date().getTimezoneOffset()));
    form.append('file', file, file.name);
    return api.post<ImportUploaded>('/api/imports', form);
  },
  mapping: (api: ApiClient, id: number, body: ReturnType<typeof mappingBody>) => api.put<ImportUploaded>(`/api/imports/${id}/mapping`, { ...body }),
  validate: (api: ApiClient, id: number) => api.post<ImportCounts>(`/api/imports/${id}/validate`),
  rows: (api: ApiClient, id: number, filter: RowFilter, page: number) => api.get<ImportRowPage>(`/api/imports/${id}/rows?${rowsQuery(filter, page)}`),
  keepRow: (api: ApiClient, id: number, rowNumber: number, keep: boolean) => api.put<ImportRowView>(`/api/imports/${id}/rows/${rowNumber}`, { keep }),
  get: (api: ApiClient, id: number) => api.get<ImportView>(`/api/imports/${id}`),
  history: (api: ApiClient, page: number) => api.get<Page<ImportView>>(`/api/imports?page=${page}&size=${HISTORY_PAGE_SIZE}`),
  commit: (api: ApiClient, id: number, mode: ImportCommitMode) => api.post<unknown>(`/api/imports/${id}/commit`, { mode }),
  revert: (api: ApiClient, id: number) => api.post<unknown>(`/api/imports/${id}/revert`),
  startExport: (api: ApiClient) => api.post<ExportView>('/api/exports'),
  getExport: (api: ApiClient, id: number) => api.get<ExportView>(`/api/exports/${id}`),
};

/** One import, read again every second while it runs (progress), and once more when it ends. */
export function useImport(id: number | null, { watch = false }: { watch?: boolean } = {}) {
  const api = useApi();
  return useQuery({
    queryKey: importKeys.detail(id ?? 0),
    queryFn: () => importApi.get(api, id!),
    enabled: id !== null,
    staleTime: 0,
    refetchInterval: (query) => (watch || (query.state.data && isRunning(query.state.data)) ? POLL_MS : false),
  });
}

export function useImportRows(id: number, filter: RowFilter, page: number) {
  const api = useApi();
  return useQuery({
    queryKey: importKeys.rows(id, filter, page),
    queryFn: () => importApi.rows(api, id, filter, page),
    placeholderData: (previous) => previous,
  });
}

/** The history, newest first; read every second while one of the page's imports runs. */
export function useImportHistory(page: number) {
  const api = useApi();
  return useQuery({
    queryKey: importKeys.history(page),
    queryFn: () => importApi.history(api, page),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.content.some(isRunning) ? POLL_MS : false),
  });
}

export function useUploadImport() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, source }: { file: File; source: WizardSource }) => importApi.upload(api, file, source),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: importKeys.all }),
  });
}

export function useSaveMapping(id: number) {
  const api = useApi();
  return useMutation({ mutationFn: (body: ReturnType<typeof mappingBody>) => importApi.mapping(api, id, body) });
}

export function useValidateImport(id: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => importApi.validate(api, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: importKeys.all }),
  });
}

/** "Import anyway" on a duplicate row (or skip it again): the import's rows and its count of rows to skip are read again. */
export function useKeepImportRow(id: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ rowNumber, keep }: { rowNumber: number; keep: boolean }) => importApi.keepRow(api, id, rowNumber, keep),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: importKeys.rowsOf(id) }), queryClient.invalidateQueries({ queryKey: importKeys.detail(id) })]),
  });
}

export function useCommitImport(id: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mode: ImportCommitMode) => importApi.commit(api, id, mode),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: importKeys.all }),
  });
}

export function useRevertImport() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => importApi.revert(api, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: importKeys.all }),
  });
}

/**
 * When an import or a revert ends, every list the records appear in is stale (machines, records,
 * reports, meters): everything but the imports themselves is read again.
 */
export function useRecordsChanged() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== importKeys.all[0] });
}

export function useStartExport() {
  const api = useApi();
  return useMutation({ mutationFn: () => importApi.startExport(api) });
}

/** An export being built, read every second until it has its link or failed. */
export function useExport(id: number | null) {
  const api = useApi();
  return useQuery({
    queryKey: importKeys.export(id ?? 0),
    queryFn: () => importApi.getExport(api, id!),
    enabled: id !== null,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data && (query.state.data.url || query.state.data.state === 'failed') ? false : POLL_MS),
  });
}
