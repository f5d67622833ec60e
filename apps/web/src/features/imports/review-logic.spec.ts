import { ApiError } from '../../api/client';
import {
  canRevert,
  countsText,
  defaultMode,
  fileTooLarge,
  maxFileText,
  photosText,
  filterChoices,
  firstFilter,
  importErrorText,
  isRunning,
  modeBlocker,
  pageLabel,
  progressPercent,
  revertQuestion,
  rowsQuery,
  rowsToImport,
} from './review-logic';

const counts = { valid: 3, warnings: 1, errors: 2 };
const view = (state: string, written = 4) => ({ id: 1, fileName: 'fuel.csv', state: state as 'done', counts: { ...counts, written, skipped: 0, failed: 0 } });

describe('the Review and Import rules', () => {
  it('filters rows by status with their counts, opening on the errors, and pages them', () => {
    expect(filterChoices(counts).map((c) => c.label)).toEqual(['All (6)', 'Errors (2)', 'Warnings (1)', 'Valid (3)']);
    expect(firstFilter(counts)).toBe('error');
    expect(firstFilter({ valid: 3, warnings: 1, errors: 0 })).toBe('warning');
    expect(firstFilter({ valid: 3, warnings: 0, errors: 0 })).toBe('all');
    expect(rowsQuery('all', 0)).toBe('page=0&size=50');
    expect(rowsQuery('warning', 2)).toBe('status=warning&page=2&size=50');
    expect(pageLabel(1, 50, 214)).toBe('Rows 51–100 of 214');
    expect(pageLabel(4, 50, 214)).toBe('Rows 201–214 of 214');
    expect(pageLabel(0, 50, 0)).toBe('No rows');
  });

  it('imports all or nothing only without errors; skip-invalid imports the valid and warned rows', () => {
    expect(defaultMode(counts)).toBe('skip_invalid');
    expect(modeBlocker(counts, 'all_or_nothing')).toBe('2 rows have errors: fix the file, or choose to skip the invalid rows.');
    expect(modeBlocker({ ...counts, errors: 1 }, 'all_or_nothing')).toBe('1 row has errors: fix the file, or choose to skip the invalid rows.');
    expect(rowsToImport(counts, 'all_or_nothing')).toBe(0);
    expect(rowsToImport(counts, 'skip_invalid')).toBe(4);
    // Duplicates not kept are skipped by the server.
    expect(rowsToImport(counts, 'skip_invalid', 1)).toBe(3);
    expect(rowsToImport({ valid: 0, warnings: 1, errors: 0 }, 'all_or_nothing', 1)).toBe(0);
    expect(modeBlocker({ valid: 0, warnings: 0, errors: 5 }, 'skip_invalid')).toBe('No row can be imported.');
    expect(defaultMode({ valid: 3, warnings: 1, errors: 0 })).toBe('all_or_nothing');
  });

  it('reads progress as a whole percentage and polls while the import runs', () => {
    expect(progressPercent({ done: 0, total: 0 })).toBe(0);
    expect(progressPercent({ done: 1, total: 3 })).toBe(33);
    expect(progressPercent({ done: 3, total: 3 })).toBe(100);
    expect(isRunning({ state: 'importing' })).toBe(true);
    expect(isRunning({ state: 'done' })).toBe(false);
  });

  it('offers Revert for a finished import that wrote records, and says how many it deletes', () => {
    expect(canRevert(view('done'))).toBe(true);
    expect(canRevert(view('failed', 2))).toBe(true);
    expect(canRevert(view('done', 0))).toBe(false);
    expect(canRevert(view('reverted'))).toBe(false);
    expect(revertQuestion(view('done', 1))).toContain('This deletes the 1 record it created');
    expect(revertQuestion(view('done', 1200))).toContain('This deletes the 1,200 records it created');
    expect(countsText({ valid: 3, warnings: 1, errors: 0 })).toBe('3 valid, 1 warning, 0 errors');
  });

  it("says why a file or a call was refused: the server's message first, else the status's", () => {
    expect(importErrorText(new ApiError(415, { message: 'This file is a JPEG image, not a CSV file.' }))).toBe('This file is a JPEG image, not a CSV file.');
    expect(importErrorText(new ApiError(413, null))).toBe('The file is over 20 MB; an import takes at most 20 MB.');
    expect(importErrorText(new ApiError(415, null))).toBe('This file is not a CSV file. Export or save it as CSV (UTF-8) and upload that.');
    expect(importErrorText(new ApiError(400, { message: 'The file is empty.' }))).toBe('The file is empty.');
    expect(importErrorText(new ApiError(500, { message: 'Internal server error' }))).toBe('Something went wrong on the server. Please try again.');
    expect(importErrorText(new TypeError('Failed to fetch'))).toBe('Could not reach the server. Check your connection and try again.');
    expect(fileTooLarge({ size: 25 * 1024 * 1024 })).toBe('The file is 25 MB; an import takes at most 20 MB.');
    expect(fileTooLarge({ size: 1000 })).toBe('');
  });

  it("holds a restore's ZIP to its own limit (its photos make it larger) and says what of its photos the dry run found", () => {
    expect(fileTooLarge({ size: 25 * 1024 * 1024 }, 'wrenchlog-export')).toBe('');
    expect(fileTooLarge({ size: 300 * 1024 * 1024 }, 'wrenchlog-export')).toBe('The file is 300 MB; an import takes at most 256 MB.');
    expect(fileTooLarge({ size: 25 * 1024 * 1024 }, 'generic-fuel')).toBe('The file is 25 MB; an import takes at most 20 MB.');
    expect([maxFileText('generic-fuel'), maxFileText('wrenchlog-export')]).toEqual(['20 MB', '256 MB']);
    expect(photosText(undefined)).toBe('');
    expect(photosText({ found: 2, problems: 0, written: 0, failed: 0 })).toBe('2 photos in the export: 2 restored with their machine or service record.');
    expect(photosText({ found: 3, problems: 1, written: 0, failed: 0 })).toBe(
      '3 photos in the export: 2 restored with their machine or service record; 1 cannot be (see the warnings).',
    );
  });
});
