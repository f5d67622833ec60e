// Figures of the report screens: per-unit and economy texts, month rows, the fleet table's sort and
// totals. Pure: no React, no network.
import { NA, formatNumber, formatPrice, readerLocale } from '../../lib/format';
import { i18n } from '../../core/i18n/i18n';
import './i18n';
import { sortItems, type SortState } from '../../lib/sort';
import type { CostMonth, EconomyUnit, FleetReport, FleetRow } from './api';
import { monthsBetween } from './report-period';

/** A finite number, or null: null, NaN and infinity are "not computable" alike. */
function finite(value: number | null | undefined): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** "$0.42 / mi"; "n/a" when the server could not compute it (usage 0 or unknown), never infinity. */
export function perUnitText(value: number | null | undefined, unit: string): string {
  const n = finite(value);
  return n === null ? NA : `${formatPrice(n)} / ${unit}`;
}

export function economyUnitLabel(unit: EconomyUnit | string | null | undefined): string {
  return unit === 'L/100km' ? 'L/100 km' : 'MPG';
}

/** A figure to 1 decimal in the reader's locale ('24.3', '24,3'). */
export function oneDecimal(value: number): string {
  return new Intl.NumberFormat(readerLocale(), { minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false }).format(value);
}

/** "24.3 MPG" or "9.1 L/100 km"; "n/a" without a value. */
export function economyText(value: number | null | undefined, unit: EconomyUnit | string | null | undefined): string {
  const n = finite(value);
  return n === null ? NA : `${oneDecimal(n)} ${economyUnitLabel(unit)}`;
}

/**
 * A period's economy from its full-to-full points, as the fleet table computes it (issue 38): the
 * total distance over the total fuel (L/100 km: fuel x 100 over distance), to 1 decimal. A mean of
 * the points' economies weights a short hop like a long trip and differs from it. Null without points
 * or without their segments.
 */
export function overallEconomy(points: readonly { distance?: number; fuel?: number; unit: EconomyUnit }[]): number | null {
  let distance = 0;
  let fuel = 0;
  for (const p of points) {
    if (typeof p.distance !== 'number' || typeof p.fuel !== 'number') {
      return null;
    }
    distance += p.distance;
    fuel += p.fuel;
  }
  if (!(distance > 0) || !(fuel > 0)) {
    return null;
  }
  return Math.round((points[0].unit === 'L/100km' ? (fuel * 100) / distance : distance / fuel) * 10) / 10;
}

/** A usage figure ("1,234 mi"); "n/a" when unknown. */
export function usageText(value: number | null | undefined, unit: string): string {
  const n = finite(value);
  return n === null ? NA : `${formatNumber(n)} ${unit}`;
}

/**
 * One row per month of the period, in order, zero where the server sent none (a month without
 * records), so the chart's columns are the calendar's.
 */
export function monthRows(months: readonly CostMonth[], from: string, to: string): CostMonth[] {
  const byMonth = new Map(months.map((m) => [m.month, m]));
  const calendar = monthsBetween(from, to);
  // Anything the server sent outside the calendar (it should not) is kept rather than hidden.
  const extra = months.filter((m) => !calendar.includes(m.month)).map((m) => m.month);
  return [...calendar, ...extra].sort().map((month) => byMonth.get(month) ?? { month, fuel: 0, service: 0, parts: 0, total: 0 });
}
/** "mile" or "kilometre" (in the reader's language) for a label ("Cost per mile"). */
export function distanceUnitName(unit: string): string {
  return unit === 'km' || unit === 'mi' ? i18n.t(`units.${unit}`, { ns: 'reports' }) : unit;
}

/** " over Truck, Loader": the machines a per-unit figure is taken over (issue 38); empty when none. */
export function coverText(names: readonly string[] | undefined): string {
  return names && names.length > 0 ? i18n.t('figures.over', { ns: 'reports', names: names.join(', ') }) : '';
}

export type FleetField = 'machineName' | 'fuel' | 'service' | 'parts' | 'total' | 'distance' | 'hours' | 'costPerDistance' | 'costPerHour' | 'fuelEconomy';

/** The fleet table's columns, in order (their headings: `fleet.columns.<field>` in the reports texts). */
export const FLEET_COLUMNS: FleetField[] = [
  'machineName',
  'fuel',
  'service',
  'parts',
  'total',
  'distance',
  'hours',
  'costPerDistance',
  'costPerHour',
  'fuelEconomy',
];

/** The fleet table in the chosen order: names by text, figures by value, unknown figures last either way. */
export function sortFleet(rows: readonly FleetRow[], sort: SortState<FleetField>): FleetRow[] {
  return sortItems(rows, sort, (row, field) => {
    const value = row[field];
    return typeof value === 'number' ? finite(value) : value;
  });
}

export type FleetTotals = FleetReport['totals'];

/**
 * The totals row of a table showing one machine's row: that row itself (its own unit), so the
 * table's totals are what it shows; the whole fleet's come from the server.
 */
export function rowAsTotals(row: FleetRow): FleetTotals {
  const names = (v: number | null) => (v === null ? [] : [row.machineName]);
  return { ...row, distanceUnit: row.distanceUnit ?? 'mi', covers: { distance: names(row.distance), hours: names(row.hours) } };
}
