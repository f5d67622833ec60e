import { routeEvent } from '../events.js';
import type { MeterKind, MeterUnit, ReadingSource, ScheduleDimension, ScheduleStatus } from './schedule.limits.js';

// Producer: schedule-service (through its outbox). Consumers: listed in each route.

/**
 * A machine's current meter values changed: machine-service shows them as the machine's miles and
 * hours (its Usage Statistics). A state event keyed by machine; `at` orders them. machine-service
 * writes them without a machine.machine.saved of its own, so no reading comes back (no loop).
 */
export const METERS_CHANGED = routeEvent<'schedule.meters.changed', MetersChangedEvent>('schedule.meters.changed', ['machine-service', 'report-service'], {
  stateKey: (e) => `${e.accountId}:${e.machineId}`,
});
export interface MetersChangedEvent {
  machineId: number;
  accountId: number;
  /** The distance meter's current lifetime value (null without readings). */
  miles: number | null;
  hours: number | null;
  /** The unit of the machine's first distance meter (report-service's MPG or L/100 km); absent in older events. */
  distanceUnit?: 'mi' | 'km' | null;
  at: string;
}

/** A schedule's status changed (or it was created or deleted): notification-service notifies of it (issue 24). */
export const SCHEDULE_STATUS_CHANGED = routeEvent('schedule.status.changed', ['notification-service']);
export interface ScheduleStatusChangedEvent {
  scheduleId: number;
  machineId: number;
  accountId: number;
  title: string;
  /** null when the schedule was just created. */
  previousStatus: ScheduleStatus | null;
  /** null when the schedule (or its machine) was deleted. */
  status: ScheduleStatus | null;
  reason: string | null;
  reasonDimension: ScheduleDimension | null;
  /** Why it changed; absent in events from before it was added (read them as a completion when back to upcoming). */
  cause?: ScheduleStatusCause;
  at: string;
}

/**
 * What moved a schedule's status: its completion (a record or the Complete call completed it), an
 * edit of the schedule, a meter reading, a record's change or deletion (other than completing it),
 * the machine's own fields, the day moving on, its creation or its deletion (or its machine's).
 * Only `completion` makes a return to upcoming a "Completed".
 */
export type ScheduleStatusCause = 'completion' | 'edit' | 'reading' | 'record' | 'machine' | 'day' | 'created' | 'deleted';

/**
 * A live (not void) meter reading was created: entered by hand, or from a service or fuel record's
 * meter value (a record's edit replaces its readings, so it creates them anew). notification-service
 * delivers it to webhooks subscribed to `meter.reading.created` (issue 24).
 */
// One a reading of an import's record: notification-service takes them in batches too.
export const SCHEDULE_READING_CREATED = routeEvent('schedule.reading.created', ['notification-service'], { batches: ['notification-service'] });
export interface ScheduleReadingCreatedEvent {
  readingId: number;
  meterId: number;
  machineId: number;
  accountId: number;
  kind: MeterKind;
  unit: MeterUnit;
  /** What the meter showed, and the lifetime value (rollovers and replacements added). */
  value: number;
  lifetimeValue: number;
  /** YYYY-MM-DD */
  date: string;
  source: ReadingSource;
  /** The record the reading came from (null for a manual one). */
  sourceId: number | null;
  at: string;
}

/**
 * A reading's current state (issue 22): report-service keeps the readings' lifetime values to answer
 * usage in a period without asking schedule-service. Sent when a reading is created (live or void),
 * voided or unvoided, and deleted (its record edited or deleted); `live` is false for a void or
 * deleted one. A state event keyed by reading; `at` orders them.
 */
export const SCHEDULE_READING_CHANGED = routeEvent<'schedule.reading.changed', ScheduleReadingChangedEvent>('schedule.reading.changed', ['report-service'], {
  stateKey: (e) => String(e.readingId),
  // One a fuel record of an import: report-service takes them in batches too.
  batches: ['report-service'],
});
export interface ScheduleReadingChangedEvent {
  readingId: number;
  meterId: number;
  machineId: number;
  accountId: number;
  kind: MeterKind;
  /** The meter's unit when the reading changed. */
  unit: MeterUnit;
  lifetimeValue: number;
  /** YYYY-MM-DD */
  date: string;
  live: boolean;
  at: string;
}
