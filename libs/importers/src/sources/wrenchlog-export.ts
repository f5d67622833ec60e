import {
  EXPORT_FILES,
  EXPORT_FORMAT,
  EXPORT_FORMAT_VERSION,
  EXPORT_KINDS,
  unescapeFormula,
  type ExportKind,
  type ExportManifest,
} from '@wrenchlog/contracts/limits';
import { ImportFileError } from '../errors.js';
import { EXPORT_COLUMNS } from '../export/export-csv.js';
import type { RecordKind, Mapping } from '../fields/fields.js';
import { headerKey } from '../fields/fields.js';
import { IMPORT_LIMITS } from '../limits.js';
import type { Table } from '../csv/read-table.js';
import type { ImportRow } from '../rows/import-row.js';
import type { TablePlan } from './sources.js';
import { inflateZip, inflateZipSync, ZipTooLargeError, type InflateOptions } from './zip-inflate.js';

// The restore (issue 23): a ZIP of "Download all my data" read back as several tables, machines
// first, then service records, fuel records and part purchases, each row naming its machine.

const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];
/** The CSVs of an export unpacked together at most, counted as inflated (photos are never unpacked here): a guard against a ZIP bomb. */
export const MAX_UNPACKED_BYTES = 5 * IMPORT_LIMITS.maxBytes;

// The files a restore reads, in this order (the job writes machines, then suppliers, then parts,
// before the rest). Schedules come last: their machines' readings are in by then.
const KIND_OF: Partial<Record<ExportKind, RecordKind>> = {
  machines: 'machine',
  serviceRecords: 'service',
  fuelRecords: 'fuel',
  partPurchases: 'purchase',
  suppliers: 'supplier',
  parts: 'part',
  meterReadings: 'reading',
  schedules: 'schedule',
};
const RESTORED = EXPORT_KINDS.filter((k) => KIND_OF[k] !== undefined);
const FILE_KIND = new Map<string, ExportKind>(RESTORED.map((k) => [EXPORT_FILES[k], k]));

export interface ArchivePiece {
  /** The file's name in the ZIP ('fuel-records.csv'): its columns are shown as 'fuel-records.csv / date'. */
  name: string;
  bytes: Uint8Array;
}

/** What a restore reads of an export: its CSV files in restore order (every kind it holds is restored). */
export interface ExportArchiveContent {
  pieces: ArchivePiece[];
}

const UNPACK: InflateOptions = { wanted: (name) => name === 'manifest.json' || FILE_KIND.has(name), maxBytes: MAX_UNPACKED_BYTES };

/** The CSV files of an export, in restore order; refuses what is not one (with a message saying why). */
export function readExportArchive(bytes: Uint8Array): ExportArchiveContent {
  checkSignature(bytes);
  return archiveContent(unpacked(() => inflateZipSync(bytes, UNPACK)));
}

/**
 * readExportArchive, unpacking a step at a time with the event loop free between steps: a restore's
 * ZIP (up to MAX_UNPACKED_BYTES of CSV) must not keep every other request of the product waiting.
 */
export async function unpackExportArchive(bytes: Uint8Array): Promise<ExportArchiveContent> {
  checkSignature(bytes);
  return archiveContent(await unpacked(() => inflateZip(bytes, UNPACK)));
}

function checkSignature(bytes: Uint8Array): void {
  if (!ZIP_SIGNATURE.every((b, i) => bytes[i] === b)) {
    throw new ImportFileError('WRONG_SOURCE', "This is not a Wrenchlog export: upload the .zip that 'Download all my data' made, as it was downloaded.");
  }
}

function unpacked<T>(work: () => T): T;
function unpacked<T>(work: () => Promise<T>): Promise<T>;
function unpacked<T>(work: () => T | Promise<T>): T | Promise<T> {
  const refusal = (error: unknown): never => {
    if (error instanceof ZipTooLargeError) {
      throw new ImportFileError('TOO_LARGE', `The export's files unpack to more than ${MAX_UNPACKED_BYTES / 1024 / 1024} MB; a restore takes at most that.`);
    }
    throw new ImportFileError('MALFORMED', 'The ZIP file cannot be read (it is damaged or incomplete): download the export again.');
  };
  try {
    const result = work();
    return result instanceof Promise ? result.catch(refusal) : result;
  } catch (error) {
    return refusal(error);
  }
}

