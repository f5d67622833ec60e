// "Download all my data" (issue 23): the export's plain values, without class-validator, so the
// SPA and libs/importers (which reads the ZIP back as the `wrenchlog-export` source) share them.

/**
 * The ZIP's layout version, written in manifest.json; the restore refuses a newer one and reads
 * every older one (1: machines, records, fuel and purchases only; 2 adds the inventory, meter
 * readings and schedules; 3 adds documents.csv and the PDFs under documents/).
 */
export const EXPORT_FORMAT_VERSION = 3;
export const EXPORT_FORMAT = 'wrenchlog-export';

/** The CSV files of an export, one per kind of record, in the order a restore reads them (machines first). */
export const EXPORT_FILES = {
  machines: 'machines.csv',
  serviceRecords: 'service-records.csv',
  fuelRecords: 'fuel-records.csv',
  partPurchases: 'part-purchases.csv',
  suppliers: 'suppliers.csv',
  parts: 'parts.csv',
  meterReadings: 'meter-readings.csv',
  schedules: 'schedules.csv',
  // Format 3: the attached PDFs (which record each belongs to, and its path in the ZIP).
  documents: 'documents.csv',
} as const;
export type ExportKind = keyof typeof EXPORT_FILES;
export const EXPORT_KINDS = Object.keys(EXPORT_FILES) as ExportKind[];
/** The kinds whose money the manifest totals (as the reports count it). */
export type ExportCostKind = 'serviceRecords' | 'fuelRecords' | 'partPurchases';

export const EXPORT_STATES = ['pending', 'running', 'ready', 'failed'] as const;
export type ExportState = (typeof EXPORT_STATES)[number];

export const EXPORT_LIMITS = {
  /** A finished export (its ZIP and its row) is deleted after a day. */
  keepMs: 24 * 60 * 60 * 1000,
  /** How long a download link works. */
  linkTtlSeconds: 3600,
  /** Exports being prepared per user at once (another POST answers 409). */
  runningPerUser: 1,
  /** Rows per page asked of each owning service. */
  pageSize: 500,
  /** A job whose worker stopped (a restart) is taken over after this long without progress. */
  leaseMs: 60_000,
} as const;

export const EXPORT_MESSAGES = {
  notFound: 'Export not found',
  running: 'An export is already being prepared: wait for it to be ready.',
  linkExpired: 'This download link has expired: open the export again for a new one.',
  linkInvalid: 'This download link is not valid.',
} as const;

/** manifest.json at the root of the ZIP. */
export interface ExportManifest {
  format: typeof EXPORT_FORMAT;
  formatVersion: number;
  /** ISO 8601 instant, UTC. */
  exportedAt: string;
  /** The kinds of its version (a version 1 manifest has no suppliers, parts, meterReadings or schedules; before 3 no documents). */
  files: Record<ExportKind, string>;
  counts: Record<ExportKind, number> & { photos: number };
  /** Money spent per kind (2 decimals): service price, fuel total price, purchase price x quantity (cancelled ones count 0). */
  totals: Record<ExportCostKind, { cost: number }>;
}

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, tab or CR first) is written with a `'`
 * in front; so is a cell that already is such an escape ('=x), so the restore can strip exactly one.
 */
export const FORMULA_START = /^'*[=+\-@\t\r]/;
export const escapeFormula = (text: string): string => (FORMULA_START.test(text) ? `'${text}` : text);
export const unescapeFormula = (text: string): string => (text.startsWith("'") && FORMULA_START.test(text) ? text.slice(1) : text);
