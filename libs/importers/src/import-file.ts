import type { ImportSameNameMachines } from '@wrenchlog/contracts/limits';
import { detectDelimiter, readTable, type Delimiter, type Table } from './csv/read-table.js';
import { isSectioned, splitSections, type SectionKind } from './csv/sections.js';
import { ImportFileError } from './errors.js';
import { FIELDS, isField, type Mapping, type RecordKind } from './fields/fields.js';
import { IMPORT_LIMITS } from './limits.js';
import { checkSequences } from './rows/sequence.js';
import { setWriteOrder } from './rows/write-order.js';
import type { BuildContext } from './rows/context.js';
import { buildFuelRow } from './rows/fuel-row.js';
import { unmappedFullTankColumn, warnUnmappedFullTank } from './rows/full-tank.js';
import { buildMachineRow } from './rows/machine-row.js';
import { buildOdometerRow } from './rows/odometer-row.js';
import { buildPartRow, buildSupplierRow } from './rows/inventory-rows.js';
import { buildPurchaseRow } from './rows/purchase-row.js';
import { buildReadingRow, isRecordReading } from './rows/reading-row.js';
import type { ImportRow } from './rows/import-row.js';
import { RowReader, type MachineRef } from './rows/row.js';
import { buildScheduleRow, isLeftOutSchedule } from './rows/schedule-row.js';
import { buildServiceRow } from './rows/service-row.js';
import type { Units } from './rows/units.js';
import { SOURCES, type ImportSource, type TablePlan } from './sources/sources.js';
import { dropRecordReadings, type ExportArchiveContent } from './sources/wrenchlog-export.js';
import { decodeFile, type ImportEncoding } from './text/decode.js';
import { detectDateFormat, type DateFormat } from './text/dates.js';
import { detectDecimalSeparator, type DecimalSeparator } from './text/numbers.js';

/** What was detected in a file (and may be changed by the user, then sent back as overrides). */
export interface Detected {
  delimiter: Delimiter;
  decimalSeparator: DecimalSeparator;
  dateFormat: DateFormat;
  encoding: ImportEncoding;
  hasBom: boolean;
  units: Units;
}

interface PlannedTable extends TablePlan {
  table: Table;
  /** '' for a plain file; 'Refuelling / ' for a section, prefixed to its column names. */
  prefix: string;
}

/** Everything the Upload step answers, and what normalizeFile() reads the rows from. */
export interface FileAnalysis {
  source: ImportSource;
  detected: Detected;
  /** Things the user should know about the detection ("dates like 03/04/2024 could be either..."). */
  notes: string[];
  /** Column names; a section's are prefixed with its name ('Refuelling / Odometer'). */
  columns: string[];
  suggestedMapping: Mapping;
  rowCount: number;
  tables: PlannedTable[];
}

/**
 * Reads and checks an uploaded file for `source`: encoding, delimiter, sections, decimal separator,
 * date format and units, then the suggested mapping. Throws ImportFileError with a message for a
 * file that cannot be imported at all (not a CSV, empty, header only, over a limit, wrong source).
 */
export function analyzeFile(bytes: Uint8Array, source: ImportSource, overrides: Partial<Detected> = {}): FileAnalysis {
  const def = SOURCES[source];
  if (def.archive) {
    return analyzeArchive(def.archive(bytes), source, overrides);
  }
  const decoded = decodeFile(bytes, overrides.encoding);
  const notes = [...decoded.notes];
  const sectioned = isSectioned(decoded.text);
  const pieces: Piece[] = [];
  if (def.sectioned) {
    if (!sectioned) {
      throw new ImportFileError('WRONG_SOURCE', `This is not a ${def.label} export: it has no ##Refuelling, ##Service or ##Expense section.`);
    }
    for (const section of splitSections(decoded.text)) {
      if (section.kind === undefined) {
        notes.push(`The section '##${section.name}' is not imported (only refuelling, service and expense sections are).`);
      } else {
        pieces.push(section);
      }
    }
  } else {
    if (sectioned) {
      throw new ImportFileError('WRONG_SOURCE', 'This file has ##sections like a Drivvo export: choose Drivvo as the source.');
    }
    pieces.push({ text: decoded.text, firstLine: 1 });
  }
  if (pieces.length === 0) {
    throw new ImportFileError('EMPTY', 'The file has no section that can be imported.');
  }
  return analyzePieces(pieces, source, overrides, { encoding: decoded.encoding, hasBom: decoded.hasBom }, notes);
}

