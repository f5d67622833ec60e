import { REPORT_LIMITS, ReportMessages, type CostBreakdown, type EconomyUnit, type MonthCosts } from '@wrenchlog/contracts';
import { badRequest } from '@wrenchlog/platform';
import { COST_CATEGORIES, type CostCategory } from '../costs/cost.rules.js';

export interface Period {
  /** YYYY-MM-DD, inclusive. */
  from: string;
  to: string;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isRealDate = (v: string) => DATE.test(v) && new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v;

/**
 * The period of a report: both dates YYYY-MM-DD, from <= to, at most 10 years; without them the
 * calendar year of `today` so far (from without to: until today; to without from: its year).
 */
export function parsePeriod(from: unknown, to: unknown, today: string): Period {
  if (from !== undefined && (typeof from !== 'string' || !isRealDate(from))) {
    throw badRequest(ReportMessages.from, [{ field: 'from', message: ReportMessages.from }]);
  }
  if (to !== undefined && (typeof to !== 'string' || !isRealDate(to))) {
    throw badRequest(ReportMessages.to, [{ field: 'to', message: ReportMessages.to }]);
  }
  const end = (to as string | undefined) ?? today;
  const start = (from as string | undefined) ?? `${end.slice(0, 4)}-01-01`;
  if (end < start) {
    throw badRequest(ReportMessages.order, [{ field: 'to', message: ReportMessages.order }]);
  }
  const limit = `${String(Number(start.slice(0, 4)) + REPORT_LIMITS.maxYears).padStart(4, '0')}${start.slice(4)}`;
  if (end >= limit) {
    throw badRequest(ReportMessages.range, [{ field: 'to', message: ReportMessages.range }]);
  }
  return { from: start, to: end };
}

/** Every month (YYYY-MM) the period touches, in order. */
export function monthsOf({ from, to }: Period): string[] {
  const months: string[] = [];
  let y = Number(from.slice(0, 4));
  let m = Number(from.slice(5, 7));
  const last = to.slice(0, 7);
  for (;;) {
    const month = `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}`;
    months.push(month);
    if (month >= last) {
      return months;
    }
    m += 1;
    if (m === 13) {
      m = 1;
      y += 1;
    }
  }
}

const lastDayOf = (month: string): string => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
};

/**
 * How a period is read: the months it covers whole come from the monthly totals; a month it covers
 * only in part (its first or last) is summed from the records' own dates, so a period that starts
 * on the 15th counts only what is dated from the 15th.
 */
export function splitPeriod(period: Period): { wholeMonths: string[]; partial: Period[] } {
  const months = monthsOf(period);
  const whole: string[] = [];
  const partial: Period[] = [];
  for (const month of months) {
    const start = `${month}-01`;
    const end = lastDayOf(month);
    const from = period.from > start ? period.from : start;
    const to = period.to < end ? period.to : end;
    if (from === start && to === end) {
      whole.push(month);
    } else {
      partial.push({ from, to });
    }
  }
  return { wholeMonths: whole, partial };
}

/** A total of one machine (0: none), month and category, in cents. */
export interface CostCell {
  machineKey: number;
  month: string;
  category: CostCategory;
  cents: number;
}

const money = (cents: number) => Math.round(cents) / 100;

const breakdown = (cents: Record<CostCategory, number>): CostBreakdown => ({
  fuel: money(cents.fuel),
  service: money(cents.service),
  parts: money(cents.parts),
  total: money(cents.fuel + cents.service + cents.parts),
});

const zero = (): Record<CostCategory, number> => ({ fuel: 0, service: 0, parts: 0 });

/** Cost by month, stacked by category (every month of the period, 0 where nothing was spent), and the totals. */
export function stackByMonth(months: readonly string[], cells: readonly CostCell[]): { months: MonthCosts[]; totals: CostBreakdown } {
  const byMonth = new Map(months.map((m) => [m, zero()]));
  const totals = zero();
  for (const c of cells) {
    const month = byMonth.get(c.month);
    if (month && COST_CATEGORIES.includes(c.category)) {
      month[c.category] += c.cents;
      totals[c.category] += c.cents;
    }
  }
  return { months: months.map((month) => ({ month, ...breakdown(byMonth.get(month)!) })), totals: breakdown(totals) };
}

/** A total of one machine (0: none) and category over a whole period, in cents. */
export type MachineCost = Omit<CostCell, 'month'>;

/** The costs of each machine key over the period, in cents. */
export function byMachine(cells: readonly MachineCost[]): Map<number, Record<CostCategory, number>> {
  const out = new Map<number, Record<CostCategory, number>>();
  for (const c of cells) {
    const row = out.get(c.machineKey) ?? zero();
    row[c.category] += c.cents;
    out.set(c.machineKey, row);
  }
  return out;
}

export { breakdown as breakdownOf, zero as zeroCosts };

/** Cost per mile (or km, or hour): the period's cost over its usage; null (n/a) when the usage is 0 or unknown. */
export function costPerUnit(total: number, usage: number | null): number | null {
  if (usage === null || !(usage > 0)) {
    return null;
  }
  return Math.round((total / usage) * 100) / 100;
}

/** Sum of known values; null when none is known. */
export function sumKnown(values: readonly (number | null)[]): number | null {
  const known = values.filter((v): v is number => v !== null);
  return known.length === 0 ? null : Math.round(known.reduce((a, b) => a + b, 0) * 10) / 10;
}

/**
 * Fuel economy of full-to-full segments, to 1 decimal: MPG (distance / fuel) for a machine whose
 * distance meter is in miles, L/100 km (fuel x 100 / distance; the fuel is then taken in litres)
 * for one in km. null without a segment.
 */
export function economyOf(segments: readonly { distance: number; fuel: number }[], unit: EconomyUnit): number | null {
  const distance = segments.reduce((a, s) => a + s.distance, 0);
  const fuel = segments.reduce((a, s) => a + s.fuel, 0);
  if (!(distance > 0) || !(fuel > 0)) {
    return null;
  }
  return Math.round((unit === 'mpg' ? distance / fuel : (fuel * 100) / distance) * 10) / 10;
}

export const economyUnitFor = (distanceUnit: 'mi' | 'km' | undefined): EconomyUnit => (distanceUnit === 'km' ? 'L/100km' : 'mpg');
