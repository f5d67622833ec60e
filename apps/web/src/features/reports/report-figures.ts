// Figures of the report screens: per-unit and economy texts, month rows, the fleet table's sort and
// totals. Pure: no React, no network.
import { NA, formatNumber, formatPrice } from '../../lib/format';
import { sortItems, type SortState } from '../../lib/sort';
import type { CostMonth, CostSums, EconomyUnit, FleetRow } from './api';
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

/** "24.3 MPG" or "9.1 L/100 km"; "n/a" without a value. */
export function economyText(value: number | null | undefined, unit: EconomyUnit | string | null | undefined): string {
  const n = finite(value);
  return n === null ? NA : `${n.toFixed(1)} ${economyUnitLabel(unit)}`;
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

/** Money is summed in cents, so a column of cents adds up exactly (0.1 + 0.2 is 0.30, not 0.30000000000000004). */
function sumMoney(values: readonly number[]): number {
  return values.reduce((cents, v) => cents + Math.round(Number(v) * 100), 0) / 100;
}

/** A sum of meter figures; null when no row knows one. */
function sumKnown(values: readonly (number | null)[]): number | null {
  const known = values.map(finite).filter((v): v is number => v !== null);
  return known.length === 0 ? null : Math.round(known.reduce((a, b) => a + b, 0) * 100) / 100;
}

export interface FleetTotals extends CostSums {
  distance: number | null;
  hours: number | null;
  costPerDistance: number | null;
  costPerHour: number | null;
}

/**
 * The fleet table's totals row: the sum of its rows, column by column (so it always equals what the
 * table shows); cost per unit is the summed cost over the summed usage, null when that is 0 or unknown.
 */
export function fleetTotals(rows: readonly FleetRow[]): FleetTotals {
  const distance = sumKnown(rows.map((r) => r.distance));
  const hours = sumKnown(rows.map((r) => r.hours));
  const total = sumMoney(rows.map((r) => r.total));
  return {
    fuel: sumMoney(rows.map((r) => r.fuel)),
    service: sumMoney(rows.map((r) => r.service)),
    parts: sumMoney(rows.map((r) => r.parts)),
    total,
    distance,
    hours,
    costPerDistance: distance ? total / distance : null,
    costPerHour: hours ? total / hours : null,
  };
}

/** A machine's distance unit as its economy unit tells it (MPG: miles; L/100 km: km), else the table's. */
export function rowDistanceUnit(row: Pick<FleetRow, 'economyUnit'>, fallback: string): string {
  return row.economyUnit === 'L/100km' ? 'km' : row.economyUnit === 'mpg' ? 'mi' : fallback;
}

/**
 * The distance unit of a whole table: the one unit that every row with a distance shows by its
 * economy, else "mi/km" (each machine's distance is in its own meter's unit).
 */
export function fleetDistanceUnit(rows: readonly Pick<FleetRow, 'economyUnit' | 'distance'>[]): string {
  const units = new Set(rows.filter((r) => r.distance !== null).map((r) => rowDistanceUnit(r, '?')));
  return units.size === 1 && !units.has('?') ? [...units][0] : 'mi/km';
}

export type FleetField = 'machineName' | 'fuel' | 'service' | 'parts' | 'total' | 'distance' | 'hours' | 'costPerDistance' | 'costPerHour' | 'fuelEconomy';

export const FLEET_COLUMNS: { field: FleetField; label: string; numeric: boolean }[] = [
  { field: 'machineName', label: 'Machine', numeric: false },
  { field: 'fuel', label: 'Fuel', numeric: true },
  { field: 'service', label: 'Service', numeric: true },
  { field: 'parts', label: 'Parts', numeric: true },
  { field: 'total', label: 'Total', numeric: true },
  { field: 'distance', label: 'Distance', numeric: true },
  { field: 'hours', label: 'Hours', numeric: true },
  { field: 'costPerDistance', label: 'Cost / distance', numeric: true },
  { field: 'costPerHour', label: 'Cost / h', numeric: true },
  { field: 'fuelEconomy', label: 'Economy', numeric: true },
];

/** The fleet table in the chosen order: names by text, figures by value, unknown figures last either way. */
export function sortFleet(rows: readonly FleetRow[], sort: SortState<FleetField>): FleetRow[] {
  return sortItems(rows, sort, (row, field) => {
    const value = row[field];
    return typeof value === 'number' ? finite(value) : value;
  });
}
