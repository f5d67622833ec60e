import { CsvError, parse } from 'csv-parse/sync';
import { ImportFileError } from '../errors.js';
import { IMPORT_LIMITS, LIMIT_MESSAGES } from '../limits.js';

import { IMPORT_DELIMITERS as DELIMITERS, type ImportDelimiter as Delimiter } from '@wrenchlog/contracts/limits';

export { DELIMITERS, type Delimiter };

/** One data row: its line in the file (as an editor shows it, the header being line 1) and its cells. */
export interface TableRow {
  rowNumber: number;
  cells: string[];
}

/** A header and its rows: a plain CSV file, or one section of a Drivvo file. */
export interface Table {
  /** The section's name as written (Drivvo), undefined for a plain file. */
  section?: string;
  /** Column names, trimmed; a blank one is 'Column N', a repeated one 'Name (2)'. */
  columns: string[];
  rows: TableRow[];
}

/**
 * The delimiter whose split gives the most rows with the header's column count (and more than one
 * column) over the first 50 lines; a comma when no candidate splits anything.
 */
export function detectDelimiter(text: string): Delimiter {
  const sample = firstLines(text, 50);
  let best: { delimiter: Delimiter; score: number; columns: number } = { delimiter: ',', score: 0, columns: 1 };
  for (const delimiter of DELIMITERS) {
    let records: string[][];
    try {
      records = parse(sample, { delimiter, relax_column_count: true, relax_quotes: true, skip_empty_lines: true }) as string[][];
    } catch {
      // A sample cut inside a quoted cell: try without its last line.
      try {
        records = parse(sample.slice(0, sample.lastIndexOf('\n')), {
          delimiter,
          relax_column_count: true,
          relax_quotes: true,
          skip_empty_lines: true,
        }) as string[][];
      } catch {
        continue;
      }
    }
    const columns = records[0]?.length ?? 0;
    if (columns < 2) {
      continue;
    }
    const score = records.filter((r) => r.length === columns).length / records.length;
    if (score > best.score || (score === best.score && columns > best.columns)) {
      best = { delimiter, score, columns };
    }
  }
  return best.delimiter;
}

// The delimiter is told by the first lines: never by more than this much text (one long line would
// otherwise be parsed whole, once per candidate).
const SAMPLE_CHARS = 16 * 1024;

function firstLines(whole: string, count: number): string {
  const text = whole.length > SAMPLE_CHARS ? whole.slice(0, SAMPLE_CHARS) : whole;
  let at = -1;
  for (let i = 0; i < count; i += 1) {
    at = text.indexOf('\n', at + 1);
    if (at < 0) {
      return text;
    }
  }
  return text.slice(0, at);
}

interface ParsedRecord {
  record: string[];
  raw: string;
  info: { lines: number };
}

/**
 * Reads CSV text (already decoded, without its byte-order mark) into a header and rows with
 * csv-parse: quoted cells, doubled quotes, line breaks inside quotes, CRLF. Blank lines are skipped.
 * `firstLine` is the file line the text starts on (a Drivvo section), for row numbers.
 * Refuses a file over the row or column limits, with the limit in the message.
 */
export function readTable(text: string, delimiter: Delimiter, firstLine = 1, rowBudget: number = IMPORT_LIMITS.maxRows): Table {
  let records: ParsedRecord[];
  try {
    // One kind of line break: csv-parse counts CR and LF apart inside quoted cells, which would shift row numbers.
    records = parse(text.replace(/\r\n?/g, '\n'), {
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      info: true,
      raw: true,
      // One record more than the budget (plus the header) tells that the file is over it.
      to: rowBudget + 2,
      max_record_size: IMPORT_LIMITS.maxRecordChars,
    }) as unknown as ParsedRecord[];
  } catch (error) {
    if (error instanceof CsvError && error.code === 'CSV_MAX_RECORD_SIZE') {
      const line = (error as CsvError & { lines?: number }).lines ?? 1;
      throw new ImportFileError('MALFORMED', LIMIT_MESSAGES.recordTooLong(line + firstLine - 1));
    }
    if (error instanceof CsvError) {
      throw new ImportFileError(
        'MALFORMED',
        `The file cannot be read as CSV: ${error.message.replace(/^[^:]*: /, '').replace(/line (\d+)/, (_, n: string) => `line ${Number(n) + firstLine - 1}`)}.`,
      );
    }
    throw error;
  }
  if (records.length === 0 || records.every((r) => r.record.every((c) => c.trim() === ''))) {
    throw new ImportFileError('EMPTY', 'The file is empty.');
  }
  if (records.length > rowBudget + 1) {
    throw new ImportFileError('TOO_MANY_ROWS', LIMIT_MESSAGES.tooManyRows());
  }
  const [header, ...body] = records;
  if (header.record.length > IMPORT_LIMITS.maxColumns) {
    throw new ImportFileError('TOO_MANY_COLUMNS', LIMIT_MESSAGES.tooManyColumns(header.record.length));
  }
  const rows = body
    .filter((r) => r.record.some((c) => c.trim() !== ''))
    .map((r) => ({ rowNumber: startLine(r) + firstLine - 1, cells: r.record.map(stripInvisible) }));
  return { columns: columnNames(header.record.map(stripInvisible)), rows };
}

// Format characters (Unicode Cf: bidi marks like U+200E, zero-width spaces and joiners, a BOM) are
// invisible: at a cell's edges they only break numbers and make 'A123' differ from itself.
const EDGE_INVISIBLE = /^[\p{Cf}\s]+|[\p{Cf}\s]+$/gu;
export const stripInvisible = (cell: string): string => (/\p{Cf}/u.test(cell) ? cell.replace(EDGE_INVISIBLE, '') : cell);

// info.lines is the line a record ends on; its raw text (after the blank lines skipped before it)
// holds the line breaks of its quoted cells.
function startLine(r: ParsedRecord): number {
  const own = r.raw.replace(/^[\r\n]+/, '').replace(/\r?\n$/, '');
  let breaks = 0;
  for (const ch of own) {
    if (ch === '\n') {
      breaks += 1;
    }
  }
  return r.info.lines - breaks;
}

function columnNames(header: string[]): string[] {
  const seen = new Map<string, number>();
  return header.map((cell, i) => {
    const name = cell.trim() || `Column ${i + 1}`;
    const count = (seen.get(name.toLowerCase()) ?? 0) + 1;
    seen.set(name.toLowerCase(), count);
    return count === 1 ? name : `${name} (${count})`;
  });
}
