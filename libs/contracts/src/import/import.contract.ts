import { Type } from 'class-transformer';
import { IsBoolean, IsDefined, IsIn, IsInt, IsObject, IsOptional, IsString, Max, MaxLength, Min, ValidateNested, registerDecorator } from 'class-validator';
import type { Audited } from '../account/member.events.js';
import { MAX_ID } from '../ids.js';
import { QueryInt } from '../input.js';
import { MAX_PAGE_NUMBER, type Page } from '../paging.js';
import {
  IMPORT_COMMIT_MODES,
  IMPORT_DATE_FORMATS,
  IMPORT_DECIMAL_SEPARATORS,
  IMPORT_DELIMITERS,
  IMPORT_DISTANCE_UNITS,
  IMPORT_ENCODINGS,
  IMPORT_LIMITS,
  IMPORT_MESSAGES as M,
  IMPORT_ROW_STATUSES,
  IMPORT_SAME_NAME_MACHINES,
  IMPORT_SOURCES,
  IMPORT_VOLUME_UNITS,
  type ImportCommitMode,
  type ImportDateFormat,
  type ImportDecimalSeparator,
  type ImportDelimiter,
  type ImportEncoding,
  type ImportRowStatus,
  type ImportSameNameMachines,
  type ImportSource,
  type ImportState,
} from './import.limits.js';

// Producer: gateway. Consumer: import-service (apps/import-service/README.md).
export const IMPORT_CREATE = 'import.import.create' as const;
export const IMPORT_MAPPING = 'import.import.mapping' as const;
export const IMPORT_VALIDATE = 'import.import.validate' as const;
export const IMPORT_ROWS = 'import.import.rows' as const;
export const IMPORT_GET = 'import.import.get' as const;
export const IMPORT_LIST = 'import.import.list' as const;
export const IMPORT_COMMIT = 'import.import.commit' as const;
export const IMPORT_REVERT = 'import.import.revert' as const;
export const IMPORT_ROW_KEEP = 'import.row.keep' as const;

/** The form fields of POST /api/imports besides the `file` part (multipart fields are text). */
export class CreateImportFields {
  @IsDefined({ message: M.source })
  @IsIn(IMPORT_SOURCES, { message: M.source })
  source!: ImportSource;

  @IsOptional()
  @QueryInt()
  @IsInt({ message: M.machineId })
  @Min(1, { message: M.machineId })
  @Max(MAX_ID, { message: M.machineId })
  machineId?: number;

  /** Minutes east of UTC of the browser's clock: times in files have no zone. */
  @IsOptional()
  @QueryInt()
  @IsInt({ message: 'utcOffsetMinutes must be a whole number from -840 to 840' })
  @Min(-840, { message: 'utcOffsetMinutes must be a whole number from -840 to 840' })
  @Max(840, { message: 'utcOffsetMinutes must be a whole number from -840 to 840' })
  utcOffsetMinutes?: number;
}

export class ImportUnits {
  @IsIn(IMPORT_DISTANCE_UNITS, { message: M.units }) distance!: (typeof IMPORT_DISTANCE_UNITS)[number];
  @IsIn(IMPORT_VOLUME_UNITS, { message: M.units }) volume!: (typeof IMPORT_VOLUME_UNITS)[number];
}

/** What was detected in a file; every field can be corrected by the user in the Map step. */
export class ImportDetected {
  @IsOptional() @IsIn(IMPORT_DELIMITERS, { message: M.delimiter }) delimiter?: ImportDelimiter;
  @IsOptional() @IsIn(IMPORT_DECIMAL_SEPARATORS, { message: M.decimalSeparator }) decimalSeparator?: ImportDecimalSeparator;
  @IsOptional() @IsIn(IMPORT_DATE_FORMATS, { message: M.dateFormat }) dateFormat?: ImportDateFormat;
  @IsOptional() @IsIn(IMPORT_ENCODINGS, { message: M.encoding }) encoding?: ImportEncoding;
  @IsOptional() @ValidateNested() @Type(() => ImportUnits) units?: ImportUnits;
}