/**
 * analyzeFile for a service: an archive (a restore's ZIP) is unpacked a step at a time with the event
 * loop free between steps, so the product's other requests are answered meanwhile.
 */
export async function analyzeUpload(bytes: Uint8Array, source: ImportSource, overrides: Partial<Detected> = {}): Promise<FileAnalysis> {
  const unpack = SOURCES[source].unpack;
  return unpack ? analyzeArchive(await unpack(bytes), source, overrides) : analyzeFile(bytes, source, overrides);
}

interface Piece {
  text: string;
  firstLine: number;
  name?: string;
  kind?: SectionKind;
}

/**
 * The files of an archive (the Wrenchlog export) as the sections of one file: each decoded on its
 * own, its rows numbered on from the previous file's last line (row numbers stay unique in the
 * import; a message's row is the file's line plus the lines of the files before it).
 */
function analyzeArchive(archive: ExportArchiveContent, source: ImportSource, overrides: Partial<Detected>): FileAnalysis {
  const files = archive.pieces;
  const pieces: Piece[] = [];
  const notes: string[] = [];
  let firstLine = 1;
  let encoding: { encoding: ImportEncoding; hasBom: boolean } | undefined;
  for (const file of files) {
    const decoded = decodeFile(file.bytes, overrides.encoding);
    notes.push(...decoded.notes);
    encoding ??= { encoding: decoded.encoding, hasBom: decoded.hasBom };
    pieces.push({ text: decoded.text, firstLine, name: file.name });
    firstLine += lineCount(decoded.text);
  }
  return analyzePieces(pieces, source, overrides, encoding!, notes);
}

const lineCount = (text: string): number => {
  let lines = 1;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) {
    lines += 1;
  }
  return lines;
};

function analyzePieces(
  pieces: Piece[],
  source: ImportSource,
  overrides: Partial<Detected>,
  decoded: { encoding: ImportEncoding; hasBom: boolean },
  notes: string[],
): FileAnalysis {
  const def = SOURCES[source];
  const delimiter = overrides.delimiter ?? detectDelimiter(pieces[0].text);
  let budget: number = IMPORT_LIMITS.maxRows;
  const tables: PlannedTable[] = [];
  for (const piece of pieces) {
    const table: Table = { ...readTable(piece.text, delimiter, piece.firstLine, budget), section: piece.name };
    if (def.cell) {
      const cell = def.cell;
      for (const row of table.rows) {
        row.cells = row.cells.map(cell);
      }
    }
    budget -= table.rows.length;
    const plan = def.plan(table, piece.kind);
    if ('wrongSource' in plan) {
      throw new ImportFileError('WRONG_SOURCE', plan.wrongSource);
    }
    tables.push({ ...plan, table, prefix: piece.name ? `${piece.name} / ` : '' });
  }
  const rowCount = tables.reduce((n, t) => n + t.table.rows.length, 0);
  if (rowCount === 0) {
    throw new ImportFileError('HEADER_ONLY', 'The file has a header but no rows to import.');
  }

  const decimalSeparator = overrides.decimalSeparator ?? detectDecimalSeparator(allCells(tables), delimiter);
  const dates = detectDateFormat(dateCells(tables), def.defaultDateFormat);
  const dateFormat = overrides.dateFormat ?? dates.dateFormat;
  if (!overrides.dateFormat && dates.ambiguous) {
    notes.push(`No date in the file tells day and month apart (all are 12 or less): they are read as ${dateFormat}. Change the date format if that is wrong.`);
  }
  if (!overrides.dateFormat && dates.mixed) {
    notes.push(`Some dates are day first and others month first: they are read as ${dateFormat}, and the others are errors.`);
  }
  const columns = tables.flatMap((t) => t.table.columns.map((c) => t.prefix + c));
  const suggestedMapping = Object.fromEntries(tables.flatMap((t) => Object.entries(t.suggested).map(([c, f]) => [t.prefix + c, f])));
  const detected: Detected = {
    delimiter,
    decimalSeparator,
    dateFormat,
    encoding: decoded.encoding,
    hasBom: decoded.hasBom,
    units: overrides.units ?? def.units(tables.flatMap((t) => t.table.columns)),
  };
  return { source, detected, notes, columns, suggestedMapping, rowCount, tables };
}

