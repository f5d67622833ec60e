/**
 * A small RFC 4180 writer (issue 22): every row ends with CRLF; a cell with a comma, a quote, CR or
 * LF is quoted, its quotes doubled. A text cell that a spreadsheet would take as a formula (it
 * starts with =, +, -, @, a tab or CR) is written with a leading apostrophe so it stays text.
 * Numbers are written as they are (a negative amount is a number, not a formula).
 *
 * Why not csv-stringify: the whole need is these few lines, and the formula rule (OWASP's "CSV
 * injection") is ours to apply per cell anyway; a dependency would add a stream API we do not use.
 */
export type CsvCell = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) {
    return '';
  }
  if (typeof value === 'number') {
    return Number.isFinite(value) ? String(value) : '';
  }
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) {
    text = `'${text}`;
  }
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return rows.map((row) => row.map(csvCell).join(',') + '\r\n').join('');
}
