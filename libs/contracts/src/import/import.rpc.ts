import type { Page } from '../paging.js';
import type {
  IMPORT_COMMIT,
  IMPORT_CREATE,
  IMPORT_GET,
  IMPORT_LIST,
  IMPORT_MAPPING,
  IMPORT_REVERT,
  IMPORT_ROW_KEEP,
  IMPORT_ROWS,
  IMPORT_VALIDATE,
  ImportCommitRequest,
  ImportCounts,
  ImportCreateRequest,
  ImportIdRequest,
  ImportListQuery,
  ImportMappingRequest,
  ImportRowKeepRequest,
  ImportRowPage,
  ImportRowView,
  ImportRowsRequest,
  ImportUploaded,
  ImportView,
} from './import.contract.js';
import type {
  FUEL_IMPORT_APPLY,
  FUEL_IMPORT_CHECK,
  FUEL_IMPORT_REVERT,
  ImportApplyRequest,
  ImportCheckRequest,
  ImportCheckResult,
  ImportApplyResult,
  ImportCreateMachinesRequest,
  ImportCreateMachinesResult,
  ImportRevertRequest,
  ImportRevertResult,
  INVENTORY_IMPORT_APPLY,
  INVENTORY_IMPORT_APPLY_PARTS,
  INVENTORY_IMPORT_APPLY_SUPPLIERS,
  INVENTORY_IMPORT_CHECK,
  INVENTORY_IMPORT_REVERT_STOCK,
  INVENTORY_IMPORT_REVERT,
  MACHINE_IMPORT_APPLY,
  MACHINE_IMPORT_CREATE_MACHINES,
  MACHINE_IMPORT_REVERT,
  MachineImportRevertRequest,
  MachineImportRevertResult,
  SCHEDULE_IMPORT_APPLY,
  SCHEDULE_IMPORT_APPLY_READINGS,
  SCHEDULE_IMPORT_APPLY_SCHEDULES,
  SCHEDULE_IMPORT_CHECK_SCHEDULES,
  SCHEDULE_IMPORT_CHECK,
  SCHEDULE_IMPORT_HAND_READINGS,
  SCHEDULE_IMPORT_REVERT,
  ImportHandReadingsRequest,
  ImportHandReadingsResult,
  SERVICE_IMPORT_APPLY,
  SERVICE_IMPORT_CHECK,
  SERVICE_IMPORT_REVERT,
} from './import-jobs.contract.js';

/** import-service's calls. */
export type ImportRpc = {
  [IMPORT_CREATE]: { request: ImportCreateRequest; response: ImportUploaded };
  [IMPORT_MAPPING]: { request: ImportMappingRequest; response: ImportUploaded };
  [IMPORT_VALIDATE]: { request: ImportIdRequest; response: ImportCounts };
  [IMPORT_ROWS]: { request: ImportRowsRequest; response: ImportRowPage };
  [IMPORT_GET]: { request: ImportIdRequest; response: ImportView };
  [IMPORT_LIST]: { request: ImportListQuery; response: Page<ImportView> };
  [IMPORT_COMMIT]: { request: ImportCommitRequest; response: ImportView };
  [IMPORT_REVERT]: { request: ImportIdRequest; response: ImportView };
  [IMPORT_ROW_KEEP]: { request: ImportRowKeepRequest; response: ImportRowView };
};

/** The owners' calls of the import job (each handled by the service owning its context). */
export type ImportJobRpc = {
  [FUEL_IMPORT_APPLY]: { request: ImportApplyRequest; response: ImportApplyResult };
  [FUEL_IMPORT_REVERT]: { request: ImportRevertRequest; response: ImportRevertResult };
  [INVENTORY_IMPORT_APPLY]: { request: ImportApplyRequest; response: ImportApplyResult };
  [INVENTORY_IMPORT_REVERT]: { request: ImportRevertRequest; response: ImportRevertResult };
  [INVENTORY_IMPORT_APPLY_SUPPLIERS]: { request: ImportApplyRequest; response: ImportApplyResult };
  [INVENTORY_IMPORT_APPLY_PARTS]: { request: ImportApplyRequest; response: ImportApplyResult };
  [INVENTORY_IMPORT_REVERT_STOCK]: { request: ImportRevertRequest; response: ImportRevertResult };
  [SERVICE_IMPORT_APPLY]: { request: ImportApplyRequest; response: ImportApplyResult };
  [SERVICE_IMPORT_REVERT]: { request: ImportRevertRequest; response: ImportRevertResult };
  [MACHINE_IMPORT_APPLY]: { request: ImportApplyRequest; response: ImportApplyResult };
  [MACHINE_IMPORT_CREATE_MACHINES]: { request: ImportCreateMachinesRequest; response: ImportCreateMachinesResult };
  [MACHINE_IMPORT_REVERT]: { request: MachineImportRevertRequest; response: MachineImportRevertResult };
  [SCHEDULE_IMPORT_APPLY]: { request: ImportApplyRequest; response: ImportApplyResult };
  [SCHEDULE_IMPORT_REVERT]: { request: ImportRevertRequest; response: ImportRevertResult };
  [SCHEDULE_IMPORT_APPLY_READINGS]: { request: ImportApplyRequest; response: ImportApplyResult };
  [SCHEDULE_IMPORT_APPLY_SCHEDULES]: { request: ImportApplyRequest; response: ImportApplyResult };
  [SCHEDULE_IMPORT_CHECK_SCHEDULES]: { request: ImportCheckRequest; response: ImportCheckResult };
  [SCHEDULE_IMPORT_HAND_READINGS]: { request: ImportHandReadingsRequest; response: ImportHandReadingsResult };
  [FUEL_IMPORT_CHECK]: { request: ImportCheckRequest; response: ImportCheckResult };
  [SERVICE_IMPORT_CHECK]: { request: ImportCheckRequest; response: ImportCheckResult };
  [INVENTORY_IMPORT_CHECK]: { request: ImportCheckRequest; response: ImportCheckResult };
  [SCHEDULE_IMPORT_CHECK]: { request: ImportCheckRequest; response: ImportCheckResult };
};
