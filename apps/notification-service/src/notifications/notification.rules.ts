import {
  NOTIFICATION_KINDS,
  roleMay,
  type AccountRole,
  type NotificationKind,
  type NotificationPreferenceKind,
  type NotificationPreferences,
  type Right,
  type ScheduleStatus,
  type ScheduleStatusCause,
  type WebhookEventType,
} from '@wrenchlog/contracts';

const WEEK_MS = 7 * 86_400_000;

export interface PlannedNotification {
  kind: NotificationKind;
  /** Unique per account: (schedule, status, cycle[, week]). */
  key: string;
  title: string;
}

export interface ScheduleTransition {
  scheduleId: number;
  title: string;
  previous: ScheduleStatus | null;
  next: ScheduleStatus | null;
  /** When the schedule entered `next` (the event's `at`): it names the cycle. */
  at: Date;
  /** What moved it (schedule-service's `cause`); absent in older events. */
  cause?: ScheduleStatusCause;
}

/**
 * A return from Due soon or Overdue to Upcoming is a completion only when a completion caused it:
 * an interval edit, a deleted record or a voided reading that moves the due point is not. An
 * event from before `cause` existed keeps the old reading (any such return).
 */
export const isCompletion = (previous: ScheduleStatus | null, next: ScheduleStatus | null, cause: ScheduleStatusCause | undefined): boolean =>
  next === 'upcoming' && (previous === 'due_soon' || previous === 'overdue') && (cause === undefined || cause === 'completion');

/**
 * What a change of a schedule's status notifies. Becoming Due soon or Overdue notifies; leaving
 * them for Upcoming by a completion (isCompletion) notifies "Completed", for another cause nothing. The cycle in the key is the instant the status was entered
 * (each change is one event of schedule-service), so the same (schedule, status, cycle) never
 * notifies twice whatever the order or number of arrivals of the events, while the next Due soon,
 * after a completion, notifies again.
 */
export function planForTransition(t: ScheduleTransition): PlannedNotification | null {
  const { scheduleId, title, previous, next } = t;
  const cycle = t.at.toISOString();
  if (next === 'due_soon' && previous !== 'overdue') {
    return { kind: 'schedule_due_soon', key: `schedule:${scheduleId}:due_soon:${cycle}`, title: `Due soon: ${title}` };
  }
  if (next === 'overdue') {
    return { kind: 'schedule_overdue', key: `schedule:${scheduleId}:overdue:${cycle}:0`, title: `Overdue: ${title}` };
  }
  if (isCompletion(previous, next, t.cause)) {
    return { kind: 'schedule_completed', key: `schedule:${scheduleId}:completed:${cycle}`, title: `Completed: ${title}` };
  }
  return null;
}

/** Whole weeks a schedule has been overdue at `now`. */
export const overdueWeeks = (since: Date, now: Date): number => Math.max(0, Math.floor((now.getTime() - since.getTime()) / WEEK_MS));

/** The weekly reminder while a schedule stays overdue since `since`: week n of that cycle, once. */
export const weeklyReminder = (scheduleId: number, title: string, since: Date, week: number): PlannedNotification => ({
  kind: 'schedule_overdue',
  key: `schedule:${scheduleId}:overdue:${since.toISOString()}:${week}`,
  title: `Still overdue (${week} ${week === 1 ? 'week' : 'weeks'}): ${title}`,
});

/** The SPA screen a schedule notification opens. */
export const scheduleLink = (machineId: number): string => `/machines/${machineId}?tab=schedules`;

/** The webhook event of a schedule notification. */
export const webhookTypeOf = (kind: NotificationKind): WebhookEventType =>
  kind === 'schedule_due_soon' ? 'schedule.due_soon' : kind === 'schedule_completed' ? 'schedule.completed' : 'schedule.overdue';

/** The right a member's role needs to see a notification of each kind (a weekly report is made for its member). */
const KIND_RIGHTS: Record<NotificationKind, Right | null> = {
  schedule_due_soon: 'schedule.read',
  schedule_overdue: 'schedule.read',
  schedule_completed: 'schedule.read',
  low_stock: 'inventory.read',
  weekly_report: null,
  // Issue 35: an issue reaches those who act on issues; an order's, those who see work orders (and, being
  // made for one member, it is theirs: the assignee, or the creator and the managers of a done order).
  issue_reported: 'issue.write',
  work_order_assigned: 'workorder.read',
  work_order_completed: 'workorder.read',
};

/** The preference (Settings > Notifications) each kind of notification follows. */
export const PREFERENCE_OF: Record<NotificationKind, NotificationPreferenceKind> = {
  schedule_due_soon: 'maintenance',
  schedule_overdue: 'maintenance',
  schedule_completed: 'maintenance',
  low_stock: 'lowStock',
  weekly_report: 'weeklyReport',
  issue_reported: 'work',
  work_order_assigned: 'work',
  work_order_completed: 'work',
};

export const kindRight = (kind: NotificationKind): Right | null => KIND_RIGHTS[kind];

/** The kinds a member's bell and list show: those their role may see, of the preferences where they chose in-app. */
export const listedKinds = (role: AccountRole, prefs: NotificationPreferences): NotificationKind[] =>
  NOTIFICATION_KINDS.filter((kind) => {
    const right = KIND_RIGHTS[kind];
    return (right === null || roleMay(role, right)) && prefs.kinds[PREFERENCE_OF[kind]].includes('inapp');
  });
