import {
  DateLimits,
  ScheduleLimits,
  ScheduleMessages as M,
  hasAtMostDecimals,
  type FieldError,
  type ScheduleAnchor,
  type ScheduleDimension,
  type ScheduleInput,
  type ScheduleStatus,
} from '@wrenchlog/contracts';
import { unprocessable, validationFailed } from '@wrenchlog/platform';
import { addDays, addMonths, daysBetween, minDate } from '../common/dates.js';
import { roundTo } from '../meters/meter.rules.js';
import type { ScheduleEntity } from './schedule.entity.js';
import type { ScheduleState } from './schedule-state.js';

/** A schedule's own settings, checked. Windows are null when the schedule uses the defaults. */
export interface ScheduleSettings {
  title: string;
  serviceType: string;
  intervalDays: number | null;
  intervalMonths: number | null;
  intervalDistance: number | null;
  intervalHours: number | null;
  soonDays: number | null;
  soonDistance: number | null;
  soonHours: number | null;
  recurring: boolean;
  anchor: ScheduleAnchor;
  lastDoneDate: string | null;
  lastDoneDistance: number | null;
  lastDoneHours: number | null;
}

const fail = (field: string, message: string) => validationFailed(message, [{ field, message }]);

/**
 * The rules of a schedule's settings, past the ScheduleInput DTO the service checks on receipt
 * (types, title and service-type lengths, anchor, real dates): a title not blank; an interval at all; days or months (not both) whole and above
 * 0; distance whole and hours with 1 decimal (more decimals answer 422), above 0; windows 0 or more,
 * only with their interval and never wider than it; last-done values 0 or more. Nothing is written
 * when one fails.
 */
export function checkSchedule(input: ScheduleInput): ScheduleSettings {
  const title = input.title.trim();
  if (!title) {
    throw fail('title', M.title);
  }
  const serviceType = input.serviceType.trim();
  if (!serviceType) {
    throw fail('serviceType', M.serviceType);
  }
  const num = (v: unknown): number | null => (v === undefined || v === null ? null : (v as number));
  const positive = (field: string, v: number | null, max: number, places: number, decimalsMessage: string): number | null => {
    if (v === null) {
      return null;
    }
    if (v <= 0 || v > max) {
      throw fail(field, places === 0 && field.startsWith('intervalD') ? M.intervalPositive : M.intervalNumber);
    }
    if (!hasAtMostDecimals(v, places)) {
      throw unprocessable(decimalsMessage, [{ field, message: decimalsMessage }]);
    }
    return roundTo(v, places);
  };
  const intervalDays = positive('intervalDays', num(input.intervalDays), ScheduleLimits.maxIntervalDays, 0, M.intervalPositive);
  const intervalMonths = positive('intervalMonths', num(input.intervalMonths), ScheduleLimits.maxIntervalMonths, 0, M.intervalPositive);
  const intervalDistance = positive('intervalDistance', num(input.intervalDistance), ScheduleLimits.maxInterval, 0, M.distanceDecimals);
  const intervalHours = positive('intervalHours', num(input.intervalHours), ScheduleLimits.maxInterval, 1, M.hoursDecimals);
  if (intervalDays === null && intervalMonths === null && intervalDistance === null && intervalHours === null) {
    throw fail('intervalDays', M.noInterval);
  }
  if (intervalDays !== null && intervalMonths !== null) {
    throw fail('intervalMonths', M.daysOrMonths);
  }
  // The longest the date interval can be: a month counts 31 days for the window check.
  const dateSpan = intervalDays ?? (intervalMonths !== null ? intervalMonths * 31 : null);
  const window = (field: string, v: number | null, interval: number | null, places: number, decimalsMessage: string): number | null => {
    if (v === null) {
      return null;
    }
    if (v < 0) {
      throw fail(field, M.soonNumber);
    }
    if (!hasAtMostDecimals(v, places)) {
      throw unprocessable(decimalsMessage, [{ field, message: decimalsMessage }]);
    }
    if (interval === null) {
      // A read answers the default windows of every dimension; sent back without the interval, they mean nothing.
      return null;
    }
    if (v > interval) {
      throw fail(field, M.soonTooWide);
    }
    return roundTo(v, places);
  };
  const soonDays = window('soonDays', num(input.soonDays), dateSpan, 0, M.intervalPositive);
  const soonDistance = window('soonDistance', num(input.soonDistance), intervalDistance, 0, M.distanceDecimals);
  const soonHours = window('soonHours', num(input.soonHours), intervalHours, 1, M.hoursDecimals);
  const lastDone = (field: string, v: number | null, places: number, decimalsMessage: string): number | null => {
    if (v === null) {
      return null;
    }
    if (v < 0) {
      throw fail(field, M.lastDoneValue);
    }
    if (!hasAtMostDecimals(v, places)) {
      throw unprocessable(decimalsMessage, [{ field, message: decimalsMessage }]);
    }
    return roundTo(v, places);
  };
  const lastDoneDate = input.lastDoneDate ?? null;
  // The first due date is computed from these two: it must stay a date the product handles (issue 36).
  const firstDue = stepDate(lastDoneDate, { intervalDays, intervalMonths }, 1);
  if (firstDue !== null && firstDue > DateLimits.max) {
    throw fail(intervalDays !== null ? 'intervalDays' : 'intervalMonths', M.dueOutOfRange);
  }
  return {
    title,
    serviceType,
    intervalDays,
    intervalMonths,
    intervalDistance,
    intervalHours,
    soonDays,
    soonDistance,
    soonHours,
    recurring: input.recurring,
    anchor: input.anchor,
    lastDoneDate,
    lastDoneDistance: lastDone('lastDoneDistance', num(input.lastDoneDistance), 0, M.distanceDecimals),
    lastDoneHours: lastDone('lastDoneHours', num(input.lastDoneHours), 1, M.hoursDecimals),
  };
}

