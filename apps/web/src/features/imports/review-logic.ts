import type { ImportCommitMode, ImportCounts, ImportRowStatus, ImportView } from '@wrenchlog/contracts';
import { IMPORT_LIMIT_MESSAGES, IMPORT_LIMITS, importMaxBytes } from '@wrenchlog/contracts/limits';
import { ApiError } from '../../api/client';
import { formatCount, readerLocale } from '../../lib/format';
import { i18n } from '../../core/i18n/i18n';
import './i18n';

const t = i18n.getFixedT(null, 'imports');

// The Review, Import and history rules, pure: the filter and pages of the rows, what each mode
// imports, the progress, the Revert confirmation, and the texts of a refused call.

export type RowFilter = ImportRowStatus | 'all';

export const ROWS_PAGE_SIZE: number = IMPORT_LIMITS.rowsPageSize.default;

/** The filter's choices with their counts ('Errors (3)'); an empty status stays choosable. */
export function filterChoices(counts: ImportCounts): { value: RowFilter; label: string }[] {
  const total = counts.valid + counts.warnings + counts.errors;
  return [
    { value: 'all', label: t('review.filter.all', { n: fmt(total) }) },
    { value: 'error', label: t('review.filter.error', { n: fmt(counts.errors) }) },
    { value: 'warning', label: t('review.filter.warning', { n: fmt(counts.warnings) }) },
    { value: 'valid', label: t('review.filter.valid', { n: fmt(counts.valid) }) },
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

/** 'Rows 51–100 of 214' ('No rows' when the filter has none); `of: 'imports'` for the history's pages. */
export function pageLabel(page: number, size: number, total: number, of: 'rows' | 'imports' = 'rows'): string {
  if (total === 0) {
    return t('review.noRows');
  }
  const first = page * size + 1;
  const last = Math.min(total, (page + 1) * size);
  return t(of === 'rows' ? 'review.rowsOf' : 'review.importsOf', { first: fmt(first), last: fmt(last), total: fmt(total) });
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
    return counted('review.modeBlocker', counts.errors);
  }
  if (counts.valid + counts.warnings === 0) {
    return t('review.nothingImportable');
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
  return t('review.progress', { done: fmt(progress.done), total: fmt(progress.total) });
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
  return counted('review.revertQuestion', view.counts.written, { file: view.fileName });
}

const STATES = ['uploaded', 'validated', 'importing', 'done', 'failed', 'reverted', 'reverting'];

/** An import's state as the history shows it ('Imported'); an unknown one as the server sent it. */
export function stateLabel(state: string): string {
  return STATES.includes(state) ? t(`states.${state as 'done'}`) : state;
}

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
      return message ?? t('errors.notCsv');
    }
    if (err.status === 404) {
      return message ?? t('errors.notFound');
    }
    if (err.status >= 400 && err.status < 500) {
      return message ?? t('errors.refused');
    }
    if (err.status === 503) {
      return t('errors.busy');
    }
    return t('errors.server');
  }
  return t('errors.network');
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
  const text = t('review.photosRestored', { count: restorable, photos: counted('review.photos', photos.found), restorable: fmt(restorable) });
  return photos.problems > 0 ? t('review.photosProblems', { text, problems: fmt(photos.problems) }) : t('review.photosDone', { text });
}

/** '1.2 MB' ('1,2 MB' in German), '830 KB' */
export function fileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) {
    const mb = new Intl.NumberFormat(readerLocale(), { minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false });
    return `${mb.format(bytes / 1024 / 1024)} MB`;
  }
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** A count in the reader's locale ('1,234'; '1.234' in German). */
export const fmt = formatCount;

/** A text with a count in it, its plural form chosen by the count ('3 rows have errors...'). */
export function counted(key: CountedKey, n: number, values: Record<string, string> = {}): string {
  return t(key, { count: n, n: fmt(n), ...values });
}

type CountedKey =
  'review.modeBlocker' | 'review.revertQuestion' | 'review.photos' | 'review.warnings' | 'review.errors' | 'result.finishedText' | 'commit.rows';

export function emptyRowsText(filter: RowFilter): string {
  return t(`review.emptyRows.${filter}`);
}

/** The dry run's counts in a history row: '3 valid, 1 warning, 0 errors'. */
export function countsText(counts: ImportCounts): string {
  return t('review.counts', {
    valid: fmt(counts.valid),
    warnings: counted('review.warnings', counts.warnings),
    errors: counted('review.errors', counts.errors),
  });
}

/** What an import wrote: '4 imported, 0 skipped, 0 failed'. */
export function resultText(counts: ImportView['counts']): string {
  return t('review.result', { written: fmt(counts.written), skipped: fmt(counts.skipped), failed: fmt(counts.failed) });
}
