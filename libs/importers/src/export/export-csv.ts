import {
  escapeFormula,
  type DocumentExportItem,
  type ExportKind,
  type FuelRecord,
  type MachineExportItem,
  type MeterReadingExportItem,
  type Part,
  type Purchase,
  type ScheduleExportItem,
  type ServiceRecordExportItem,
  type Supplier,
} from '@wrenchlog/contracts';
import { stringify } from 'csv-stringify/sync';

// The CSV files of "Download all my data" (issue 23) and how the restore reads them back: one table
// per kind, its header the single source of both the writer (the export job) and the
// `wrenchlog-export` source (a column's field when restored; columns without one are for people).

interface ExportColumn {
  header: string;
  /** The import field the restore maps the column to (libs/importers FIELDS of the file's kind). */
  field?: string;
}

const col = (header: string, field?: string): ExportColumn => ({ header, field });
const same = (header: string): ExportColumn => ({ header, field: header });
/** A column for people (and the record's own ids), which no restore field reads. */
const shown = (header: string): ExportColumn => ({ header });

export const EXPORT_COLUMNS: Record<ExportKind, ExportColumn[]> = {
  machines: [
    col('id'),
    ...['name', 'year', 'make', 'model', 'submodel', 'vin', 'color', 'description', 'status', 'type', 'purchasedDate'].map(same),
    col('lastServicedDate'),
    ...['miles', 'hours', 'license', 'licenseExpirationDate'].map(same),
    col('isPermanentLicense'),
    ...['insuranceProvider', 'policyNumber', 'insuranceExpirationDate'].map(same),
    col('archived'),
    col('photos'),
    // Issue 33, after the older columns so an earlier export's header still reads the same.
    same('serialNumber'),
  ],
  serviceRecords: [
    // Its export id, which a schedule's completedBy names.
    col('id', 'ref'),
    col('machineId'),
    same('machine'),
    ...['title', 'serviceDate', 'serviceType', 'status', 'serviceShop', 'notes', 'price', 'miles', 'hours'].map(same),
    col('dateCreated'),
    col('photos'),
  ],
  fuelRecords: [
    col('id'),
    col('machineId'),
    same('machine'),
    same('date'),
    ...['amount', 'pricePerUnit', 'totalPrice', 'odometer', 'tripDistance'].map(same),
    col('lastMileage'),
    ...['hours', 'storeName', 'storeCity', 'storeState', 'notes', 'fullTank', 'missedPrevious'].map(same),
    col('mpg'),
    col('dateCreated'),
  ],
  partPurchases: [
    col('id'),
    col('machineId'),
    same('machine'),
    ...[
      'partName',
      'partNumber',
      'partDescription',
      'partUrl',
      'quantity',
      'price',
      'partStatus',
      'purchaseDate',
      'storeName',
      'storeCity',
      'storeState',
      'storeAddress',
    ].map(same),
    col('createDate'),
    // The inventory part and supplier it names, by their ids in parts.csv and suppliers.csv.
    col('partId', 'partRef'),
    col('storeId', 'storeRef'),
  ],
  // Format 2. Suppliers before parts (a part names its supplier).
  suppliers: [col('id', 'ref'), ...['name', 'contact', 'email', 'phone', 'address'].map(same)],
  parts: [
    col('id', 'ref'),
    ...['partNumber', 'name', 'description', 'category', 'quantity', 'minStock', 'price'].map(same),
    col('supplierId', 'supplierRef'),
    shown('supplier'),
    same('brand'),
    shown('stockStatus'),
  ],
  // Every reading, those the records gave (source 'service_record' or 'fuel_record', which their record gives again) too.
  // A restore writes those of source 'manual' and 'import' (void ones too), as readings of source 'import'.
  meterReadings: [
    col('id'),
    col('machineId'),
    same('machine'),
    col('meterId'),
    same('meterKind'),
    same('unit'),
    same('value'),
    col('lifetimeValue'),
    same('readAt'),
    same('void'),
    same('rollover'),
    same('replacement'),
    same('source'),
    col('sourceId'),
    col('dateCreated'),
  ],
  // soonDays, soonDistance and soonHours are the schedule's own windows (blank: the defaults).
  // A restore writes the user's schedules, their completions linked to the restored service records
  // that completedBy names (see rows/schedule-row.ts); the machine's license and insurance items come
  // back with the machine.
  schedules: [
    col('id'),
    col('machineId'),
    same('machine'),
    ...['title', 'serviceType', 'origin', 'intervalDays', 'intervalMonths', 'intervalDistance', 'intervalHours'].map(same),
    ...['soonDays', 'soonDistance', 'soonHours', 'recurring', 'anchor', 'baseDate', 'baseDistance', 'baseHours'].map(same),
    col('distanceUnit'),
    ...['lastDoneDate', 'lastDoneDistance', 'lastDoneHours'].map(same),
    ...['nextDueDate', 'nextDueDistance', 'nextDueHours', 'status'].map(shown),
    same('done'),
    same('completedBy'),
  ],
  // Format 3 (issue 38): one row per attached PDF. kind and recordId name its record as the other
  // files do (machine: machines.csv's id; service-record, fuel-record, purchase: their file's id);
  // path is the PDF in the ZIP. Not rows of a restore: the job attaches them to the restored records.
  documents: [
    shown('id'),
    shown('kind'),
    shown('recordId'),
    shown('machineId'),
    shown('machine'),
    shown('fileName'),
    shown('size'),
    shown('path'),
    shown('createdAt'),
  ],
};

