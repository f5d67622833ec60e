// The period picker's rules: presets to a from/to pair of calendar days, and the filter's scope.
// Pure: no React, no network.
import { readerLocale } from '../../lib/format';

export type PeriodPreset = 'year' | 'last12' | 'custom';

export interface Period {
  from: string;
  to: string;
}

/** The period picker's choices, in order (their labels: `period.<preset>` in the reports texts). */
export const PRESETS: PeriodPreset[] = ['year', 'last12', 'custom'];

const pad = (n: number) => String(n).padStart(2, '0');

/** The calendar day of a local date as YYYY-MM-DD (never through UTC: 23:30 local stays that day). */
export function isoDay(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The calendar day (YYYY-MM-DD) of an instant in an IANA time zone: the account's zone, in which
 * report-service dates records, not the device's (an owner in Auckland on 1 January is in the new
 * year while a UTC device is still in the old one). An unknown zone falls back to the device's day.
 */
export function dayInZone(now: Date, timeZone: string | null | undefined): string {
  if (!timeZone) {
    return isoDay(now);
  }
  let f = dayFormats.get(timeZone);
  if (!f) {
    try {
      // en-CA writes dates as YYYY-MM-DD.
      f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    } catch {
      return isoDay(now);
    }
    dayFormats.set(timeZone, f);
  }
  return f.format(now);
}

/**
 * A preset's period, ending today (a YYYY-MM-DD day, see dayInZone). "Last 12 months" starts on the
 * first day of the month eleven months back, so the report shows twelve whole month columns, this
 * month the twelfth.
 */
export function presetPeriod(preset: Exclude<PeriodPreset, 'custom'>, today: string): Period {
  const year = Number(today.slice(0, 4));
  if (preset === 'year') {
    return { from: `${year}-01-01`, to: today };
  }
  // Month arithmetic on the day's numbers: no Date, so no zone can shift it.
  const months = year * 12 + Number(today.slice(5, 7)) - 1 - 11;
  return { from: `${Math.floor(months / 12)}-${pad((months % 12) + 1)}-01`, to: today };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A custom period is sent once both days are typed; the server judges order and length and says why. */
export function customReady(p: Period): boolean {
  return DAY.test(p.from) && DAY.test(p.to);
}

/** The machine filter's value: all machines, one machine (`m:<id>`) or a machine type (`t:<type>`). */
export type ScopeFilter = { kind: 'all' } | { kind: 'machine'; machineId: number } | { kind: 'type'; type: string };

export function parseScope(value: string | null | undefined): ScopeFilter {
  if (value?.startsWith('m:')) {
    const id = Number(value.slice(2));
    if (Number.isInteger(id) && id > 0) {
      return { kind: 'machine', machineId: id };
    }
  }
  if (value?.startsWith('t:') && value.length > 2) {
    return { kind: 'type', type: value.slice(2) };
  }
  return { kind: 'all' };
}

export function scopeValue(scope: ScopeFilter): string {
  return scope.kind === 'machine' ? `m:${scope.machineId}` : scope.kind === 'type' ? `t:${scope.type}` : '';
}

/** Every month from `from` to `to` as YYYY-MM, in order (the chart's columns, none skipped). */
export function monthsBetween(from: string, to: string): string[] {
  if (!DAY.test(from) || !DAY.test(to) || to < from) {
    return [];
  }
  let y = Number(from.slice(0, 4));
  let m = Number(from.slice(5, 7));
  const endY = Number(to.slice(0, 4));
  const endM = Number(to.slice(5, 7));
  const out: string[] = [];
  // Bounded: the server refuses periods over 10 years, and so does this loop.
  while ((y < endY || (y === endY && m <= endM)) && out.length < 121) {
    out.push(`${y}-${pad(m)}`);
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
  return out;
}

/** '2026-03' as 'Mar 2026' ('März 2026' in German: the reader's locale). */
export function monthLabel(month: string): string {
  const m = Number(month.slice(5, 7));
  const y = Number(month.slice(0, 4));
  if (!(m >= 1 && m <= 12) || !/^\d{4}$/.test(month.slice(0, 4))) {
    return month;
  }
  return new Intl.DateTimeFormat(readerLocale(), { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, 1)));
}
