// File downloads that need the session's token (CSV, PDF): fetched through the app's ApiClient as a
// blob, with progress from the body's bytes, then saved under the server's file name.
import { ApiError, type ApiClient } from '../../api/client';

/** Bytes received of how many; total null when the server sent no Content-Length. */
export interface DownloadProgress {
  received: number;
  total: number | null;
}

/** Whole percent 0..100 when the size is known, else null (an indeterminate "Preparing..." state). */
export function progressPercent(p: DownloadProgress): number | null {
  if (p.total === null || !(p.total > 0)) {
    return null;
  }
  return Math.min(100, Math.floor((p.received / p.total) * 100));
}

/** The Content-Length header as a byte count, or null when absent or unreadable (e.g. gzip'd streams). */
export function contentLength(header: string | null): number | null {
  if (header === null || !/^\d+$/.test(header.trim())) {
    return null;
  }
  const n = Number(header);
  return n > 0 ? n : null;
}

/** The file name of a Content-Disposition header (filename*= first), else the fallback. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (disposition) {
    const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
    if (star?.[1]) {
      try {
        return sanitize(decodeURIComponent(star[1].trim()), fallback);
      } catch {
        // fall through to the plain name
      }
    }
    const plain = /filename\s*=\s*"?([^";]+)"?/.exec(disposition);
    if (plain?.[1]) {
      return sanitize(plain[1].trim(), fallback);
    }
  }
  return fallback;
}

function sanitize(name: string, fallback: string): string {
  const clean = name.replace(/[/\\]/g, '_').trim();
  return clean || fallback;
}

async function errorOf(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => '');
  try {
    const body = JSON.parse(text) as object;
    return new ApiError(res.status, body && typeof body === 'object' ? body : null);
  } catch {
    return new ApiError(res.status, null);
  }
}

/**
 * GETs `path` with the session's token and reads the body as it arrives, reporting progress, into a
 * Blob. A refused request throws the server's ApiError (its message and field messages).
 */
export async function fetchBlob(
  api: ApiClient,
  path: string,
  accept: string,
  onProgress: (p: DownloadProgress) => void,
  signal?: AbortSignal,
): Promise<{ blob: Blob; fileName: string | null }> {
  const res = await api.raw(path, { method: 'GET', headers: { accept }, signal });
  if (!res.ok) {
    throw await errorOf(res);
  }
  const total = contentLength(res.headers.get('content-length'));
  const type = res.headers.get('content-type') ?? accept;
  const fileName = res.headers.get('content-disposition');
  onProgress({ received: 0, total });
  if (!res.body) {
    const blob = await res.blob();
    onProgress({ received: blob.size, total });
    return { blob, fileName };
  }
  const reader = res.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) {
      break;
    }
    chunks.push(value as Uint8Array<ArrayBuffer>);
    received += value.byteLength;
    onProgress({ received, total });
  }
  return { blob: new Blob(chunks, { type }), fileName };
}

/** Hands a blob to the browser as a download named `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Revoked after the click has started the download (revoking at once cancels it in some browsers).
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