/** The columns a user sets on a schedule (create, update and a restore alike). */
export const settingColumns = (settings: ScheduleSettings) => ({
  title: settings.title,
  serviceType: settings.serviceType,
  intervalDays: settings.intervalDays,
  intervalMonths: settings.intervalMonths,
  intervalDistance: settings.intervalDistance,
  intervalHours: settings.intervalHours,
  soonDays: settings.soonDays,
  soonDistance: settings.soonDistance,
  soonHours: settings.soonHours,
  recurring: settings.recurring,
  anchor: settings.anchor,
});

/** Lower-case machine type for the list filter. */
export const typeKey = (type: string | null): string => (type ?? '').trim().toLowerCase();

/** A schedule row before its computed state (stateOf gives that). */
export type ScheduleDraft = Omit<ScheduleEntity, 'id' | keyof ScheduleState>;

/**
 * A user's schedule as create and a restore write it: the account's, added by a member (a restore's
 * creator), on its machine, with the user's settings and its baseline (create's from the last-done
 * values or today, a restore's from the export), keyed by the create's idempotency key or the
 * restore's import row.
 */
export function userScheduleDraft(
  by: { accountId: number; userId: number },
  machine: { machineId: number; name: string; type: string | null },
  settings: ScheduleSettings,
  base: Baseline,
  key: { idempotencyKey: string | null } | { importId: number; importRow: number },
): ScheduleDraft {
  return {
    accountId: by.accountId,
    createdBy: by.userId,
    updatedBy: null,
    machineId: machine.machineId,
    machineName: machine.name,
    machineType: machine.type,
    machineTypeKey: typeKey(machine.type),
    ...settingColumns(settings),
    origin: 'user',
    originKey: null,
    fixedDueDate: null,
    jobTemplateId: null,
    baseDate: base.date,
    baseDistance: base.distance,
    baseHours: base.hours,
    dateCreated: new Date(),
    idempotencyKey: 'idempotencyKey' in key ? key.idempotencyKey : null,
    importId: 'importId' in key ? key.importId : null,
    importRow: 'importRow' in key ? key.importRow : null,
  };
}

/** The windows in force: the schedule's own, else the defaults (30 days, 500, 25 h), never wider than the interval. */
export function windowsOf(
  s: Pick<ScheduleSettings, 'soonDays' | 'soonDistance' | 'soonHours' | 'intervalDays' | 'intervalMonths' | 'intervalDistance' | 'intervalHours'>,
): {
  days: number;
  distance: number;
  hours: number;
} {
  const d = ScheduleLimits.defaultSoon;
  const dateSpan = s.intervalDays ?? (s.intervalMonths !== null ? s.intervalMonths * 31 : null);
  return {
    days: s.soonDays ?? Math.min(d.days, dateSpan ?? d.days),
    distance: s.soonDistance ?? Math.min(d.distance, s.intervalDistance ?? d.distance),
    hours: s.soonHours ?? Math.min(d.hours, s.intervalHours ?? d.hours),
  };
}

/** A completion: the date and lifetime meter values it was done at (null where the meter had no reading). */
export interface Completion {
  id: number;
  date: string;
  distance: number | null;
  hours: number | null;
}

