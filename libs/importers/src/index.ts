// CSV import parsing for Wrenchlog (issue 23): detection, reading, mapping and per-row validation
// with the contracts' DTOs. Pure: no Nest, no storage, no network; the import context calls it.
import 'reflect-metadata';
export * from './limits.js';
export * from './errors.js';
export * from './text/decode.js';
export * from './text/numbers.js';
export * from './text/dates.js';
export * from './csv/read-table.js';
export * from './csv/sections.js';
export * from './fields/fields.js';
export * from './rows/row.js';
export * from './rows/import-row.js';
export * from './rows/units.js';
export * from './rows/context.js';
export { type FuelRow } from './rows/fuel-row.js';
export { type ServiceRow, IMPORTED_SERVICE_STATUS } from './rows/service-row.js';
export { type PurchaseRow, IMPORTED_PURCHASE_STATUS, UNKNOWN_STORE } from './rows/purchase-row.js';
export { type MachineRow } from './rows/machine-row.js';
export { type OdometerRow } from './rows/odometer-row.js';
export * from './sources/sources.js';
export * from './import-file.js';
export * from './export/export-csv.js';
export { readExportArchive, unpackExportArchive, MAX_UNPACKED_BYTES } from './sources/wrenchlog-export.js';
export * from './sources/export-photos.js';
export * from './sources/export-documents.js';
