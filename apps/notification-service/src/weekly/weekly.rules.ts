// When a user's weekly usage report is due, which days it covers and what it says. Pure: the
// service passes the clock and the figures (report-service's fleet table, schedule-service's
// schedules), so every rule here has a worked-number test.
import type { EconomyUnit, FleetReport, Schedule } from '@wrenchlog/contracts';
import { localParts } from '../digest/digest.rules.js';

/** Seven local days, both inclusive (YYYY-MM-DD). */
export interface WeekPeriod {
  from: string;
  to: string;
}

const addDays = (day: string, days: number): string => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** 0 = Monday ... 6 = Sunday, of a local date. */
const weekdayOf = (day: string): number => (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;

/**
 * The week whose report the scheduler sends at `now`: the last whole week, Monday to Sunday in the
 * user's time zone, from the Monday after it at the user's digest time. Null on a Monday before
 * that time (last week's is not out yet). A report already sent for the week is the caller's check.
 */
export function scheduledWeek(now: Date, timeZone: string, reportTime: string): WeekPeriod | null {
  const local = localParts(now, timeZone);
  const weekday = weekdayOf(local.date);
  if (weekday === 0 && local.time < reportTime) {
    return null;
  }
  const thisMonday = addDays(local.date, -weekday);
  return { from: addDays(thisMonday, -7), to: addDays(thisMonday, -1) };
}

/** The seven local days before today: what an administrator's Run of the job reports at once. */
export function lastSevenDays(now: Date, timeZone: string): WeekPeriod {
  const today = localParts(now, timeZone).date;
  return { from: addDays(today, -7), to: addDays(today, -1) };
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const plain = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** A fleet row's distance unit: its economy unit tells a km meter (L/100 km) from one in miles. */
const distanceUnit = (unit: EconomyUnit | null): string => (unit === 'L/100km' ? 'km' : 'mi');

function costLine(c: { fuel: number; service: number; parts: number; total: number }): string {
  const parts = [c.fuel && `fuel ${usd.format(c.fuel)}`, c.service && `service ${usd.format(c.service)}`, c.parts && `parts ${usd.format(c.parts)}`].filter(
    Boolean,
  );
  return parts.length > 1 ? `${usd.format(c.total)} (${parts.join(', ')})` : `${usd.format(c.total)}${parts.length ? ` (${parts[0]})` : ''}`;
}

/** One schedule to do next week (or already overdue), with the date it is due or forecast. */
export interface ComingItem {
  machineId: number;
  machineName: string;
  title: string;
  date: string | null;
  overdue: boolean;
  reason: string;
}

/**
 * What is due in the 7 days after the period (from `nextDay`), or overdue: by due or forecast
 * date, the earliest first, overdue ones first of all. Completed one-offs are left out.
 */
export function comingUp(schedules: Schedule[], nextDay: string): ComingItem[] {
  const until = addDays(nextDay, 6);
  const items: ComingItem[] = [];
  for (const s of schedules) {
    if (s.done) {
      continue;
    }
    const dates = [s.nextDueDate, s.forecastDate].filter((d): d is string => d !== null).sort();
    const date = dates[0] ?? null;
    const overdue = s.status === 'overdue';
    if (overdue || (date !== null && date <= until)) {
      items.push({ machineId: s.machineId, machineName: s.machineName ?? `Machine #${s.machineId}`, title: s.title, date, overdue, reason: s.reason });
    }
  }
  return items.sort(
    (a, b) => Number(b.overdue) - Number(a.overdue) || (a.date ?? '').localeCompare(b.date ?? '') || a.machineName.localeCompare(b.machineName),
  );
}

export interface WeeklyReport {
  period: WeekPeriod;
  fleet: FleetReport;
  coming: ComingItem[];
  /** Whether it shows costs: false for a member whose role lacks 'money.read' (issue 32: no money at all). */
  money: boolean;
}

/** What a member may read of the account's report: their role's money right and their machines (null: all). */
export interface ReportReader {
  money: boolean;
  machines: ReadonlySet<number> | null;
}

/**
 * The account's report as one member reads it: an assigned member's machines only (the totals
 * summed again over them; the "Unassigned" part purchases left out), and no costs for a role
 * without 'money.read'.
 */
export function reportFor(r: WeeklyReport, reader: ReportReader): WeeklyReport {
  const { machines } = reader;
  if (!machines) {
    return { ...r, money: reader.money };
  }
  const rows = r.fleet.rows.filter((row) => row.machineId !== null && machines.has(row.machineId));
  const sum = (key: 'fuel' | 'service' | 'parts' | 'total') => rows.reduce((total, row) => total + row[key], 0);
  const totals = { ...r.fleet.totals, fuel: sum('fuel'), service: sum('service'), parts: sum('parts'), total: sum('total') };
  return { ...r, fleet: { ...r.fleet, rows, totals }, coming: r.coming.filter((c) => machines.has(c.machineId)), money: reader.money };
}

/** The in-app and push title: the week and, for a reader of money, what it cost. */
export const weeklyTitle = (r: WeeklyReport): string =>
  `Weekly usage report ${r.period.from} to ${r.period.to}${r.money ? `: ${usd.format(r.fleet.totals.total)}` : ''}`;

/** The SPA's Reports screen on the week (a member who may not see reports: the dashboard). */
export const weeklyLink = (p: WeekPeriod, reports = true): string => (reports ? `/reports?period=custom&from=${p.from}&to=${p.to}` : '/');

/**
 * The email: the week's costs, then each machine that moved or cost something (meters moved and
 * costs), the count of the quiet ones, then what is due next week. Without money: the same with
 * no cost, total or price anywhere.
 */
export function weeklyEmail(r: WeeklyReport): { subject: string; text: string } {
  const { period, fleet, coming, money } = r;
  const lines = [`Your Wrenchlog week: ${period.from} to ${period.to}`, '', ...(money ? [`Costs: ${costLine(fleet.totals)}`, ''] : [])];
  const active = fleet.rows.filter((row) => (money && row.total > 0) || (row.distance ?? 0) > 0 || (row.hours ?? 0) > 0);
  for (const row of active) {
    lines.push(row.machineName);
    const used = [
      row.distance ? `${plain.format(row.distance)} ${distanceUnit(row.economyUnit)}` : null,
      row.hours ? `${plain.format(row.hours)} h` : null,
    ].filter(Boolean);
    if (row.machineId !== null) {
      lines.push(`  Meters moved: ${used.length ? used.join(', ') : 'none recorded'}`);
    }
    if (money) {
      lines.push(`  Costs: ${costLine(row)}`);
    }
  }
  const quiet = fleet.rows.filter((row) => row.machineId !== null).length - active.filter((row) => row.machineId !== null).length;
  if (active.length === 0) {
    lines.push(money ? 'No costs or meter readings were recorded this week.' : 'No meter readings were recorded this week.');
  } else if (quiet > 0) {
    lines.push(`No activity on ${quiet} other machine${quiet === 1 ? '' : 's'}.`);
  }
  lines.push('', `Due next week (${addDays(period.to, 1)} to ${addDays(period.to, 7)})`);
  if (coming.length === 0) {
    lines.push('  Nothing is due.');
  }
  for (const item of coming) {
    lines.push(`  - ${item.machineName}: ${item.title} (${item.overdue ? 'overdue' : `due ${item.date}`}; ${item.reason})`);
  }
  lines.push('', `${money ? 'The Reports screen has the details. ' : ''}Change what you receive in Settings > Notifications.`);
  return { subject: `Your Wrenchlog week: ${period.from} to ${period.to}`, text: lines.join('\n') };
}

export { addDays };
