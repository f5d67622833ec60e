import { DateLimits } from './machine.limits.js';

/**
 * Machine dates (purchasedDate, lastServicedDate, licenseExpirationDate, insuranceExpirationDate)
 * are calendar dates stored as YYYY-MM-DD. The SPA sets them to 13:00 local time and may send a
 * full ISO timestamp; the date it meant is:
 * - the date part as written when the timestamp carries its own offset (2025-03-10T13:00:00-05:00);
 * - the UTC date for a UTC timestamp (…Z): 13:00 local is the same calendar day in UTC for every
 *   offset from UTC-10 to UTC+13, which is why the client picks 13:00.
 * Empty values are null. Anything else is returned unchanged so validation can refuse it.
 */
export function toDateOnly(value: unknown): unknown {
  if (value === undefined || value === null) {
    return value;
  }
  if (typeof value !== 'string') {
    return value;
  }
  const text = value.trim();
  if (text === '') {
    return null;
  }
  const dateOnly = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (dateOnly) {
    return isRealDate(+dateOnly[1], +dateOnly[2], +dateOnly[3]) ? text : value;
  }
  const stamp = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/i.exec(text);
  // An impossible time (25:61) makes the whole value wrong, not just its time (issue 36).
  if (!stamp || !isRealDate(+stamp[1], +stamp[2], +stamp[3]) || !isRealTime(+stamp[4], +stamp[5], +(stamp[6] ?? 0))) {
    return value;
  }
  const zone = stamp[7];
  if (zone && zone.toUpperCase() !== 'Z') {
    // The client's own calendar date, as written next to its offset.
    return `${stamp[1]}-${stamp[2]}-${stamp[3]}`;
  }
  if (!zone) {
    // No zone at all: a local date-time; its date part is the date meant.
    return `${stamp[1]}-${stamp[2]}-${stamp[3]}`;
  }
  const instant = new Date(text);
  return Number.isNaN(instant.getTime()) ? value : instant.toISOString().slice(0, 10);
}

export function isDateOnly(value: unknown): value is string {
  if (typeof value !== 'string') {
    return false;
  }
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return !!m && isRealDate(+m[1], +m[2], +m[3]);
}

/** A date that exists, within the years DateLimits allows. */
export function isRealDate(y: number, m: number, d: number): boolean {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d && y >= DateLimits.minYear && y <= DateLimits.maxYear;
}

/** A time of day that exists (no leap second: 23:59:60 is refused like 25:61). */
export const isRealTime = (h: number, m: number, s: number): boolean => h <= 23 && m <= 59 && s <= 59;