function* allCells(tables: PlannedTable[]): Iterable<string> {
  for (const t of tables) {
    for (const row of t.table.rows) {
      yield* row.cells;
    }
  }
}

const DATE_FIELDS = new Set(['date', 'serviceDate', 'purchaseDate', 'purchasedDate', 'licenseExpirationDate', 'insuranceExpirationDate']);

// The cells of the columns the suggested mapping reads as dates: all rows decide (a day above 12 anywhere).
function* dateCells(tables: PlannedTable[]): Iterable<string> {
  for (const t of tables) {
    const indexes = t.table.columns.flatMap((c, i) => (DATE_FIELDS.has(t.suggested[c]) ? [i] : []));
    for (const row of t.table.rows) {
      for (const i of indexes) {
        yield row.cells[i] ?? '';
      }
    }
  }
}

export interface NormalizeOptions {
  /** Column -> field (columns of a section prefixed as in FileAnalysis.columns); the suggested one when left out. */
  mapping?: Mapping;
  /** The machine of every row (one of the caller's). */
  machineId?: number;
  /** The column that names each row's machine (same as mapping it to 'machine'). */
  machineColumn?: string;
  /** The caller's machines: a row naming one of them (case-insensitive) gets its id; other names are new machines. */
  knownMachines?: { id: number; name: string }[];
  /** A machine row named as one of knownMachines: 'use' that machine (the default) or 'create' another of the same name. */
  sameNameMachines?: ImportSameNameMachines;
  /**
   * The distance meter unit of the caller's machines, by id, where known (miles otherwise): a row's
   * distances are stored in its machine's unit. A machine the file names that the caller has not
   * (created by the import) gets the file's unit.
   */
  machineDistanceUnits?: Record<number, 'mi' | 'km'>;
  /** Minutes east of UTC of the user's clock (times in files have no zone). */
  utcOffsetMinutes?: number;
  /** Service type of service rows without one (LubeLogger's service, repair and upgrade files look alike). */
  serviceType?: string;
  /** Read only the first `limit` rows (the preview). */
  limit?: number;
}

export interface RowCounts {
  valid: number;
  warnings: number;
  errors: number;
}

export interface NormalizedFile {
  detected: Detected;
  rows: ImportRow[];
  counts: RowCounts;
  /** Machine names rows give that are not among knownMachines: created when the import runs. */
  newMachines: string[];
}

/**
 * Maps, converts and validates the rows of an analysed file, each with its messages: the dry run
 * (Review), the preview (with `limit`), and what the import job writes. Pure: nothing is stored.
 */