/** A plain object of at most 100 string -> string entries (column name -> field name). */
function IsColumnMapping() {
  return (target: object, property: string) =>
    registerDecorator({
      name: 'isColumnMapping',
      target: target.constructor,
      propertyName: property,
      options: { message: M.mapping },
      validator: {
        validate: (value: unknown) =>
          typeof value === 'object' &&
          value !== null &&
          !Array.isArray(value) &&
          Object.entries(value).every(([column, field]) => column.length <= 500 && typeof field === 'string' && field.length <= 50),
      },
    });
}

/**
 * The most columns of one table a mapping names: a file's, or of each section or file of one upload
 * ('Refuelling / Odometer', 'schedules.csv / title'), each of which has at most maxColumns.
 */
function largestTable(columns: string[]): number {
  const counts = new Map<string, number>();
  for (const column of columns) {
    const table = column.includes(' / ') ? column.slice(0, column.indexOf(' / ')) : '';
    counts.set(table, (counts.get(table) ?? 0) + 1);
  }
  return Math.max(0, ...counts.values());
}

/** At most `max` columns of each table (largestTable). */
function AtMostEntries(max: number) {
  return (target: object, property: string) =>
    registerDecorator({
      name: 'atMostEntries',
      target: target.constructor,
      propertyName: property,
      options: { message: M.mappingSize },
      validator: { validate: (value: unknown) => typeof value !== 'object' || value === null || largestTable(Object.keys(value)) <= max },
    });
}

/** PUT /api/imports/{id}/mapping. The fields a column may take are libs/importers' FIELDS of the import's kind. */
export class ImportMappingBody {
  @IsDefined({ message: M.mapping })
  @IsObject({ message: M.mapping })
  @IsColumnMapping()
  @AtMostEntries(IMPORT_LIMITS.maxColumns)
  mapping!: Record<string, string>;

  @IsOptional()
  @ValidateNested()
  @Type(() => ImportDetected)
  detected?: ImportDetected;

  @IsOptional()
  @IsInt({ message: M.machineId })
  @Min(1, { message: M.machineId })
  @Max(MAX_ID, { message: M.machineId })
  machineId?: number | null;

  @IsOptional()
  @IsString({ message: M.machineColumn })
  @MaxLength(500, { message: M.machineColumn })
  machineColumn?: string | null;

  /** A machine row whose name the caller has already: 'use' it (the default) or 'create' another. */
  @IsOptional()
  @IsIn(IMPORT_SAME_NAME_MACHINES, { message: M.sameNameMachines })
  sameNameMachines?: ImportSameNameMachines | null;
}

/** `page` (from 0) and `size` of the import lists: as `PageQuery`, with the rows' larger page size. */
export class ImportListQuery {
  @IsOptional()
  @QueryInt()
  @IsInt({ message: 'Page must be a whole number' })
  @Min(0, { message: 'Page must be at least 0' })
  @Max(MAX_PAGE_NUMBER, { message: `Page must be at most ${MAX_PAGE_NUMBER}` })
  page?: number;

  @IsOptional()
  @QueryInt()
  @IsInt({ message: 'Size must be a whole number' })
  @Min(1, { message: 'Size must be at least 1' })
  @Max(IMPORT_LIMITS.rowsPageSize.max, { message: `Size must be at most ${IMPORT_LIMITS.rowsPageSize.max}` })
  size?: number;
}

/** GET /api/imports/{id}/rows?status=error|warning|valid&page=&size= (GET /api/imports, the history, takes the paging alone). */
export class ImportRowsQuery extends ImportListQuery {
  @IsOptional()
  @IsIn(IMPORT_ROW_STATUSES, { message: M.status })
  status?: ImportRowStatus;
}

/** POST /api/imports/{id}/commit */
export class ImportCommitBody {
  @IsDefined({ message: M.mode })
  @IsIn(IMPORT_COMMIT_MODES, { message: M.mode })
  mode!: ImportCommitMode;
}

