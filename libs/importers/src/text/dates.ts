// Dates as exporters write them: ISO (2024-03-20, 2024-03-20 14:05:00, 2024-03-20T14:05:00Z),
// month first (03/20/2024 2:05 PM, Fuelly and US LubeLogger) or day first (20/03/2024, 20.03.2024,
// Drivvo and European locales). Which of the last two a file uses is decided from all its dates:
// a first part above 12 means day first, a second part above 12 means month first.

import type { ImportDateFormat as DateFormat } from '@wrenchlog/contracts/limits';

export { IMPORT_DATE_FORMATS as DATE_FORMATS, type ImportDateFormat as DateFormat } from '@wrenchlog/contracts/limits';

export interface DateDetection {
  dateFormat: DateFormat;
  /** No date told day-first from month-first apart (every part was 12 or less): the source's default was taken. */
  ambiguous: boolean;
  /** Some dates were day-first and others month-first: the majority was taken and the others will be row errors. */
  mixed: boolean;
}

/** A date and optional wall-clock time read from a cell. */
export interface ReadDate {
  /** YYYY-MM-DD */
  date: string;
  /** HH:MM:SS, when the cell had a time. */
  time?: string;
  /** Minutes east of UTC, when the cell carried its own zone (…Z or +02:00). */
  offsetMinutes?: number;
}

export type DateResult = { ok: true; value: ReadDate } | { ok: false; message: string };

const ISO = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[T ]+(.+))?$/i;
const PARTS = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{2}|\d{4})(?:[T ,]+(.+))?$/i;
const TIME = /^(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?\s*(am|pm)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;

/** Decides the format of a file's dates from all of them; `fallback` when no date tells. */
export function detectDateFormat(cells: Iterable<string>, fallback: DateFormat): DateDetection {
  let iso = 0;
  let dayFirst = 0;
  let monthFirst = 0;
  let slashed = 0;
  for (const raw of cells) {
    const cell = raw.trim();
    if (ISO.test(cell)) {
      iso += 1;
      continue;
    }
    const m = PARTS.exec(cell);
    if (!m) {
      continue;
    }
    slashed += 1;
    const [a, b] = [Number(m[1]), Number(m[2])];
    if (a > 12 && b <= 12) {
      dayFirst += 1;
    } else if (b > 12 && a <= 12) {
      monthFirst += 1;
    }
  }
  if (slashed === 0) {
    return { dateFormat: iso > 0 ? 'YYYY-MM-DD' : fallback, ambiguous: false, mixed: false };
  }
  if (dayFirst === 0 && monthFirst === 0) {
    const guess = fallback === 'YYYY-MM-DD' ? 'MM/DD/YYYY' : fallback;
    return { dateFormat: guess, ambiguous: true, mixed: false };
  }
  if (dayFirst === monthFirst) {
    // As many of each: the source's own order decides, and the others are row errors.
    return { dateFormat: fallback === 'YYYY-MM-DD' ? 'MM/DD/YYYY' : fallback, ambiguous: false, mixed: true };
  }
  return { dateFormat: dayFirst > monthFirst ? 'DD/MM/YYYY' : 'MM/DD/YYYY', ambiguous: false, mixed: dayFirst > 0 && monthFirst > 0 };
}

/** Looks like a date at all (for detection over unmapped columns). */
export const looksLikeDate = (cell: string): boolean => ISO.test(cell.trim()) || PARTS.test(cell.trim());

/**
 * Reads a cell as a date in `format` (ISO cells are read as ISO whatever the format): a date that
 * does not exist ('31/02/2024') says so.
 */
export function parseDate(cell: string, format: DateFormat): DateResult | undefined {
  const raw = cell.trim();
  if (raw === '') {
    return undefined;
  }
  let year: number;
  let month: number;
  let day: number;
  let rest: string | undefined;
  const iso = ISO.exec(raw);
  const parts = iso ? undefined : PARTS.exec(raw);
  if (iso) {
    [year, month, day, rest] = [Number(iso[1]), Number(iso[2]), Number(iso[3]), iso[4]];
  } else if (parts) {
    const [a, b] = [Number(parts[1]), Number(parts[2])];
    [month, day] = format === 'DD/MM/YYYY' ? [b, a] : [a, b];
    year = parts[3].length === 2 ? twoDigitYear(Number(parts[3])) : Number(parts[3]);
    rest = parts[4];
  } else {
    return { ok: false, message: `'${raw}' is not a date (expected ${format}${format === 'YYYY-MM-DD' ? '' : ' or YYYY-MM-DD'})` };
  }
  if (!isRealDate(year, month, day)) {
    return { ok: false, message: `date '${raw}' does not exist` };
  }
  const date = `${year}-${pad(month)}-${pad(day)}`;
  if (rest === undefined) {
    return { ok: true, value: { date } };
  }
  const t = TIME.exec(rest.trim());
  if (!t) {
    return { ok: false, message: `'${raw}' has a time that cannot be read` };
  }
  let hours = Number(t[1]);
  const minutes = Number(t[2]);
  const seconds = t[3] ? Number(t[3]) : 0;
  const meridiem = t[4]?.toLowerCase();
  if (meridiem) {
    if (hours < 1 || hours > 12) {
      return { ok: false, message: `'${raw}' has a time that does not exist` };
    }
    hours = (hours % 12) + (meridiem === 'pm' ? 12 : 0);
  }
  if (hours > 23 || minutes > 59 || seconds > 59) {
    return { ok: false, message: `'${raw}' has a time that does not exist` };
  }
  const value: ReadDate = { date, time: `${pad(hours)}:${pad(minutes)}:${pad(seconds)}` };
  if (t[5]) {
    value.offsetMinutes = zoneMinutes(t[5]);
  }
  return { ok: true, value };
}

/**
 * The UTC instant of a read date. A wall-clock time without a zone is the user's local time
 * (`utcOffsetMinutes`, east of UTC, sent by the browser); a date without a time is taken at 12:00
 * local, which stays the same calendar day for every offset from UTC-11 to UTC+11.
 */
export function toInstant(read: ReadDate, utcOffsetMinutes = 0): string {
  const [y, mo, d] = read.date.split('-').map(Number);
  const [h, mi, s] = (read.time ?? '12:00:00').split(':').map(Number);
  const offset = read.offsetMinutes ?? utcOffsetMinutes;
  return new Date(Date.UTC(y, mo - 1, d, h, mi, s) - offset * 60_000).toISOString();
}

function zoneMinutes(zone: string): number {
  if (zone.toUpperCase() === 'Z') {
    return 0;
  }
  const m = /^([+-])(\d{2}):?(\d{2})$/.exec(zone)!;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
}

// 24 is 2024, 99 is 1999: a two-digit year up to next year's is this century.
function twoDigitYear(yy: number): number {
  const next = (new Date().getUTCFullYear() + 1) % 100;
  return yy <= next ? 2000 + yy : 1900 + yy;
}

const pad = (n: number) => String(n).padStart(2, '0');

function isRealDate(y: number, m: number, d: number): boolean {
  const date = new Date(Date.UTC(y, m - 1, d));
  return y >= 1900 && y <= 9999 && date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}
