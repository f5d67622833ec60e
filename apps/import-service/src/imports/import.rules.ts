import {
  ErrorCode,
  FUEL_IMPORT_APPLY,
  FUEL_IMPORT_CHECK,
  FUEL_IMPORT_REVERT,
  IMPORT_MESSAGES,
  INVENTORY_IMPORT_APPLY,
  INVENTORY_IMPORT_APPLY_PARTS,
  INVENTORY_IMPORT_APPLY_SUPPLIERS,
  INVENTORY_IMPORT_CHECK,
  INVENTORY_IMPORT_REVERT,
  INVENTORY_IMPORT_REVERT_STOCK,
  MACHINE_IMPORT_APPLY,
  SCHEDULE_IMPORT_APPLY,
  SCHEDULE_IMPORT_APPLY_READINGS,
  SCHEDULE_IMPORT_APPLY_SCHEDULES,
  SCHEDULE_IMPORT_CHECK,
  SCHEDULE_IMPORT_CHECK_SCHEDULES,
  SCHEDULE_IMPORT_REVERT,
  SERVICE_IMPORT_APPLY,
  SERVICE_IMPORT_CHECK,
  SERVICE_IMPORT_REVERT,
  type ImportCheckResult,
  type ImportCommitMode,
  type ImportCounts,
  type ImportState,
  type RestoredCompletion,
} from '@wrenchlog/contracts';

// The import's lifecycle as pure rules (issue 23; apps/import-service/README.md "The import job"):
// which calls a state allows, which rows a commit sends, where each kind of row goes, and how a job ends.

/** A refusal: the HTTP status the gateway answers and its message. */
export type Refusal = { status: 409 | 422; message: string };

/** Whether POST /commit may start the job: only after a dry run, and all_or_nothing only without error rows. */
export function commitRefusal(state: ImportState, mode: ImportCommitMode, counts: ImportCounts | null): Refusal | null {
  if (state === 'uploaded' || counts === null) {
    return { status: 409, message: 'The import has not been validated yet: run POST /api/imports/{id}/validate first.' };
  }
  if (state !== 'validated') {
    return { status: 409, message: `The import is ${state}: it can be committed once only.` };
  }
  if (mode === 'all_or_nothing' && counts.errors > 0) {
    const rows = counts.errors === 1 ? '1 row has errors' : `${counts.errors.toLocaleString('en-US')} rows have errors`;
    return { status: 422, message: `${rows}: fix the file or choose to skip them (skip_invalid).` };
  }
  if (counts.valid + counts.warnings === 0) {
    return { status: 422, message: 'No row of the file can be imported.' };
  }
  return null;
}

/** Whether POST /revert may start: a finished import (done, or failed after writing in skip_invalid), once. */
export function revertRefusal(state: ImportState, reverting: boolean): Refusal | null {
  if (state === 'reverted' || reverting) {
    return { status: 409, message: 'The import is already reverted.' };
  }
  if (state !== 'done' && state !== 'failed') {
    return { status: 409, message: `The import is ${state}: only a finished import can be reverted.` };
  }
  return null;
}

/** GET /rows of an import whose rows retention deleted: what is gone, and what stays. */
export const rowsDeletedMessage = (days: number): string =>
  `The rows of this import were deleted ${days} days after it ended; its file name, times and counts stay in the history.`;

/** What the dry run left of a row, as the job needs it. */
export interface RowFacts {
  status: 'valid' | 'warning' | 'error';
  duplicateOf: number | null;
  keep: boolean;
}

/** Whether the commit sends a row: error rows never (all_or_nothing has none), duplicates only when the user kept them. */
export function sendsRow(row: RowFacts): boolean {
  return row.status !== 'error' && (row.duplicateOf === null || row.keep);
}

/** The kinds of rows and the owners' calls that write and revert them. */
export const ROW_KINDS = ['machine', 'fuel', 'service', 'purchase', 'odometer', 'supplier', 'part', 'reading', 'schedule'] as const;
export type RowKind = (typeof ROW_KINDS)[number];

export const APPLY_PATTERN = {
  machine: MACHINE_IMPORT_APPLY,
  fuel: FUEL_IMPORT_APPLY,
  service: SERVICE_IMPORT_APPLY,
  purchase: INVENTORY_IMPORT_APPLY,
  odometer: SCHEDULE_IMPORT_APPLY,
  supplier: INVENTORY_IMPORT_APPLY_SUPPLIERS,
  part: INVENTORY_IMPORT_APPLY_PARTS,
  reading: SCHEDULE_IMPORT_APPLY_READINGS,
  schedule: SCHEDULE_IMPORT_APPLY_SCHEDULES,
} as const satisfies Record<RowKind, string>;

