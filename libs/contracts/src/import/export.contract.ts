import type { DocumentParentKind } from '../document/document.contract.js';
import type { FuelRecord } from '../fuel/fuel-record.contract.js';
import type { Part } from '../inventory/part.contract.js';
import type { Purchase } from '../inventory/purchase.contract.js';
import type { Supplier } from '../inventory/supplier.contract.js';
import type { Audited } from '../account/member.events.js';
import type { Machine } from '../machine/machine.contract.js';
import type { ExportPage, ExportPageRequest } from '../report/rebuild.contract.js';
import type { MeterReading } from '../schedule/meter.contract.js';
import type { Schedule } from '../schedule/schedule.contract.js';
import type { MeterKind, MeterUnit } from '../schedule/schedule.limits.js';
import type { ServiceRecord } from '../service-record/service-record.contract.js';
import type { ExportState } from './export.limits.js';

// "Download all my data" (issue 23; apps/import-service/README.md, Export).
// Producer: gateway. Consumer: import-service (which runs the export as a background job).
export const EXPORT_CREATE = 'import.export.create' as const;
export const EXPORT_GET = 'import.export.get' as const;

// Producer: import-service's export job. Consumers: each pattern's context owner. Every page holds
// only the caller's (actor's) rows, by id, as the owner's own read answers them.
export const MACHINE_DATA_EXPORT = 'machine.dataExport.page' as const;
export const SERVICE_DATA_EXPORT = 'service.dataExport.page' as const;
export const FUEL_DATA_EXPORT = 'fuel.dataExport.page' as const;
export const PURCHASE_DATA_EXPORT = 'inventory.dataExport.page' as const;
// Format 2: the inventory (fuel-purchase-service) and the meters' readings and schedules (schedule-service).
export const SUPPLIER_DATA_EXPORT = 'inventory.dataExport.suppliers' as const;
export const PART_DATA_EXPORT = 'inventory.dataExport.parts' as const;
export const READING_DATA_EXPORT = 'schedule.dataExport.readings' as const;
export const SCHEDULE_DATA_EXPORT = 'schedule.dataExport.schedules' as const;
// Format 3 (issue 38): the account's documents (image-worker), copied into the ZIP under documents/.
export const DOCUMENT_DATA_EXPORT = 'document.dataExport.page' as const;

/** A stored original (machine photo or service-record image): copied into the ZIP under photos/. */
export interface ExportPhotoRef {
  id: number;
  /** Object key of the original, as the owner stored it. */
  key: string;
  contentType: string;
  /** 'profile' | 'gallery' for a machine photo; the uploaded file name for a service-record image. */
  label: string;
}

export type MachineExportItem = Machine & { photos: ExportPhotoRef[] };
export type ServiceRecordExportItem = ServiceRecord & { photos: ExportPhotoRef[] };
/** A reading with its meter's kind and unit (a restore finds the meter by machine and kind). */
export type MeterReadingExportItem = MeterReading & { meterKind: MeterKind; unit: MeterUnit };
/**
 * A schedule as read, with what its reads do not show but a restore needs: the due-soon windows it
 * set itself (null: the defaults) and its baseline (last done before any completion recorded).
 */
export type ScheduleExportItem = Schedule & {
  ownSoonDays: number | null;
  ownSoonDistance: number | null;
  ownSoonHours: number | null;
  baseDate: string | null;
  baseDistance: number | null;
  baseHours: number | null;
};

/** A document (PDF) of the account: what it is attached to, and its object key (copied into the ZIP). */
export interface DocumentExportItem {
  id: number;
  parentKind: DocumentParentKind;
  /** The record's (or machine's) id, as the other files of the export name it. */
  parentId: number;
  machineId: number | null;
  fileName: string;
  contentType: string;
  size: number;
  objectKey: string;
  /** ISO 8601 instant. */
  createdAt: string;
}

/** GET /api/exports/{id} (and 202 of POST /api/exports, with state 'pending'), with who asked for it (issue 32). */
export interface ExportView extends Audited {
  id: number;
  state: ExportState;
  /** A signed, expiring download link once ready; null before. */
  url: string | null;
  byteSize: number | null;
  /** Records per kind and photos, once ready. */
  counts: Record<string, number> | null;
  /** ISO 8601 instants, UTC. */
  createdAt: string;
  finishedAt: string | null;
  /** When the ZIP is deleted. */
  expiresAt: string;
  error: string | null;
}

/** import-service's answer: the object key, which the gateway turns into a signed link. */
export type ExportRecordView = Omit<ExportView, 'url'> & { objectKey: string | null; fileName: string };

export interface ExportIdRequest {
  id: number;
}

/**
 * Object keys of exports: exports/u<accountId>/<uuid>.zip (the account's id: before accounts, the
 * owner's user id, the same number). The signed download route refuses any other.
 */
export const EXPORT_KEY = /^exports\/u\d{1,12}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.zip$/;

export type ExportRpc = {
  [EXPORT_CREATE]: { request: Record<string, never>; response: ExportRecordView };
  [EXPORT_GET]: { request: ExportIdRequest; response: ExportRecordView };
  [MACHINE_DATA_EXPORT]: { request: ExportPageRequest; response: ExportPage<MachineExportItem> };
  [SERVICE_DATA_EXPORT]: { request: ExportPageRequest; response: ExportPage<ServiceRecordExportItem> };
  [FUEL_DATA_EXPORT]: { request: ExportPageRequest; response: ExportPage<FuelRecord> };
  [PURCHASE_DATA_EXPORT]: { request: ExportPageRequest; response: ExportPage<Purchase> };
  [SUPPLIER_DATA_EXPORT]: { request: ExportPageRequest; response: ExportPage<Supplier> };
  [PART_DATA_EXPORT]: { request: ExportPageRequest; response: ExportPage<Part> };
  [READING_DATA_EXPORT]: { request: ExportPageRequest; response: ExportPage<MeterReadingExportItem> };
  [SCHEDULE_DATA_EXPORT]: { request: ExportPageRequest; response: ExportPage<ScheduleExportItem> };
  [DOCUMENT_DATA_EXPORT]: { request: ExportPageRequest; response: ExportPage<DocumentExportItem> };
};