type Cell = string | number | boolean | null | undefined;
export type ExportCsvRow = Record<string, Cell>;

/** One cell as text: text escaped against formulas, booleans as true/false, nothing as blank. */
function cellText(value: Cell): string {
  if (value === null || value === undefined) {
    return '';
  }
  if (typeof value === 'boolean') {
    return value ? 'true' : 'false';
  }
  if (typeof value === 'number') {
    return String(value);
  }
  return escapeFormula(value);
}

/**
 * CSV text of rows of one kind (csv-stringify: quoting of delimiters, quotes and line breaks).
 * `header` for the first page only; the first page also starts with a UTF-8 byte-order mark, so
 * spreadsheets open accents right (the restore reads it either way).
 */
export function exportCsv(kind: ExportKind, rows: ExportCsvRow[], header = true): string {
  const columns = EXPORT_COLUMNS[kind].map((c) => c.header);
  return stringify(
    rows.map((row) => columns.map((c) => cellText(row[c]))),
    { header, columns, bom: header, record_delimiter: 'unix' },
  );
}

// The distance since the previous fill, when both readings are known: the restore computes
// lastMileage back from it (odometer - tripDistance), as it does for Fuelly's trip column.
const tripOf = (r: FuelRecord): number | null =>
  r.currentMileage !== null && r.lastMileage !== null ? Math.round((r.currentMileage - r.lastMileage) * 1000) / 1000 : null;

/** The rows of each file from the owners' views (machine names from machines.csv, photos as paths in the ZIP). */
export const exportRow = {
  machines: (m: MachineExportItem, photos: string[]): ExportCsvRow => ({ ...fields(withoutPhotos(m)), photos: photos.join(' ') }),
  serviceRecords: (r: ServiceRecordExportItem, machine: string | undefined, photos: string[]): ExportCsvRow => ({
    ...fields(withoutPhotos(r)),
    machine,
    photos: photos.join(' '),
  }),
  fuelRecords: (r: FuelRecord, machine: string | undefined): ExportCsvRow => ({
    ...fields(r),
    machine,
    date: r.dateOfPurchase,
    odometer: r.currentMileage,
    tripDistance: tripOf(r),
    hours: r.currentHours,
  }),
  partPurchases: (p: Purchase, machine: string | undefined): ExportCsvRow => ({ ...fields(p), machine }),
  suppliers: (s: Supplier): ExportCsvRow => fields(s),
  parts: (p: Part): ExportCsvRow => fields(p),
  meterReadings: (r: MeterReadingExportItem, machine: string | undefined): ExportCsvRow => ({ ...fields(r), machine }),
  schedules: (s: ScheduleExportItem, machine: string | undefined): ExportCsvRow => ({
    ...fields(s),
    machine: machine ?? s.machineName ?? undefined,
    soonDays: s.ownSoonDays,
    soonDistance: s.ownSoonDistance,
    soonHours: s.ownSoonHours,
    // The service records that completed it, by their ids in service-records.csv.
    completedBy: s.completedBy.join(' '),
  }),
  documents: (d: DocumentExportItem, machine: string | undefined, path: string): ExportCsvRow => ({
    id: d.id,
    kind: d.parentKind,
    recordId: d.parentId,
    machineId: d.machineId,
    machine,
    fileName: d.fileName,
    size: d.size,
    path,
    createdAt: d.createdAt,
  }),
};

/**
 * A view's own fields, without who added and changed it (issue 32): the files hold the records, and
 * a restore makes the restoring member their creator.
 */
function fields<T extends object>(item: T): Omit<T, 'createdBy' | 'updatedBy'> {
  const { createdBy: _createdBy, updatedBy: _updatedBy, ...rest } = item as T & { createdBy?: unknown; updatedBy?: unknown };
  return rest as Omit<T, 'createdBy' | 'updatedBy'>;
}

function withoutPhotos<T extends { photos: unknown }>(item: T): Omit<T, 'photos'> {
  const { photos: _photos, ...rest } = item;
  return rest;
}