/**
 * The kinds the job writes first, each before the next, and then all the rest in file order: a
 * restore's suppliers are named by its parts, and both by its purchases, its service records by its
 * schedules' completions (by their export ids).
 */
export const FIRST_KINDS = ['machine', 'supplier', 'part', 'service'] as const;
export type FirstKind = (typeof FIRST_KINDS)[number];

/** The first kinds of an import: only a restore's service records go before the rest, other files' keep their place in file order. */
export const firstKindsOf = (source: string): readonly FirstKind[] =>
  source === 'wrenchlog-export' ? FIRST_KINDS : FIRST_KINDS.filter((kind) => kind !== 'service');

/**
 * The owners' reverts of records, in this order; machines go after them (machine.import.revert).
 * A restore's parts and suppliers go after its purchases, which name them.
 */
export const REVERT_PATTERNS = [
  FUEL_IMPORT_REVERT,
  INVENTORY_IMPORT_REVERT,
  INVENTORY_IMPORT_REVERT_STOCK,
  SERVICE_IMPORT_REVERT,
  SCHEDULE_IMPORT_REVERT,
] as const;

/** The export's ids a restored row names (libs/importers' ExportRefs), kept in its record until the job links them. */
interface ExportRefs {
  id?: string;
  supplier?: string;
  part?: string;
  store?: string;
  completedBy?: string[];
}

/**
 * The ids a restore wrote, by kind and the export's id: the suppliers and parts its later rows name,
 * and the service records (with their dates) its schedules' completions name.
 */
export type WrittenRefs = { supplier: Map<string, number>; part: Map<string, number>; service: Map<string, RestoredCompletion> };

/**
 * A restored row's record as its owner takes it: the export's ids it names become the ids this
 * restore wrote (a part's supplier, a purchase's part and store, a schedule's completions), and
 * `exportRefs` goes. A part whose supplier was not written gets none (its owner refuses it:
 * "Supplier is required"); a purchase keeps its own text without the link; a schedule gets its
 * completions only when every record that completed it was written (else its owner keeps the
 * baseline that gives the same next due).
 */
export function linkRefs(record: Record<string, unknown>, written: WrittenRefs): Record<string, unknown> {
  const refs = record.exportRefs as ExportRefs | undefined;
  delete record.exportRefs;
  if (!refs) {
    return record;
  }
  if (refs.supplier !== undefined) {
    record.supplierId = written.supplier.get(refs.supplier) ?? 0;
  }
  if (refs.part !== undefined) {
    record.partId = written.part.get(refs.part) ?? null;
  }
  if (refs.store !== undefined) {
    record.storeId = written.supplier.get(refs.store) ?? null;
  }
  const completions = refs.completedBy?.map((ref) => written.service.get(ref));
  if (completions?.every((c) => c !== undefined)) {
    record.completedBy = completions;
  }
  return record;
}

/** The export id of a written row's record (its `exportRefs.id`), or undefined. */
export function exportIdOf(record: string | null): string | undefined {
  const refs = (JSON.parse(record ?? '{}') as { exportRefs?: ExportRefs }).exportRefs;
  return refs?.id;
}

/** The dry run's question to each owner of records: which rows repeat a stored record (and, for readings, which the meter refuses). */
export const CHECK_PATTERN = {
  fuel: FUEL_IMPORT_CHECK,
  service: SERVICE_IMPORT_CHECK,
  purchase: INVENTORY_IMPORT_CHECK,
  odometer: SCHEDULE_IMPORT_CHECK,
  schedule: SCHEDULE_IMPORT_CHECK_SCHEDULES,
} as const satisfies Partial<Record<RowKind, string>>;
export type CheckedKind = keyof typeof CHECK_PATTERN;
export const isCheckedKind = (kind: string): kind is CheckedKind => kind in CHECK_PATTERN;

/**
 * `duplicate_of` of a row that repeats a stored record rather than an earlier row of the file (row
 * numbers start at 2, the line after the header): the same column drives the skip and the user's keep.
 */
export const STORED_RECORD = 0;

/** What the owners' checks need of a dry-run row (libs/importers' ImportRow). */
export interface CheckedRow {
  rowNumber: number;
  kind: string;
  status: 'valid' | 'warning' | 'error';
  messages: string[];
  machine?: { id: number } | { name: string };
  record?: object;
  duplicateOf?: number;
}

/**
 * The rows an owner is asked about: not refused already, with a record, of a checked kind, on a
 * machine the caller has (a machine still to be created has nothing stored), and not a duplicate
 * of an earlier row already. A restore's schedules are asked about on any machine: their rules do
 * not depend on what is stored.
 */
