import { importPhotoKeyPrefix } from '../import/import-photos.contract.js';
import type { ImportRevertRequest, ImportRevertResult } from '../import/import-jobs.contract.js';

// The documents of a restore (issue 38, apps/import-service/README.md "Documents of a restore").
// Producer: import-service's job. Consumer: image-worker.

/** Revert: removes the caller's documents stored under the import's keys (at most DOCUMENT_IMPORT_REVERT_CALL_MAX a call). */
export const DOCUMENT_IMPORT_REVERT = 'document.import.revert' as const;
export const DOCUMENT_IMPORT_REVERT_CALL_MAX = 500;

const hex = (n: number, width: number): string => n.toString(16).padStart(width, '0').slice(-width);

/** The key of a restore's document (its number in the import): the import's photo prefix, so DOCUMENT_KEY takes it; the same on a resumed job. */
export const importDocumentKey = (accountId: number, importId: number, seq: number): string =>
  `${importPhotoKeyPrefix(accountId, importId)}${hex(seq, 12)}-document.pdf`;

export type DocumentImportRevertRequest = ImportRevertRequest;
export type DocumentImportRevertResult = ImportRevertResult;
