import type { Meter, MeterReading, OutOfSequenceDetails, ReadingSource, Schedule, ScheduleInput, ScheduleStatus, ScheduleTemplate } from '@wrenchlog/contracts';
import { MeterLimits, ScheduleLimits } from '@wrenchlog/contracts/limits';
import dayjs from 'dayjs';
import { ApiError } from '../../api/client';
import { formatDate, formatNumber, NA } from '../../lib/format';

export const STATUS_LABEL: Record<ScheduleStatus, string> = { upcoming: 'Upcoming', due_soon: 'Due soon', overdue: 'Overdue' };
export const STATUS_COLOR: Record<ScheduleStatus, string> = { upcoming: 'teal', due_soon: 'yellow', overdue: 'red' };
// Most urgent first.
const STATUS_RANK: Record<ScheduleStatus, number> = { overdue: 0, due_soon: 1, upcoming: 2 };

export const SOURCE_LABEL: Record<ReadingSource, string> = { manual: 'Manual', service_record: 'Service record', fuel_record: 'Fuel record', import: 'Import' };

export const NOT_ENOUGH_READINGS = 'not enough readings';

/** "12,345 mi" / "1,234.5 h"; n/a with no value. */
export function formatMeterValue(value: number | null | undefined, unit: string): string {
  return value === null || value === undefined ? NA : `${formatNumber(value)} ${unit}`.trim();
}

export function meterTitle(meter: Pick<Meter, 'kind' | 'label' | 'unit'>): string {
  return meter.label || (meter.kind === 'hours' ? 'Engine hours' : meter.unit === 'km' ? 'Kilometers' : 'Miles');
}

/** Whole miles or km, hours to one decimal (the server answers 422 for more). */
export function readingValueError(kind: Meter['kind'], raw: string): string | null {
  if (raw.trim() === '') {
    return 'Value is required';
  }
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0) {
    return 'Value must be a number, 0 or more';
  }
  if (n > MeterLimits.maxValue) {
    return `Value must be at most ${MeterLimits.maxValue}`;
  }
  const places = (raw.split('.')[1] ?? '').replace(/0+$/, '').length;
  if (places > MeterLimits.decimals[kind]) {
    return kind === 'distance' ? 'Distance readings must be whole numbers' : 'Hours readings must have at most 1 decimal';
  }
  return null;
}

/** The neighbouring readings of a 422 METER_OUT_OF_SEQUENCE answer, or null for any other failure. */
export function outOfSequence(err: unknown): OutOfSequenceDetails | null {
  if (err instanceof ApiError && err.body?.code === 'METER_OUT_OF_SEQUENCE') {
    return { before: err.body.neighbours?.before ?? null, after: err.body.neighbours?.after ?? null };
  }
  return null;
}

export function describeReading(r: Pick<MeterReading, 'value' | 'readAt'>, unit: string): string {
  return `${formatMeterValue(r.value, unit)} on ${formatDate(r.readAt)}`;
}

/** Most urgent first: status, then the earliest forecast (none last), then title. */
export function byUrgency(a: Schedule, b: Schedule): number {
  return (
    STATUS_RANK[a.status] - STATUS_RANK[b.status] ||
    compareDates(a.forecastDate ?? a.nextDueDate, b.forecastDate ?? b.nextDueDate) ||
    a.title.localeCompare(b.title)
  );
}

function compareDates(a: string | null, b: string | null): number {
  if (a === b) {
    return 0;
  }
  if (a === null) {
    return 1;
  }
  if (b === null) {
    return -1;
  }
  return a < b ? -1 : 1;
}

/** "Next due": each dimension the schedule has, in the meters' units. */
export function nextDueText(s: Schedule, distanceUnit: string): string {
  const parts: string[] = [];
  if (s.nextDueDate) {
    parts.push(s.nextDueDate);
  }
  if (s.nextDueDistance !== null) {
    parts.push(formatMeterValue(s.nextDueDistance, distanceUnit));
  }
  if (s.nextDueHours !== null) {
    parts.push(formatMeterValue(s.nextDueHours, 'h'));
  }
  return parts.length > 0 ? parts.join(' · ') : NA;
}

