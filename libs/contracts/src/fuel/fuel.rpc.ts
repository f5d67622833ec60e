import type {
  FuelPurchaseDeleted,
  FuelRecord,
  FuelRecordCreateRequest,
  FuelRecordIdRequest,
  FuelRecordsByMachineRequest,
  FuelRecordsOfMachine,
  FuelRecordUpdateRequest,
} from './fuel-record.contract.js';
import {
  FUEL_RECORD_CREATE,
  FUEL_RECORD_DELETE,
  FUEL_RECORD_GET,
  FUEL_RECORD_LATEST,
  FUEL_RECORD_LIST_BY_MACHINE,
  FUEL_RECORD_UPDATE,
} from './fuel-record.contract.js';
import { FUEL_MACHINE_HISTORY_COUNT, type FuelMachineHistoryCount, type FuelMachineHistoryCountRequest } from './machine-history-count.contract.js';

// Pattern -> request and reply of fuel-purchase-service (context `fuel`).
export type FuelRpc = {
  [FUEL_RECORD_LIST_BY_MACHINE]: { request: FuelRecordsByMachineRequest; response: FuelRecordsOfMachine };
  [FUEL_RECORD_LATEST]: { request: FuelRecordsByMachineRequest; response: FuelRecord | null };
  [FUEL_RECORD_GET]: { request: FuelRecordIdRequest; response: FuelRecord };
  [FUEL_RECORD_CREATE]: { request: FuelRecordCreateRequest; response: FuelRecord };
  [FUEL_RECORD_UPDATE]: { request: FuelRecordUpdateRequest; response: FuelRecord };
  [FUEL_RECORD_DELETE]: { request: FuelRecordIdRequest; response: FuelPurchaseDeleted };
  [FUEL_MACHINE_HISTORY_COUNT]: { request: FuelMachineHistoryCountRequest; response: FuelMachineHistoryCount };
};