export interface NextDue {
  date: string | null;
  distance: number | null;
  hours: number | null;
  done: boolean;
  lastDone: { date: string | null; distance: number | null; hours: number | null };
}

type Intervals = Pick<ScheduleSettings, 'intervalDays' | 'intervalMonths' | 'intervalDistance' | 'intervalHours' | 'recurring' | 'anchor'>;
type Baseline = { date: string | null; distance: number | null; hours: number | null };

const stepDate = (from: string | null, s: Pick<Intervals, 'intervalDays' | 'intervalMonths'>, steps: number): string | null => {
  if (from === null) {
    return null;
  }
  if (s.intervalDays !== null) {
    return addDays(from, s.intervalDays * steps);
  }
  return s.intervalMonths !== null ? addMonths(from, s.intervalMonths * steps) : null;
};
const step = (from: number | null, interval: number | null, steps: number, places: number): number | null =>
  from === null || interval === null ? null : roundTo(from + interval * steps, places);

/**
 * Next due per dimension from the baseline (the schedule's last-done values) and the completions,
 * recomputed from the whole history every time, so deleting a completion undoes exactly it.
 * - anchor "completion": the latest completion (else the baseline) + the interval;
 * - anchor "fixed": a grid, previous due + interval: baseline + (completions + 1) x interval;
 * - one-off: done once completed, nothing due after.
 * A completion without a meter value keeps the value before it for that dimension.
 */
export function nextDue(s: Intervals, baseline: Baseline, completions: Completion[]): NextDue {
  const ordered = [...completions].sort((a, b) => (a.date === b.date ? a.id - b.id : a.date < b.date ? -1 : 1));
  const last = ordered.reduce<Baseline>((acc, c) => ({ date: c.date, distance: c.distance ?? acc.distance, hours: c.hours ?? acc.hours }), baseline);
  if (!s.recurring && ordered.length > 0) {
    return { date: null, distance: null, hours: null, done: true, lastDone: last };
  }
  if (s.anchor === 'fixed') {
    const steps = ordered.length + 1;
    return {
      date: stepDate(baseline.date, s, steps),
      distance: step(baseline.distance, s.intervalDistance, steps, 0),
      hours: step(baseline.hours, s.intervalHours, steps, 1),
      done: false,
      lastDone: last,
    };
  }
  return {
    date: stepDate(last.date, s, 1),
    distance: step(last.distance, s.intervalDistance, 1, 0),
    hours: step(last.hours, s.intervalHours, 1, 1),
    done: false,
    lastDone: last,
  };
}

/** What the status needs of a meter: its current lifetime value, when read, the rate and the unit. */
export interface MeterState {
  current: number | null;
  readAt: string | null;
  rate: number | null;
  unit: string;
}

export interface StatusResult {
  status: ScheduleStatus;
  reason: string;
  reasonDimension: ScheduleDimension;
  forecastDate: string | null;
}

const RANK: Record<ScheduleStatus, number> = { overdue: 0, due_soon: 1, upcoming: 2 };
export const statusRank = (status: ScheduleStatus, done = false): number => (done ? 3 : RANK[status]);

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const amount = (n: number, unit: string) =>
  `${Number.isInteger(n) ? n.toLocaleString('en-US') : n.toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} ${unit}`;

/**
 * Forecast for a meter dimension: projected = last reading + days since it x rate; forecast date =
 * today + ceil((due - projected) / rate), today when already reached; none without a positive rate.
 */
export function meterForecast(due: number, meter: MeterState, today: string): string | null {
  if (meter.rate === null || meter.rate <= 0) {
    return null;
  }
  const projected = (meter.current ?? 0) + (meter.readAt ? Math.max(0, daysBetween(meter.readAt, today)) : 0) * meter.rate;
  const days = Math.ceil(roundTo((due - projected) / meter.rate, 6));
  // A slow rate can put the forecast past any date the product handles (or past what Date can hold): none then.
  if (days > daysBetween(today, DateLimits.max)) {
    return null;
  }
  return addDays(today, Math.max(0, days));
}

interface Dimension {
  dimension: ScheduleDimension;
  status: ScheduleStatus;
  reason: string;
  /** When it is expected: the due date, or the meter's forecast (null: unknown). */
  when: string | null;
}

/**
 * Status of a schedule: Overdue when today >= the due date, or a current meter value >= its due
 * value; Due soon when any dimension is within its window; else Upcoming. The reason names the
 * dimension that decided (the most urgent one, the earliest expected among equals). The forecast
 * is the earliest of the due date and the meter forecasts; null when no rate is known.
 */
