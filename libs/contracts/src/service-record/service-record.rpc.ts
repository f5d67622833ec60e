import type {
  AddServiceImagesRequest,
  DeleteServiceImagesRequest,
  ServiceImageKeys,
  ServiceImageRecordRequest,
  ServiceImagesDeleted,
} from './service-image.contract.js';
import { SERVICE_IMAGE_ADD, SERVICE_IMAGE_COUNT, SERVICE_IMAGE_DELETE, SERVICE_IMAGE_LIST } from './service-image.contract.js';
import type {
  AuditedServiceRecord,
  RecentServicesQuery,
  ServiceRecordDeleted,
  ServiceRecordIdRequest,
  ServiceRecordInput,
  ServiceRecordPage,
  ServiceRecordsByMachineRequest,
  ServiceRecordsOfMachine,
  UpdateServiceRecordRequest,
} from './service-record.contract.js';
import {
  SERVICE_RECORD_BY_MACHINE,
  SERVICE_RECORD_CREATE,
  SERVICE_RECORD_DELETE,
  SERVICE_RECORD_GET,
  SERVICE_RECORD_RECENT,
  SERVICE_RECORD_UPDATE,
} from './service-record.contract.js';

import { SERVICE_MACHINE_HISTORY_COUNT, type ServiceMachineHistoryCount, type ServiceMachineHistoryCountRequest } from './machine-history-count.contract.js';

/** The service context (service-record-service). */
export type ServiceRecordRpc = {
  [SERVICE_RECORD_CREATE]: { request: ServiceRecordInput; response: AuditedServiceRecord };
  [SERVICE_RECORD_GET]: { request: ServiceRecordIdRequest; response: AuditedServiceRecord };
  [SERVICE_RECORD_UPDATE]: { request: UpdateServiceRecordRequest; response: AuditedServiceRecord };
  [SERVICE_RECORD_DELETE]: { request: ServiceRecordIdRequest; response: ServiceRecordDeleted };
  [SERVICE_RECORD_BY_MACHINE]: { request: ServiceRecordsByMachineRequest; response: ServiceRecordsOfMachine<AuditedServiceRecord> };
  [SERVICE_RECORD_RECENT]: { request: RecentServicesQuery; response: ServiceRecordPage<AuditedServiceRecord> };
  [SERVICE_IMAGE_ADD]: { request: AddServiceImagesRequest; response: ServiceImageKeys[] };
  [SERVICE_IMAGE_LIST]: { request: ServiceImageRecordRequest; response: ServiceImageKeys[] };
  [SERVICE_IMAGE_DELETE]: { request: DeleteServiceImagesRequest; response: ServiceImagesDeleted };
  [SERVICE_IMAGE_COUNT]: { request: ServiceImageRecordRequest; response: number };
  [SERVICE_MACHINE_HISTORY_COUNT]: { request: ServiceMachineHistoryCountRequest; response: ServiceMachineHistoryCount };
};
