import type {
  DocumentAddRequest,
  DocumentDeleted,
  DocumentIdRequest,
  DocumentKeysView,
  DocumentListRequest,
  DocumentMachineRequest,
} from './document.contract.js';
import { DOCUMENT_IMPORT_REVERT, type DocumentImportRevertRequest, type DocumentImportRevertResult } from './document-import.contract.js';
import { DOCUMENT_ADD, DOCUMENT_COUNT_FOR_MACHINE, DOCUMENT_DELETE, DOCUMENT_GET, DOCUMENT_LIST } from './document.contract.js';

/** The document context (image-worker). */
export type DocumentRpc = {
  [DOCUMENT_ADD]: { request: DocumentAddRequest; response: DocumentKeysView };
  [DOCUMENT_LIST]: { request: DocumentListRequest; response: DocumentKeysView[] };
  [DOCUMENT_GET]: { request: DocumentIdRequest; response: DocumentKeysView };
  [DOCUMENT_DELETE]: { request: DocumentIdRequest; response: DocumentDeleted };
  [DOCUMENT_COUNT_FOR_MACHINE]: { request: DocumentMachineRequest; response: number };
  [DOCUMENT_IMPORT_REVERT]: { request: DocumentImportRevertRequest; response: DocumentImportRevertResult };
};
