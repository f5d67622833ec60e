// The import context's plain values (issue 23): sources, limits, states and the choices of the
// Upload and Map steps, without class-validator, so the SPA can load them through
// `@wrenchlog/contracts/limits` and `libs/importers` reads files by the same lists.

/** The `source` of POST /api/imports, in the wizard's order. */
export const IMPORT_SOURCES = [
  'generic-machines',
  'generic-service',
  'generic-fuel',
  'generic-purchases',
  'lubelogger-fuel',
  'lubelogger-service',
  'lubelogger-odometer',
  'lubelogger-supplies',
  'fuelly',
  'drivvo',
  // A ZIP of "Download all my data" (apps/import-service/README.md, Export): the restore.
  'wrenchlog-export',
] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

/** The documented bounds of one import file; above one the file is refused whole, with the limit in the message. */
export const IMPORT_LIMITS = {
  /** Upload size: 20 MiB (the multipart limit of POST /api/imports). */
  maxBytes: 20 * 1024 * 1024,
  /**
   * Upload size of a restore (`wrenchlog-export`: the export's ZIP with its photos, each at most
   * 2 MiB): 256 MiB. import-service reads the ZIP whole (Upload, Validate, and once more for the
   * photos), so this bounds its memory too (apps/import-service/README.md "Photos of a restore").
   */
  maxRestoreBytes: 256 * 1024 * 1024,
  /** Data rows per file (all sections of a Drivvo file together), header not counted. */
  maxRows: 200_000,
  /** Columns of a header. */
  maxColumns: 100,
  /**
   * Characters of one record (a line, or several when a quoted cell holds line breaks): 256 KiB, over
   * anything a real file holds (100 columns of the longest text field, 2,000 characters, is 200 KB).
   * csv-parse spends microseconds a character on one long cell, so a 14 MB line would hold the one
   * shared event loop for most of a minute; past this it stops at once (issue 36).
   */
  maxRecordChars: 256 * 1024,
  /** Rows a preview answers. */
  previewRows: 20,
  /**
   * How long the gateway waits for Upload, Map and Validate, which read the whole file (the dry run of
   * 200,000 rows takes about 15 s here): every other call waits RPC_TIMEOUT_MS.
   */
  dryRunTimeoutMs: 120_000,
  /** Rows per page of GET /api/imports/{id}/rows. */
  rowsPageSize: { default: 50, max: 100 },
  /** Imports per page of GET /api/imports (the history) when the query leaves size out. */
  historyPageSize: 20,
  /** Imports of one account `importing` at once (a fourth commit answers 409). */
  maxImportingPerAccount: 3,
} as const;

/** The upload limit of a source: a restore's ZIP may carry photos. */
export const importMaxBytes = (source: string | undefined): number => (source === 'wrenchlog-export' ? IMPORT_LIMITS.maxRestoreBytes : IMPORT_LIMITS.maxBytes);

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
const count = (n: number) => n.toLocaleString('en-US');

export const IMPORT_LIMIT_MESSAGES = {
  tooLarge: (bytes: number, limit: number = IMPORT_LIMITS.maxBytes) => `The file is ${mb(bytes)}; an import takes at most ${mb(limit)}.`,
  /** When the upload was cut off at the limit (its size is not known). */
  overLimit: (limit: number = IMPORT_LIMITS.maxBytes) => `The file is over ${mb(limit)}; an import takes at most ${mb(limit)}.`,
  tooManyRows: () =>
    `The file has more than ${count(IMPORT_LIMITS.maxRows)} rows; an import takes at most ${count(IMPORT_LIMITS.maxRows)}. Split it into several files.`,
  tooManyColumns: (columns: number) => `The header has ${columns} columns; an import takes at most ${IMPORT_LIMITS.maxColumns}.`,
  recordTooLong: (line: number) =>
    `Line ${count(line)} is longer than ${IMPORT_LIMITS.maxRecordChars / 1024} KB; an import takes shorter lines. Is this a CSV file?`,
} as const;

export const IMPORT_DELIMITERS = [',', ';', '\t'] as const;
export type ImportDelimiter = (typeof IMPORT_DELIMITERS)[number];
export const IMPORT_DECIMAL_SEPARATORS = ['.', ','] as const;
export type ImportDecimalSeparator = (typeof IMPORT_DECIMAL_SEPARATORS)[number];
export const IMPORT_DATE_FORMATS = ['YYYY-MM-DD', 'MM/DD/YYYY', 'DD/MM/YYYY'] as const;
export type ImportDateFormat = (typeof IMPORT_DATE_FORMATS)[number];
/** UTF-8 (with or without a byte-order mark), UTF-16 with its mark, or Windows-1252 (Excel's "CSV" on Western Windows). */
export const IMPORT_ENCODINGS = ['utf-8', 'utf-16le', 'utf-16be', 'windows-1252'] as const;
export type ImportEncoding = (typeof IMPORT_ENCODINGS)[number];
export const IMPORT_DISTANCE_UNITS = ['mi', 'km'] as const;
export const IMPORT_VOLUME_UNITS = ['gal', 'l'] as const;

export const IMPORT_STATES = ['uploaded', 'validated', 'importing', 'done', 'failed', 'reverted'] as const;
export type ImportState = (typeof IMPORT_STATES)[number];
export const IMPORT_ROW_STATUSES = ['valid', 'warning', 'error'] as const;
export type ImportRowStatus = (typeof IMPORT_ROW_STATUSES)[number];
export const IMPORT_COMMIT_MODES = ['all_or_nothing', 'skip_invalid'] as const;
export type ImportCommitMode = (typeof IMPORT_COMMIT_MODES)[number];
/**
 * What a machine row (a restore's machines.csv, a machines file) whose name the account has already
 * becomes: 'use' (the default) adds the rows naming it to the existing machine and skips the row;
 * 'create' makes a second machine of that name. Either way the dry run warns.
 */
export const IMPORT_SAME_NAME_MACHINES = ['use', 'create'] as const;
export type ImportSameNameMachines = (typeof IMPORT_SAME_NAME_MACHINES)[number];

export const IMPORT_MESSAGES = {
  source: `Source must be one of ${IMPORT_SOURCES.join(', ')}`,
  mapping: 'Mapping must be an object from column names to field names',
  mappingSize: `Mapping takes at most ${IMPORT_LIMITS.maxColumns} columns`,
  delimiter: 'Delimiter must be a comma, a semicolon or a tab',
  decimalSeparator: "Decimal separator must be '.' or ','",
  dateFormat: `Date format must be one of ${IMPORT_DATE_FORMATS.join(', ')}`,
  encoding: `Encoding must be one of ${IMPORT_ENCODINGS.join(', ')}`,
  units: "Units must be {distance: 'mi' or 'km', volume: 'gal' or 'l'}",
  machineId: 'Machine id must be a whole number of 1 or more',
  machineColumn: 'Machine column must be a column name',
  status: `Status must be one of ${IMPORT_ROW_STATUSES.join(', ')}`,
  mode: `Mode must be one of ${IMPORT_COMMIT_MODES.join(', ')}`,
  sameNameMachines: `Same-name machines must be one of ${IMPORT_SAME_NAME_MACHINES.join(', ')}`,
  notFound: 'Import not found',
  rowNotFound: 'Row not found',
  keep: 'Keep must be true or false',
  keepNotDuplicate: 'Only a duplicate row can be imported anyway: this row is not one.',
  /** A row that repeats a record the user already has (same machine, date, meter and amount). */
  storedDuplicate: 'duplicate of a record already stored',
} as const;