function archiveContent(entries: Map<string, Uint8Array>): ExportArchiveContent {
  const files = Object.fromEntries(entries);
  const manifestBytes = files['manifest.json'];
  if (!manifestBytes) {
    throw new ImportFileError('WRONG_SOURCE', 'This ZIP has no manifest.json, so it is not a Wrenchlog export.');
  }
  let manifest: Partial<ExportManifest>;
  try {
    manifest = JSON.parse(new TextDecoder().decode(manifestBytes)) as Partial<ExportManifest>;
  } catch {
    throw new ImportFileError('MALFORMED', 'The manifest.json of this export cannot be read.');
  }
  if (manifest.format !== EXPORT_FORMAT || typeof manifest.formatVersion !== 'number') {
    throw new ImportFileError('WRONG_SOURCE', 'This ZIP has no Wrenchlog manifest, so it is not a Wrenchlog export.');
  }
  if (manifest.formatVersion > EXPORT_FORMAT_VERSION) {
    throw new ImportFileError(
      'WRONG_SOURCE',
      `This export is of format ${manifest.formatVersion}, newer than this Wrenchlog reads (${EXPORT_FORMAT_VERSION}): update Wrenchlog first.`,
    );
  }
  const pieces = RESTORED.filter((k) => files[EXPORT_FILES[k]] !== undefined).map((k) => ({ name: EXPORT_FILES[k], bytes: files[EXPORT_FILES[k]] }));
  if (pieces.length === 0) {
    throw new ImportFileError('EMPTY', 'This export holds no CSV file to restore.');
  }
  return { pieces };
}

/** The plan of one CSV of an export: its kind from its file name, its columns by their header (the writer's). */
export function planExportTable(table: Table): TablePlan | { wrongSource: string } {
  const kind = table.section ? FILE_KIND.get(table.section) : undefined;
  if (!kind || !KIND_OF[kind]) {
    return { wrongSource: `The export's file '${table.section ?? ''}' is not one Wrenchlog restores.` };
  }
  const fields = new Map(EXPORT_COLUMNS[kind].filter((c) => c.field).map((c) => [headerKey(c.header), c.field as string]));
  const suggested: Mapping = {};
  for (const column of table.columns) {
    const field = fields.get(headerKey(column));
    if (field) {
      suggested[column] = field;
    }
  }
  return { kind: KIND_OF[kind] as RecordKind, suggested, notesColumns: [] };
}

/** A cell as the export wrote it, with the `'` it put in front of formula-looking text removed. */
export const exportCell = unescapeFormula;

/**
 * A restore's machines without the miles (hours) their records give again. An export's machine
 * miles is its meter's value when exported; written as it is, it would be a manual reading dated on
 * the restore's day, before which every later-dated record reading above it is voided (out of
 * sequence), so usage would differ from the original's. Kept only when above every reading of the
 * machine's records: a reading the user entered by hand, which a restore has no other way to carry.
 */
export function dropRecordReadings(rows: ImportRow[]): void {
  const top = new Map<string, { miles: number; hours: number }>();
  const key = (name: string) => name.trim().toLowerCase();
  for (const row of rows) {
    if (row.kind === 'machine' || row.kind === 'odometer' || !row.record || !row.machine || !('name' in row.machine)) {
      continue;
    }
    const record = row.record as { miles?: number; hours?: number; currentMileage?: number; currentHours?: number };
    const seen = top.get(key(row.machine.name)) ?? { miles: -Infinity, hours: -Infinity };
    seen.miles = Math.max(seen.miles, record.miles ?? record.currentMileage ?? -Infinity);
    seen.hours = Math.max(seen.hours, record.hours ?? record.currentHours ?? -Infinity);
    // A restored reading (meter-readings.csv) gives the meter's value back too.
    if (row.kind === 'reading' && !row.record.void) {
      const field = row.record.meterKind === 'hours' ? 'hours' : 'miles';
      seen[field] = Math.max(seen[field], row.record.value);
    }
    top.set(key(row.machine.name), seen);
  }
  for (const row of rows) {
    if (row.kind !== 'machine' || !row.record) {
      continue;
    }
    const seen = top.get(key(String(row.record.name ?? '')));
    if (!seen) {
      continue;
    }
    if (typeof row.record.miles === 'number' && row.record.miles <= seen.miles) {
      delete row.record.miles;
    }
    if (typeof row.record.hours === 'number' && row.record.hours <= seen.hours) {
      delete row.record.hours;
    }
  }
}