export async function normalizeFile(analysis: FileAnalysis, options: NormalizeOptions = {}): Promise<NormalizedFile> {
  const mapping = { ...(options.mapping ?? analysis.suggestedMapping) };
  if (options.machineColumn !== undefined) {
    if (!analysis.columns.includes(options.machineColumn)) {
      throw new ImportFileError('BAD_MAPPING', `The file has no column '${options.machineColumn}'.`);
    }
    for (const [column, field] of Object.entries(mapping)) {
      if (field === 'machine') {
        delete mapping[column];
      }
    }
    mapping[options.machineColumn] = 'machine';
  }
  checkMapping(analysis, mapping);
  const known = new Map((options.knownMachines ?? []).map((m) => [m.name.trim().toLowerCase(), m.id]));
  const rows: ImportRow[] = [];
  const limit = options.limit ?? Infinity;
  let sinceYield = 0;
  const unitOfId = (id: number) => options.machineDistanceUnits?.[id] ?? 'mi';
  const distanceUnitOf = (machine: MachineRef | undefined): 'mi' | 'km' => {
    if (machine === undefined) {
      return 'mi';
    }
    const id = 'id' in machine ? machine.id : known.get(machine.name.trim().toLowerCase());
    return id === undefined ? analysis.detected.units.distance : unitOfId(id);
  };
  for (const planned of analysis.tables) {
    const ctx: BuildContext = {
      format: analysis.detected,
      units: analysis.detected.units,
      machineId: options.machineId,
      utcOffsetMinutes: options.utcOffsetMinutes ?? 0,
      serviceType: options.serviceType ?? planned.serviceType,
      zeroMeterIsNone: SOURCES[analysis.source].zeroMeterIsNone,
      distanceUnitOf,
    };
    const columns = planned.table.columns;
    const fieldAt = columns.map((c) => mapping[planned.prefix + c]);
    const notesAt = columns.map((c) => planned.notesColumns.includes(c));
    const fullTankAt = planned.kind === 'fuel' ? unmappedFullTankColumn(planned.table, fieldAt) : undefined;
    for (const row of planned.table.rows) {
      if (rows.length >= limit) {
        break;
      }
      const values = new Map<string, string>();
      const extras: string[] = [];
      row.cells.forEach((cell, i) => {
        if (fieldAt[i]) {
          values.set(fieldAt[i], cell);
        } else if (notesAt[i] && cell.trim() !== '') {
          extras.push(`${columns[i].replace(/^extrafield_/i, '')}: ${cell.trim()}`);
        }
      });
      const reader = new RowReader(row.rowNumber, values, analysis.detected, FIELDS[planned.kind]);
      if (row.cells.length > columns.length && row.cells.slice(columns.length).some((c) => c.trim() !== '')) {
        reader.error(`the row has ${row.cells.length} cells, the header ${columns.length}`);
      }
      if (fullTankAt !== undefined) {
        warnUnmappedFullTank(reader, planned.prefix + columns[fullTankAt], row.cells[fullTankAt]);
      }
      const built = await build(planned.kind, reader, ctx, extras);
      // A restore leaves out the readings its service and fuel records give again, and the schedules it cannot write (isLeftOutSchedule).
      if (!(built.kind === 'reading' && isRecordReading(built.record)) && !(built.kind === 'schedule' && isLeftOutSchedule(built.record))) {
        rows.push(built);
      }
      sinceYield += 1;
      if (sinceYield === YIELD_EVERY) {
        // Validation is CPU work: let the process answer other calls between batches (embedded, every
        // service shares this event loop).
        sinceYield = 0;
        await yieldToEventLoop();
      }
    }
  }
  if (analysis.source === 'wrenchlog-export') {
    dropRecordReadings(rows);
  }
  for (const name of sameNameMachines(rows, known, options.sameNameMachines ?? 'use')) {
    // 'create': the rows naming it go to the machine its row creates, not to the existing one.
    known.delete(name);
  }
  const newMachines = new Set<string>();
  for (const row of rows) {
    if (row.machine && 'name' in row.machine) {
      const id = known.get(row.machine.name.toLowerCase());
      if (id === undefined) {
        newMachines.add(row.machine.name);
      } else {
        row.machine = { id };
        if (row.record && row.kind !== 'machine') {
          (row.record as { machineId?: number }).machineId = id;
        }
      }
    }
  }
  checkSequences(rows);
  setWriteOrder(rows, analysis.source === 'wrenchlog-export');
  return { detected: analysis.detected, rows, counts: countRows(rows), newMachines: [...newMachines] };
}