/** The forecast date, or "not enough readings" when no usage rate is known. */
export function forecastText(s: Pick<Schedule, 'forecastDate' | 'status'>, now: Date = new Date()): string {
  if (!s.forecastDate) {
    return NOT_ENOUGH_READINGS;
  }
  // A projection at or before today on a schedule not yet overdue: the usage since the last reading
  // has probably reached it ("Due soon, 15 h left" beside "Forecast: today" read as a contradiction).
  const today = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
  return s.status !== 'overdue' && s.forecastDate <= today ? 'expected due now' : s.forecastDate;
}

/** "every 6 months or 5,000 mi or 250 h", "once" for a one-off. */
export function intervalText(
  s: Pick<Schedule, 'intervalDays' | 'intervalMonths' | 'intervalDistance' | 'intervalHours' | 'recurring'>,
  distanceUnit: string,
): string {
  const parts: string[] = [];
  if (s.intervalDays) {
    parts.push(`${formatNumber(s.intervalDays)} ${s.intervalDays === 1 ? 'day' : 'days'}`);
  }
  if (s.intervalMonths) {
    parts.push(`${formatNumber(s.intervalMonths)} ${s.intervalMonths === 1 ? 'month' : 'months'}`);
  }
  if (s.intervalDistance) {
    parts.push(formatMeterValue(s.intervalDistance, distanceUnit));
  }
  if (s.intervalHours) {
    parts.push(formatMeterValue(s.intervalHours, 'h'));
  }
  const list = parts.join(' or ');
  return s.recurring ? `Every ${list}` : `Once, after ${list}`;
}

/** Counts of the fleet's Due soon and Overdue items. */
export function dueCounts(schedules: readonly Pick<Schedule, 'status'>[]): { overdue: number; dueSoon: number } {
  let overdue = 0;
  let dueSoon = 0;
  for (const s of schedules) {
    if (s.status === 'overdue') {
      overdue += 1;
    } else if (s.status === 'due_soon') {
      dueSoon += 1;
    }
  }
  return { overdue, dueSoon };
}

export type Period = 'week' | 'month';

