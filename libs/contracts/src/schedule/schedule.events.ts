import { routeEvent } from '../events.js';
import type { ScheduleDimension, ScheduleStatus } from './schedule.limits.js';

// Producer: schedule-service (through its outbox). Consumers: listed in each route.

/**
 * A machine's current meter values changed: machine-service shows them as the machine's miles and
 * hours (its Usage Statistics). A state event keyed by machine; `at` orders them. machine-service
 * writes them without a machine.machine.saved of its own, so no reading comes back (no loop).
 */
export const METERS_CHANGED = routeEvent<'schedule.meters.changed', MetersChangedEvent>('schedule.meters.changed', ['machine-service'], {
  stateKey: (e) => `${e.userId}:${e.machineId}`,
});
export interface MetersChangedEvent {
  machineId: number;
  userId: number;
  /** The distance meter's current lifetime value (null without readings). */
  miles: number | null;
  hours: number | null;
  at: string;
}

/** A schedule's status changed (or it was created or deleted); for the notifications issue, routed to nobody yet. */
export const SCHEDULE_STATUS_CHANGED = routeEvent('schedule.status.changed', []);
export interface ScheduleStatusChangedEvent {
  scheduleId: number;
  machineId: number;
  userId: number;
  title: string;
  /** null when the schedule was just created. */
  previousStatus: ScheduleStatus | null;
  /** null when the schedule (or its machine) was deleted. */
  status: ScheduleStatus | null;
  reason: string | null;
  reasonDimension: ScheduleDimension | null;
  at: string;
}
