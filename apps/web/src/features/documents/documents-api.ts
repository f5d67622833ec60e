import type { DocumentView, HttpErrorBody } from '@wrenchlog/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, type ApiClient } from '../../api/client';
import { useServices } from '../../core/context';
import { randomKey } from '../../lib/random-key';
import { accountKeys } from '../../core/query-keys';
import type { AppServices } from '../../app/services';

/** The API path segment of each kind of record a document attaches to. */
export type DocumentParentPath = 'machines' | 'services' | 'fuel-records' | 'purchases';

export const documentKeys = {
  of: (parent: DocumentParentPath, id: number) => ['documents', parent, id] as const,
};

export const documentsApi = {
  list: (api: ApiClient, parent: DocumentParentPath, id: number) => api.get<DocumentView[]>(`/api/${parent}/${id}/documents`),
  remove: (api: ApiClient, id: number) => api.delete<null>(`/api/documents/${id}`),
};

/**
 * POST /api/{parent}/{id}/documents with upload progress (fetch reports none, so XMLHttpRequest),
 * under the ApiClient's session rules: the Bearer token, and on a 401 one shared refresh and a retry
 * (the same Idempotency-Key, so a retry never stores the file twice).
 */
export async function uploadDocument(
  session: AppServices['session'],
  parent: DocumentParentPath,
  id: number,
  file: File,
  idempotencyKey: string,
  onProgress: (percent: number) => void,
): Promise<DocumentView> {
  const send = (authorization: string | null) =>
    new Promise<{ status: number; body: unknown }>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open('POST', `/api/${parent}/${id}/documents`);
      xhr.withCredentials = true;
      xhr.setRequestHeader('accept', 'application/json');
      xhr.setRequestHeader('idempotency-key', idempotencyKey);
      if (authorization) {
        xhr.setRequestHeader('authorization', authorization);
      }
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable && e.total > 0) {
          onProgress(Math.round((e.loaded / e.total) * 100));
        }
      };
      xhr.onload = () => {
        resolve({ status: xhr.status, body: parseJson(xhr.responseText) });
      };
      xhr.onerror = () => reject(new TypeError('Network error'));
      const form = new FormData();
      form.append('file', file, file.name);
      xhr.send(form);
    });
  const auth = session.authorization();
  let res = await send(auth?.header ?? null);
  if (res.status === 401 && auth) {
    const token = await session.refresh(auth.token);
    if (!token) {
      session.forceLogout();
    } else {
      res = await send(session.authorization()?.header ?? null);
    }
  }
  if (res.status < 200 || res.status >= 300) {
    throw new ApiError(res.status, res.body && typeof res.body === 'object' ? (res.body as Partial<HttpErrorBody>) : null);
  }
  return res.body as DocumentView;
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/**
 * Adds a PDF to a record (progress through `onProgress`): it joins the cached list at once, and the
 * list and the account size are read again whatever the outcome.
 */
export function useUploadDocument(parent: DocumentParentPath, parentId: number, onProgress: (percent: number) => void) {
  const { session } = useServices();
  const queryClient = useQueryClient();
  const key = documentKeys.of(parent, parentId);
  return useMutation({
    mutationFn: (file: File) => uploadDocument(session, parent, parentId, file, `document:${randomKey()}`, onProgress),
    onSuccess: (added) => queryClient.setQueryData<DocumentView[]>(key, (list) => [...(list ?? []), added]),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: key });
      void queryClient.invalidateQueries({ queryKey: accountKeys.allImageStats });
    },
  });
}

export function useDeleteDocument(parent: DocumentParentPath, parentId: number) {
  const { api } = useServices();
  const queryClient = useQueryClient();
  const key = documentKeys.of(parent, parentId);
  return useMutation({
    mutationFn: (doc: DocumentView) => documentsApi.remove(api, doc.id),
    onSuccess: (_r, doc) => queryClient.setQueryData<DocumentView[]>(key, (list) => (list ?? []).filter((d) => d.id !== doc.id)),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: accountKeys.allImageStats }),
  });
}
