import type { ImportCommitMode, ImportCounts, ImportRowStatus, ImportView } from '@wrenchlog/contracts';
import { IMPORT_LIMIT_MESSAGES, IMPORT_LIMITS, importMaxBytes } from '@wrenchlog/contracts/limits';
import { ApiError } from '../../api/client';

// The Review, Import and history rules, pure: the filter and pages of the rows, what each mode
// imports, the progress, the Revert confirmation, and the texts of a refused call.

export type RowFilter = ImportRowStatus | 'all';

export const ROWS_PAGE_SIZE: number = IMPORT_LIMITS.rowsPageSize.default;

/** The filter's choices with their counts ('Errors (3)'); an empty status stays choosable. */
export function filterChoices(counts: ImportCounts): { value: RowFilter; label: string }[] {
  const total = counts.valid + counts.warnings + counts.errors;
  return [
    { value: 'all', label: `All (${fmt(total)})` },
    { value: 'error', label: `Errors (${fmt(counts.errors)})` },
    { value: 'warning', label: `Warnings (${fmt(counts.warnings)})` },
    { value: 'valid', label: `Valid (${fmt(counts.valid)})` },
  ];
}

/** The filter Review opens on: the errors when there are any, else the warnings, else all. */
export function firstFilter(counts: ImportCounts): RowFilter {
  return counts.errors > 0 ? 'error' : counts.warnings > 0 ? 'warning' : 'all';
}

/** The query of GET /api/imports/{id}/rows for a filter and a page. */
export function rowsQuery(filter: RowFilter, page: number, size = ROWS_PAGE_SIZE): string {
  const q = new URLSearchParams();
  if (filter !== 'all') {
    q.set('status', filter);
  }
  q.set('page', String(page));
  q.set('size', String(size));
  return q.toString();
}

/** 'Rows 51–100 of 214' ('No rows' when the filter has none). */
export function pageLabel(page: number, size: number, total: number): string {
  if (total === 0) {
    return 'No rows';
  }
  const first = page * size + 1;
  const last = Math.min(total, (page + 1) * size);
  return `Rows ${fmt(first)}–${fmt(last)} of ${fmt(total)}`;
}

/** How many rows a mode writes: warned rows are imported, but the duplicates not kept are skipped by the server. */
export function rowsToImport(counts: ImportCounts, mode: ImportCommitMode, duplicatesSkipped = 0): number {
  if (mode === 'all_or_nothing' && counts.errors > 0) {
    return 0;
  }
  return Math.max(0, counts.valid + counts.warnings - duplicatesSkipped);
}

/** Why a mode cannot be chosen ('' when it can). */
export function modeBlocker(counts: ImportCounts, mode: ImportCommitMode): string {
  if (mode === 'all_or_nothing' && counts.errors > 0) {
    return `${plural(counts.errors, 'row has', 'rows have')} errors: fix the file, or choose to skip the invalid rows.`;
  }
  if (counts.valid + counts.warnings === 0) {
    return 'No row can be imported.';
  }
  return '';
}

/** The mode chosen at first: all or nothing unless rows have errors. */
export function defaultMode(counts: ImportCounts): ImportCommitMode {
  return counts.errors > 0 ? 'skip_invalid' : 'all_or_nothing';
}

/** Progress as a whole percentage (0 while the total is unknown). */
export function progressPercent(progress: ImportView['progress']): number {
  if (!progress.total) {
    return 0;
  }
  return Math.min(100, Math.floor((progress.done / progress.total) * 100));
}

export function progressLabel(progress: ImportView['progress']): string {
  return `${fmt(progress.done)} of ${fmt(progress.total)} rows`;
}

/** Still moving on the server: the wizard and the history read it again every second. */
export function isRunning(view: Pick<ImportView, 'state'>): boolean {
  // 'reverting' is the job's state between the revert call and every owner's answer.
  return view.state === 'importing' || (view.state as string) === 'reverting';
}

/** Revert is offered for a finished import that wrote records. */
export function canRevert(view: Pick<ImportView, 'state' | 'counts'>): boolean {
  return (view.state === 'done' || view.state === 'failed') && view.counts.written > 0;
}