export function scheduleStatus(
  due: { date: string | null; distance: number | null; hours: number | null },
  windows: { days: number; distance: number; hours: number },
  meters: { distance: MeterState | null; hours: MeterState | null },
  today: string,
): StatusResult {
  const dims: Dimension[] = [];
  if (due.date !== null) {
    const left = daysBetween(today, due.date);
    const status: ScheduleStatus = left <= 0 ? 'overdue' : left <= windows.days ? 'due_soon' : 'upcoming';
    const reason = left < 0 ? `Overdue by ${plural(-left, 'day')}` : left === 0 ? 'Due today' : `Due in ${plural(left, 'day')}`;
    dims.push({ dimension: 'date', status, reason, when: due.date });
  }
  const meterDim = (dimension: 'distance' | 'hours', dueValue: number | null, meter: MeterState | null, window: number, places: number, unit: string) => {
    if (dueValue === null) {
      return;
    }
    const current = meter?.current ?? 0;
    const left = roundTo(dueValue - current, places);
    const status: ScheduleStatus = left <= 0 ? 'overdue' : left <= window ? 'due_soon' : 'upcoming';
    const reason = left < 0 ? `Overdue by ${amount(-left, unit)}` : left === 0 ? `Due now at ${amount(dueValue, unit)}` : `${amount(left, unit)} left`;
    dims.push({ dimension, status, reason, when: meter ? meterForecast(dueValue, meter, today) : null });
  };
  meterDim('distance', due.distance, meters.distance, windows.distance, 0, meters.distance?.unit ?? 'mi');
  meterDim('hours', due.hours, meters.hours, windows.hours, 1, 'h');
  if (dims.length === 0) {
    return { status: 'upcoming', reason: 'Nothing due', reasonDimension: 'date', forecastDate: null };
  }
  const order: ScheduleDimension[] = ['date', 'distance', 'hours'];
  const decided = [...dims].sort((a, b) => {
    if (RANK[a.status] !== RANK[b.status]) {
      return RANK[a.status] - RANK[b.status];
    }
    if (a.when !== b.when) {
      return a.when === null ? 1 : b.when === null ? -1 : a.when < b.when ? -1 : 1;
    }
    return order.indexOf(a.dimension) - order.indexOf(b.dimension);
  })[0];
  return { status: decided.status, reason: decided.reason, reasonDimension: decided.dimension, forecastDate: minDate(dims.map((d) => d.when)) };
}

/** The baseline of a new schedule: what the user said was last done, else today and the meters' current values. */
export const baselineOf = (
  s: Pick<ScheduleSettings, 'lastDoneDate' | 'lastDoneDistance' | 'lastDoneHours'>,
  today: string,
  current: { distance: number | null; hours: number | null },
) => ({
  date: s.lastDoneDate ?? today,
  distance: s.lastDoneDistance ?? current.distance ?? 0,
  hours: s.lastDoneHours ?? current.hours ?? 0,
});

/** The list filter's statuses, parsed from "overdue,due_soon" (validated by the contract). */
export const parseStatuses = (raw: string | undefined): ScheduleStatus[] =>
  raw
    ? [
        ...new Set(
          raw
            .split(',')
            .map((s) => s.trim())
            .filter((s): s is ScheduleStatus => s === 'upcoming' || s === 'due_soon' || s === 'overdue'),
        ),
      ]
    : [];

export const fieldError = (field: string, message: string): FieldError => ({ field, message });

/** What a restore's schedule row holds of its history (schedules.csv): the baseline, the last done and how many completions. */
export interface ExportedHistory {
  baseline: Baseline;
  lastDone: Baseline;
  completions: number;
}

/**
 * The baseline of a restored schedule whose completions are not restored (a record that completed
 * it was not): its next due is the original's. Without completions (or with them restored) it is
 * the exported baseline; anchor "completion" counts from the last done; anchor "fixed" steps the
 * grid once per completion (baseline + completions x interval).
 */
export function restoredBaseline(s: Intervals, history: ExportedHistory): Baseline {
  const { baseline, lastDone, completions } = history;
  if (completions === 0) {
    return baseline;
  }
  if (s.anchor !== 'fixed') {
    return lastDone;
  }
  return {
    date: stepDate(baseline.date, s, completions),
    distance: step(baseline.distance, s.intervalDistance, completions, 0),
    hours: step(baseline.hours, s.intervalHours, completions, 1),
  };
}
