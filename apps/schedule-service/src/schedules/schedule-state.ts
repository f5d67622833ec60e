import type { Audited, Schedule } from '@wrenchlog/contracts';
import { nextDue, scheduleStatus, statusRank, windowsOf, type Completion, type MeterState } from './schedule.rules.js';
import type { ScheduleEntity } from './schedule.entity.js';

/** The computed columns of a schedule row. */
export type ScheduleState = Pick<
  ScheduleEntity,
  | 'lastDoneDate'
  | 'lastDoneDistance'
  | 'lastDoneHours'
  | 'nextDueDate'
  | 'nextDueDistance'
  | 'nextDueHours'
  | 'status'
  | 'statusRank'
  | 'reason'
  | 'reasonDimension'
  | 'forecastDate'
  | 'sortDate'
  | 'done'
  | 'computedOn'
>;

export const NO_DATE = '9999-12-31';

/** A schedule's state on `today` from its settings, its completions and its machine's meters. */
export function stateOf(
  row: ScheduleEntity,
  completions: Completion[],
  meters: { distance: MeterState | null; hours: MeterState | null },
  today: string,
): ScheduleState {
  if (row.origin !== 'user') {
    // The machine's license or insurance date: due on it, nothing else.
    const status = scheduleStatus({ date: row.fixedDueDate, distance: null, hours: null }, windowsOf(row), meters, today);
    return {
      lastDoneDate: null,
      lastDoneDistance: null,
      lastDoneHours: null,
      nextDueDate: row.fixedDueDate,
      nextDueDistance: null,
      nextDueHours: null,
      ...status,
      statusRank: statusRank(status.status),
      sortDate: status.forecastDate ?? NO_DATE,
      done: false,
      computedOn: today,
    };
  }
  const due = nextDue(row, { date: row.baseDate, distance: row.baseDistance, hours: row.baseHours }, completions);
  const last = { lastDoneDate: due.lastDone.date, lastDoneDistance: due.lastDone.distance, lastDoneHours: due.lastDone.hours };
  if (due.done) {
    return {
      ...last,
      nextDueDate: null,
      nextDueDistance: null,
      nextDueHours: null,
      status: 'upcoming',
      statusRank: statusRank('upcoming', true),
      reason: `Done on ${due.lastDone.date}`,
      reasonDimension: 'date',
      forecastDate: null,
      sortDate: NO_DATE,
      done: true,
      computedOn: today,
    };
  }
  const status = scheduleStatus(due, windowsOf(row), meters, today);
  return {
    ...last,
    nextDueDate: due.date,
    nextDueDistance: due.distance,
    nextDueHours: due.hours,
    ...status,
    statusRank: statusRank(status.status),
    sortDate: status.forecastDate ?? NO_DATE,
    done: false,
    computedOn: today,
  };
}

/** The computed columns that differ from the row's. */
export const changedState = (row: ScheduleEntity, next: ScheduleState): Partial<ScheduleState> =>
  Object.fromEntries(Object.entries(next).filter(([k, v]) => row[k as keyof ScheduleEntity] !== v)) as Partial<ScheduleState>;

const LIST_FIELDS = [
  'id',
  'machineId',
  'machineName',
  'machineType',
  'title',
  'serviceType',
  'origin',
  'intervalDays',
  'intervalMonths',
  'intervalDistance',
  'intervalHours',
  'soonDays',
  'soonDistance',
  'soonHours',
  'recurring',
  'anchor',
  'lastDoneDate',
  'lastDoneDistance',
  'lastDoneHours',
  'nextDueDate',
  'nextDueDistance',
  'nextDueHours',
  'status',
  'reason',
  'reasonDimension',
  'forecastDate',
  'done',
  'createdBy',
  'updatedBy',
  'jobTemplateId',
] as const;
export const SCHEDULE_COLUMNS = LIST_FIELDS;
export type ScheduleRow = Pick<ScheduleEntity, (typeof LIST_FIELDS)[number]>;

/** A schedule as the API answers it, but for its people (MemberDirectory adds them). */
export type ScheduleFields = Omit<Schedule, keyof Audited>;

export function toSchedule(r: ScheduleRow, distanceUnit: Schedule['distanceUnit'], completedBy: number[] = []): ScheduleFields {
  const windows = windowsOf(r);
  return {
    id: r.id,
    machineId: r.machineId,
    machineName: r.machineName,
    machineType: r.machineType,
    title: r.title,
    serviceType: r.serviceType,
    origin: r.origin,
    intervalDays: r.intervalDays,
    intervalMonths: r.intervalMonths,
    intervalDistance: r.intervalDistance,
    intervalHours: r.intervalHours,
    soonDays: windows.days,
    soonDistance: windows.distance,
    soonHours: windows.hours,
    recurring: r.recurring,
    anchor: r.anchor,
    lastDoneDate: r.lastDoneDate,
    lastDoneDistance: r.lastDoneDistance,
    lastDoneHours: r.lastDoneHours,
    status: r.status,
    reason: r.reason,
    reasonDimension: r.reasonDimension,
    nextDueDate: r.nextDueDate,
    nextDueDistance: r.nextDueDistance,
    nextDueHours: r.nextDueHours,
    forecastDate: r.forecastDate,
    done: r.done,
    completedBy,
    distanceUnit,
    jobTemplateId: r.jobTemplateId,
  };
}