/** PUT /api/imports/{id}/rows/{rowNumber}: import a row flagged as a duplicate anyway (true), or skip it again (false). */
export class ImportRowKeepBody {
  @IsDefined({ message: M.keep })
  @IsBoolean({ message: M.keep })
  keep!: boolean;
}

/** The detection of a file as answered (all fields known). */
export interface ImportDetectedView {
  delimiter: ImportDelimiter;
  decimalSeparator: ImportDecimalSeparator;
  dateFormat: ImportDateFormat;
  encoding: ImportEncoding;
  hasBom: boolean;
  units: { distance: 'mi' | 'km'; volume: 'gal' | 'l' };
}

/** A row as Review lists it; `record` is the row as it will be stored (the DTO shape of its kind). */
export interface ImportRowView {
  rowNumber: number;
  status: ImportRowStatus;
  messages: string[];
  record?: Record<string, unknown>;
  /** The machine a row names that is not one of the caller's: created when the import runs (the record has no machineId yet). */
  newMachine?: string;
  /** A machine row whose name the caller has already, with sameNameMachines 'use': that machine's id (the row is not written). */
  existingMachineId?: number;
  /** A duplicate (of an earlier row of the file, or of a record already stored): skipped unless `keep`. */
  duplicate?: boolean;
  /** The user chose to import this duplicate anyway (PUT /api/imports/{id}/rows/{rowNumber}). */
  keep?: boolean;
}

/** 201 of POST /api/imports, and the answer of PUT mapping (a new preview). */
export interface ImportUploaded {
  id: number;
  detected: ImportDetectedView;
  /** What the user should know about the detection ("dates like 03/04/2024 could be either ..."). */
  notes: string[];
  columns: string[];
  suggestedMapping: Record<string, string>;
  preview: ImportRowView[];
}

export interface ImportCounts {
  valid: number;
  warnings: number;
  errors: number;
  /** A restore whose export has photos: how many it lists, and (after the commit) how many the job restored. */
  photos?: ImportPhotoCounts;
  /** A restore's PDF documents (issue 38), counted as its photos are. */
  documents?: ImportPhotoCounts;
}

/** GET /api/imports/{id}, and each entry of GET /api/imports (the history), with who uploaded and last changed it (issue 32). */
export interface ImportView extends Audited {
  id: number;
  source: ImportSource;
  fileName: string;
  state: ImportState;
  /** How it was committed; null before. */
  mode: ImportCommitMode | null;
  progress: { done: number; total: number };
  counts: ImportCounts & { written: number; skipped: number; failed: number };
  /** ISO 8601 instants, UTC. */
  createdAt: string;
  finishedAt: string | null;
  /** Why the job failed (all_or_nothing: "Nothing was imported: row 14: Machine not found"), or the first failed row of skip_invalid. */
  error: string | null;
  /** A revert was asked and is under way (the state turns `reverted` when it ends). */
  reverting: boolean;
  /** After a revert or a rollback: the records deleted, and the machines the import created that were kept (they have records added since). */
  reverted?: { deleted: number; keptMachines: { id: number; name: string }[] };
  /** GET /api/imports/{id} of a validated import: the duplicate rows (counted among the warnings) the commit will skip, those not kept. */
  duplicatesSkipped?: number;
}

/** The photos of a restore: listed by the export, not restorable (a warning on their row), restored, refused by their owner at import. */
export interface ImportPhotoCounts {
  found: number;
  problems: number;
  written: number;
  failed: number;
}

export interface ImportCreateRequest {
  objectKey: string;
  fileName: string;
  byteSize: number;
  fields: CreateImportFields;
}
export interface ImportIdRequest {
  id: number;
}
export interface ImportMappingRequest {
  id: number;
  body: ImportMappingBody;
}
export interface ImportRowsRequest {
  id: number;
  query: ImportRowsQuery;
}
export interface ImportRowKeepRequest {
  id: number;
  rowNumber: number;
  body: ImportRowKeepBody;
}
export interface ImportCommitRequest {
  id: number;
  body: ImportCommitBody;
}
export type ImportRowPage = Page<ImportRowView>;