/** The Due page's status filter from its URL (?status=overdue,due_soon); every status when none is named. */
export function parseStatuses(raw: string | null): ScheduleStatus[] {
  const all: ScheduleStatus[] = ['overdue', 'due_soon', 'upcoming'];
  const picked = (raw ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter((x): x is ScheduleStatus => (all as string[]).includes(x));
  return picked.length > 0 ? all.filter((x) => picked.includes(x)) : all;
}

export interface PeriodGroup {
  key: string;
  label: string;
  items: Schedule[];
}

/**
 * The Due page's calendar view: schedules grouped by the week (Monday first) or month of their
 * forecast date, earliest first; those without one last under "Not enough readings".
 */
export function groupByPeriod(schedules: readonly Schedule[], period: Period): PeriodGroup[] {
  const groups = new Map<string, PeriodGroup>();
  const none: Schedule[] = [];
  for (const s of schedules) {
    const date = s.forecastDate ?? s.nextDueDate;
    if (!date) {
      none.push(s);
      continue;
    }
    const d = dayjs(date);
    let key: string;
    let label: string;
    if (period === 'month') {
      key = d.format('YYYY-MM');
      label = d.format('MMMM YYYY');
    } else {
      // dayjs weeks start on Sunday; ISO weeks on Monday.
      const monday = d.subtract((d.day() + 6) % 7, 'day');
      key = monday.format('YYYY-MM-DD');
      label = `Week of ${formatDate(key)}`;
    }
    const group = groups.get(key) ?? { key, label, items: [] };
    group.items.push(s);
    groups.set(key, group);
  }
  const out = [...groups.values()].sort((a, b) => (a.key < b.key ? -1 : 1));
  out.forEach((g) => g.items.sort(byUrgency));
  if (none.length > 0) {
    out.push({ key: 'none', label: 'Not enough readings', items: none.sort(byUrgency) });
  }
  return out;
}

/** The schedule form's values: text inputs as typed. */
export interface ScheduleFormValues {
  title: string;
  serviceType: string;
  every: 'days' | 'months';
  intervalTime: string;
  intervalDistance: string;
  intervalHours: string;
  soonDays: string;
  soonDistance: string;
  soonHours: string;
  recurring: boolean;
  anchor: 'completion' | 'fixed';
  lastDoneDate: string;
  lastDoneDistance: string;
  lastDoneHours: string;
  /** The job template its work orders start from (issue 35); '' for none. */
  jobTemplateId: string;
}

export type ScheduleField = keyof ScheduleInput;

const text = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

export function emptyScheduleForm(): ScheduleFormValues {
  return {
    title: '',
    serviceType: 'Maintenance',
    every: 'months',
    intervalTime: '',
    intervalDistance: '',
    intervalHours: '',
    soonDays: '',
    soonDistance: '',
    soonHours: '',
    recurring: true,
    anchor: 'completion',
    lastDoneDate: '',
    lastDoneDistance: '',
    lastDoneHours: '',
    jobTemplateId: '',
  };
}

/** A template or a stored schedule as form values (the windows only when the schedule set its own). */
export function scheduleToForm(s: ScheduleTemplate | Schedule): ScheduleFormValues {
  const stored = 'id' in s ? s : null;
  return {
    ...emptyScheduleForm(),
    title: s.title,
    serviceType: s.serviceType,
    every: s.intervalDays ? 'days' : 'months',
    intervalTime: text(s.intervalDays ?? s.intervalMonths),
    intervalDistance: text(s.intervalDistance),
    intervalHours: text(s.intervalHours),
    soonDays: stored && stored.intervalDays !== null && stored.soonDays !== ScheduleLimits.defaultSoon.days ? text(stored.soonDays) : '',
    soonDistance: stored && stored.intervalDistance !== null && stored.soonDistance !== ScheduleLimits.defaultSoon.distance ? text(stored.soonDistance) : '',
    soonHours: stored && stored.intervalHours !== null && stored.soonHours !== ScheduleLimits.defaultSoon.hours ? text(stored.soonHours) : '',
    recurring: s.recurring,
    anchor: s.anchor,
    lastDoneDate: stored?.lastDoneDate ?? '',
    lastDoneDistance: text(stored?.lastDoneDistance),
    lastDoneHours: text(stored?.lastDoneHours),
    jobTemplateId: text(stored?.jobTemplateId),
  };
}

const num = (v: string) => (v.trim() === '' ? null : Number(v));

export function formToInput(v: ScheduleFormValues): ScheduleInput {
  const time = num(v.intervalTime);
  return {
    title: v.title.trim(),
    serviceType: v.serviceType.trim(),
    intervalDays: v.every === 'days' ? time : null,
    intervalMonths: v.every === 'months' ? time : null,
    intervalDistance: num(v.intervalDistance),
    intervalHours: num(v.intervalHours),
    soonDays: num(v.soonDays),
    soonDistance: num(v.soonDistance),
    soonHours: num(v.soonHours),
    recurring: v.recurring,
    anchor: v.anchor,
    lastDoneDate: v.lastDoneDate || null,
    lastDoneDistance: num(v.lastDoneDistance),
    lastDoneHours: num(v.lastDoneHours),
    jobTemplateId: v.jobTemplateId ? Number(v.jobTemplateId) : null,
  };
}

export type ScheduleFormErrors = Partial<Record<keyof ScheduleFormValues, string>>;

/** The checks the form makes before it sends; the server checks the same rules again. */
export function validateSchedule(v: ScheduleFormValues): ScheduleFormErrors {
  const errors: ScheduleFormErrors = {};
  if (!v.title.trim()) {
    errors.title = 'Title is required';
  }
  if (!v.serviceType.trim()) {
    errors.serviceType = 'Service type is required';
  }
  const positive = (key: 'intervalTime' | 'intervalDistance' | 'intervalHours', whole: boolean, decimals = 0) => {
    const raw = v[key].trim();
    if (raw === '') {
      return;
    }
    const n = Number(raw);
    if (!Number.isFinite(n) || n <= 0) {
      errors[key] = whole ? 'Interval must be a whole number above 0' : 'Interval must be a number above 0';
    } else if ((raw.split('.')[1] ?? '').replace(/0+$/, '').length > decimals) {
      errors[key] = whole
        ? 'Interval must be a whole number above 0'
        : decimals === 0
          ? 'Distance must be a whole number'
          : 'Hours must have at most 1 decimal';
    }
  };
  positive('intervalTime', true);
  positive('intervalDistance', false);
  positive('intervalHours', false, 1);
  if (!v.intervalTime.trim() && !v.intervalDistance.trim() && !v.intervalHours.trim() && !errors.intervalTime) {
    errors.intervalTime = 'Set at least one interval: days, months, distance or hours';
  }
  const windows: [keyof ScheduleFormValues, keyof ScheduleFormValues][] = [
    ['soonDays', 'intervalTime'],
    ['soonDistance', 'intervalDistance'],
    ['soonHours', 'intervalHours'],
  ];
  for (const [soon, interval] of windows) {
    const raw = String(v[soon]).trim();
    if (raw === '') {
      continue;
    }
    const n = Number(raw);
    if (!Number.isFinite(n) || n < 0) {
      errors[soon] = 'Due-soon window must be a number, 0 or more';
    } else if (String(v[interval]).trim() === '') {
      errors[soon] = 'A due-soon window needs its interval';
    } else if (!(soon === 'soonDays' && v.every === 'months') && n > Number(v[interval])) {
      errors[soon] = 'Due-soon window must not be larger than the interval';
    }
  }
  for (const key of ['lastDoneDistance', 'lastDoneHours'] as const) {
    const raw = v[key].trim();
    if (raw !== '' && (!Number.isFinite(Number(raw)) || Number(raw) < 0)) {
      errors[key] = 'Last done value must be a number, 0 or more';
    }
  }
  return errors;
}

/** The server's field (an input key) as the form's field that shows its message. */
export function formFieldOf(field: string): keyof ScheduleFormValues | null {
  const key = field.split('.').pop() ?? '';
  if (key === 'intervalDays' || key === 'intervalMonths') {
    return 'intervalTime';
  }
  const known: (keyof ScheduleFormValues)[] = [
    'title',
    'serviceType',
    'intervalDistance',
    'intervalHours',
    'soonDays',
    'soonDistance',
    'soonHours',
    'lastDoneDate',
    'lastDoneDistance',
    'lastDoneHours',
    'recurring',
    'anchor',
  ];
  return known.includes(key as keyof ScheduleFormValues) ? (key as keyof ScheduleFormValues) : null;
}

/** Field messages of a 4xx answer ({errors: [{field, message}]}) placed under the form's fields. */
export function serverScheduleErrors(err: unknown): ScheduleFormErrors {
  const out: ScheduleFormErrors = {};
  if (err instanceof ApiError) {
    for (const e of err.body?.errors ?? []) {
      const field = formFieldOf(String(e.field ?? ''));
      if (field && !out[field]) {
        out[field] = e.message;
      }
    }
  }
  return out;
}

/** The message above a form for a failure with no field to show it under. */
export function failureText(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.body?.message && err.status < 500) {
    return err.body.message;
  }
  return fallback;
}

/**
 * Schedules a service record can complete: those due or due soon, those it already completes, and
 * any ticked (the Due page's "Log service" may open the form for one still upcoming).
 */
export function checklistSchedules(schedules: readonly Schedule[], recordId: number | null, picked: readonly number[] = []): Schedule[] {
  return schedules
    .filter(
      (s) => (recordId !== null && s.completedBy.includes(recordId)) || (!s.done && s.origin === 'user' && (s.status !== 'upcoming' || picked.includes(s.id))),
    )
    .sort(byUrgency);
}
