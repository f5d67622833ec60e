import { DocumentMessages, DOCUMENT_LIMITS } from '@wrenchlog/contracts/limits';

export const DOCUMENT_TEXT = {
  title: 'Documents',
  add: 'Add PDF',
  empty: 'No documents yet. Attach PDF receipts, invoices or manuals.',
  loading: 'Loading documents...',
  loadFailed: 'Could not load documents.',
  uploadFailed: 'The document could not be uploaded. Please try again.',
  deleteFailed: 'The document could not be deleted. Please try again.',
  hint: `PDF, at most ${DOCUMENT_LIMITS.maxFileBytes / (1024 * 1024)} MB`,
} as const;

export const confirmDeleteText = (name: string) => `Delete the document "${name}"? This cannot be undone.`;

/** '532 KB', '1.4 MB': binary units, as the account size counts them. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) {
    return `${bytes} B`;
  }
  if (bytes < 1024 * 1024) {
    return `${Math.round(bytes / 1024)} KB`;
  }
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** What the browser can tell before sending: the server checks the content (PDF) itself. */
export function fileProblem(file: Pick<File, 'size'>): string | undefined {
  if (file.size === 0) {
    return DocumentMessages.empty;
  }
  if (file.size > DOCUMENT_LIMITS.maxFileBytes) {
    return DocumentMessages.tooLarge;
  }
  return undefined;
}