/**
 * Machine rows named as a machine the caller has (issue 23: a restore into an account that has it
 * must not duplicate it silently). Each is warned about; with 'use' it takes the existing machine's
 * id and is not written; with 'create' it is written as another machine. Answers the names (keys
 * without case) of the machines 'create' makes again.
 */
function sameNameMachines(rows: ImportRow[], known: Map<string, number>, choice: ImportSameNameMachines): Set<string> {
  const created = new Set<string>();
  for (const row of rows) {
    const name = row.kind === 'machine' && row.record ? String(row.record.name ?? '').trim() : '';
    const id = name ? known.get(name.toLowerCase()) : undefined;
    if (id === undefined) {
      continue;
    }
    if (choice === 'use') {
      row.existingMachineId = id;
      row.messages.push(
        `row ${row.rowNumber}: you have a machine named '${name}' already: its records are added to it and this row is skipped (choose 'create a new one' to restore it as another machine)`,
      );
    } else {
      created.add(name.toLowerCase());
      row.messages.push(
        `row ${row.rowNumber}: you have a machine named '${name}' already: another machine of that name is created (choose 'use the existing machine' to add its records to it)`,
      );
    }
    if (row.status === 'valid') {
      row.status = 'warning';
    }
  }
  return created;
}

const YIELD_EVERY = 500;
const yieldToEventLoop = () => new Promise<void>((resolve) => (typeof setImmediate === 'function' ? setImmediate(resolve) : setTimeout(resolve, 0)));

function build(kind: RecordKind, reader: RowReader, ctx: BuildContext, extras: string[]): Promise<ImportRow> {
  switch (kind) {
    case 'fuel':
      return buildFuelRow(reader, ctx, extras) as Promise<ImportRow>;
    case 'service':
      return buildServiceRow(reader, ctx, extras) as Promise<ImportRow>;
    case 'purchase':
      return buildPurchaseRow(reader, ctx, extras) as Promise<ImportRow>;
    case 'machine':
      return buildMachineRow(reader, ctx) as Promise<ImportRow>;
    case 'odometer':
      return buildOdometerRow(reader, ctx) as Promise<ImportRow>;
    case 'supplier':
      return buildSupplierRow(reader) as Promise<ImportRow>;
    case 'part':
      return buildPartRow(reader) as Promise<ImportRow>;
    case 'reading':
      return buildReadingRow(reader, ctx) as Promise<ImportRow>;
    case 'schedule':
      return buildScheduleRow(reader, ctx) as Promise<ImportRow>;
  }
}

/** A mapping names the file's columns and fields of the column's kind, each field once per table. */
function checkMapping(analysis: FileAnalysis, mapping: Mapping): void {
  for (const [column, field] of Object.entries(mapping)) {
    const planned = analysis.tables.find((t) => column.startsWith(t.prefix) && t.table.columns.includes(column.slice(t.prefix.length)));
    if (!planned) {
      throw new ImportFileError('BAD_MAPPING', `The file has no column '${column}'.`);
    }
    if (!isField(planned.kind, field)) {
      throw new ImportFileError('BAD_MAPPING', `'${field}' is not a field of ${planned.kind} records (column '${column}').`);
    }
  }
  for (const planned of analysis.tables) {
    const seen = new Map<string, string>();
    for (const column of planned.table.columns) {
      const field = mapping[planned.prefix + column];
      if (field && seen.has(field)) {
        throw new ImportFileError('BAD_MAPPING', `Columns '${seen.get(field)}' and '${planned.prefix + column}' are both mapped to ${field}; map one.`);
      }
      if (field) {
        seen.set(field, planned.prefix + column);
      }
    }
  }
}

export function countRows(rows: ImportRow[]): RowCounts {
  const counts: RowCounts = { valid: 0, warnings: 0, errors: 0 };
  for (const row of rows) {
    if (row.status === 'valid') {
      counts.valid += 1;
    } else if (row.status === 'warning') {
      counts.warnings += 1;
    } else {
      counts.errors += 1;
    }
  }
  return counts;
}