export function checkable<R extends CheckedRow>(row: R): boolean {
  const onMachine = !!row.machine && ('id' in row.machine || row.kind === 'schedule');
  return row.status !== 'error' && row.record !== undefined && isCheckedKind(row.kind) && onMachine && row.duplicateOf === undefined;
}

/**
 * An owner's answer on the rows: a refused one becomes an error with the owner's words, a
 * duplicate of a stored record a warning, skipped unless kept (the in-file duplicates' path).
 */
export function markChecked<R extends CheckedRow>(rows: Map<number, R>, answer: ImportCheckResult): void {
  for (const { rowNumber, message } of answer.problems) {
    const row = rows.get(rowNumber);
    if (row) {
      row.status = 'error';
      row.messages.push(`row ${rowNumber}: ${message}`);
    }
  }
  for (const { rowNumber } of answer.duplicates) {
    const row = rows.get(rowNumber);
    if (row && row.status !== 'error') {
      row.duplicateOf = STORED_RECORD;
      row.messages.push(`row ${rowNumber}: ${IMPORT_MESSAGES.storedDuplicate}`);
      row.status = 'warning';
    }
  }
}

export const isRowKind = (kind: string): kind is RowKind => (ROW_KINDS as readonly string[]).includes(kind);

/** Splits one batch of rows (in file order) into a call per owner, each keeping file order. */
export function byKind<T extends { kind: string }>(rows: T[]): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const row of rows) {
    const list = out.get(row.kind) ?? [];
    list.push(row);
    out.set(row.kind, list);
  }
  return out;
}

/** After the last batch (or a failed row): done, or the rollback of an all_or_nothing import. */
export function outcome(mode: ImportCommitMode, failed: number): 'done' | 'rollback' {
  return mode === 'all_or_nothing' && failed > 0 ? 'rollback' : 'done';
}

/** How long to wait before the next try of an owner's call: 1, 2, 4, 8 s (5 tries in all). */
export const OWNER_TRIES = 5;

/**
 * Whether an owner's failed call is worth another try: it did not answer (down, timed out) or
 * failed inside (a database error, a batch that raced its redelivery). An answer that refuses the
 * call (400, 404, 409, 422) will refuse it again.
 */
export const retriable = (code: string | undefined): boolean => code === undefined || code === ErrorCode.Unavailable || code === ErrorCode.Internal;
export const backoffMs = (attempt: number): number => 1000 * 2 ** Math.max(0, attempt - 1);

/** The lease of a job: taken for 60 s, renewed every 20 s; one that lapsed is resumed by the 30 s tick or a restart. */
export const LEASE_MS = 60_000;
export const LEASE_RENEW_MS = 20_000;
export const RESUME_TICK_MS = 30_000;

/** The first failed row's message, as the import's error ("row 14: Machine not found"), with how many more failed. */
export function failureSummary(failed: { rowNumber: number; message: string }[]): string | null {
  if (failed.length === 0) {
    return null;
  }
  const first = failed[0]!;
  const more = failed.length > 1 ? ` (and ${failed.length - 1} more rows)` : '';
  return `row ${first.rowNumber}: ${first.message}${more}`;
}

/** Machine names are compared without case (and around spaces), as the dry run matches the caller's machines. */
export const machineKey = (name: string): string => name.trim().toLowerCase();

/**
 * The machine of each name (by machineKey) the import's rows may give: the machines written from
 * their own rows (a restore's machines.csv, with their fields) win over those created by name; of
 * two rows of the same name the first one's machine is used.
 */
export function machinesByName(fromRows: { name: string; id: number }[], createdByName: Map<string, number>): Map<string, number> {
  const out = new Map<string, number>();
  for (const { name, id } of fromRows) {
    if (!out.has(machineKey(name))) {
      out.set(machineKey(name), id);
    }
  }
  for (const [name, id] of createdByName) {
    if (!out.has(machineKey(name))) {
      out.set(machineKey(name), id);
    }
  }
  return out;
}

/** The names the rows give that still need a machine created by name: not one the import has, each once without case. */
export function namesLeftToCreate(names: string[], machines: Map<string, number>): string[] {
  const seen = new Set(machines.keys());
  const out: string[] = [];
  for (const name of names) {
    const key = machineKey(name);
    if (key !== '' && !seen.has(key)) {
      seen.add(key);
      out.push(name);
    }
  }
  return out;
}

/** The distance unit of an import's file as detected (or corrected): the unit of the machines it creates for names. */
export const fileDistanceUnit = (detected: string): 'mi' | 'km' =>
  (JSON.parse(detected) as { units?: { distance?: string } }).units?.distance === 'km' ? 'km' : 'mi';