/** The Revert dialog's question, with how many records it deletes. */
export function revertQuestion(view: Pick<ImportView, 'fileName' | 'counts'>): string {
  return `Revert the import of ${view.fileName}? This deletes the ${plural(view.counts.written, 'record', 'records')} it created, including any you edited since, and the machines it created that have no records left. Records you added yourself stay.`;
}

export const STATE_LABELS: Record<string, string> = {
  uploaded: 'Not reviewed',
  validated: 'Reviewed',
  importing: 'Importing',
  done: 'Imported',
  failed: 'Failed',
  reverted: 'Reverted',
  reverting: 'Reverting',
};

export const STATE_COLORS: Record<string, string> = {
  uploaded: 'gray',
  validated: 'blue',
  importing: 'blue',
  done: 'green',
  failed: 'red',
  reverted: 'gray',
  reverting: 'orange',
};

/**
 * What a refused call says: the server's own message (it names the limit or the reason), else a
 * sentence per status: 413 the size limit, 415 not a CSV, 400 the file or mapping, 5xx and network.
 */
export function importErrorText(err: unknown): string {
  if (err instanceof ApiError) {
    const message = err.body?.message;
    if (err.status === 413) {
      return message ?? IMPORT_LIMIT_MESSAGES.overLimit();
    }
    if (err.status === 415) {
      return message ?? 'This file is not a CSV file. Export or save it as CSV (UTF-8) and upload that.';
    }
    if (err.status === 404) {
      return message ?? 'Import not found';
    }
    if (err.status >= 400 && err.status < 500) {
      return message ?? 'The server refused the request.';
    }
    if (err.status === 503) {
      return 'The server is busy. Please try again in a moment.';
    }
    return 'Something went wrong on the server. Please try again.';
  }
  return 'Could not reach the server. Check your connection and try again.';
}

/** A file refused before it is sent: over the size limit of its source (a restore's ZIP carries photos: 256 MB). */
export function fileTooLarge(file: Pick<File, 'size'>, source?: string): string {
  const limit = importMaxBytes(source);
  return file.size > limit ? IMPORT_LIMIT_MESSAGES.tooLarge(file.size, limit) : '';
}

/** '20 MB' (a restore: '256 MB') */
export const maxFileText = (source?: string): string => `${Math.round(importMaxBytes(source) / 1024 / 1024)} MB`;

/** What the dry run of a restore says of the export's photos; '' when it has none. */
export function photosText(photos: ImportCounts['photos']): string {
  if (!photos || photos.found === 0) {
    return '';
  }
  const restorable = photos.found - photos.problems;
  const text = `${plural(photos.found, 'photo', 'photos')} in the export: ${fmt(restorable)} restored with ${restorable === 1 ? 'its' : 'their'} machine or service record`;
  return photos.problems > 0 ? `${text}; ${fmt(photos.problems)} cannot be (see the warnings).` : `${text}.`;
}

/** '1.2 MB', '830 KB' */
export function fileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) {
    return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  }
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

function fmt(n: number): string {
  return n.toLocaleString('en-US');
}

export function plural(n: number, one: string, many: string): string {
  return `${fmt(n)} ${n === 1 ? one : many}`;
}

export function emptyRowsText(filter: RowFilter): string {
  return { all: 'No rows.', error: 'No rows with errors.', warning: 'No rows with warnings.', valid: 'No valid rows.' }[filter];
}

/** The dry run's counts in a history row: '3 valid, 1 warning, 0 errors'. */
export function countsText(counts: ImportCounts): string {
  return `${fmt(counts.valid)} valid, ${plural(counts.warnings, 'warning', 'warnings')}, ${plural(counts.errors, 'error', 'errors')}`;
}

/** What an import wrote: '4 imported, 0 skipped, 0 failed'. */
export function resultText(counts: ImportView['counts']): string {
  return `${fmt(counts.written)} imported, ${fmt(counts.skipped)} skipped, ${fmt(counts.failed)} failed`;
}
