import type { Page } from '../paging.js';
import type {
  IMPORT_COMMIT,
  IMPORT_CREATE,
  IMPORT_GET,
  IMPORT_LIST,
  IMPORT_MAPPING,
  IMPORT_REVERT,
  IMPORT_ROWS,
  IMPORT_VALIDATE,
  ImportCommitRequest,
  ImportCounts,
  ImportCreateRequest,
  ImportIdRequest,
  ImportListQuery,
  ImportMappingRequest,
  ImportRowPage,
  ImportRowsRequest,
  ImportUploaded,
  ImportView,
} from './import.contract.js';

/** import-service's calls (IMPORT_COMMIT and IMPORT_REVERT: designed, not handled yet). */
export type ImportRpc = {
  [IMPORT_CREATE]: { request: ImportCreateRequest; response: ImportUploaded };
  [IMPORT_MAPPING]: { request: ImportMappingRequest; response: ImportUploaded };
  [IMPORT_VALIDATE]: { request: ImportIdRequest; response: ImportCounts };
  [IMPORT_ROWS]: { request: ImportRowsRequest; response: ImportRowPage };
  [IMPORT_GET]: { request: ImportIdRequest; response: ImportView };
  [IMPORT_LIST]: { request: ImportListQuery; response: Page<ImportView> };
  [IMPORT_COMMIT]: { request: ImportCommitRequest; response: ImportView };
  [IMPORT_REVERT]: { request: ImportIdRequest; response: ImportView };
};
