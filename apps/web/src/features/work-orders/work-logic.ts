import type { IssuePriority, IssueStatus, WorkOrderState } from '@wrenchlog/contracts/limits';
import { ISSUE_PRIORITIES, WORK_ORDER_STATES, WorkLimits, WorkMessages } from '@wrenchlog/contracts/limits';
import { ApiError } from '../../api/client';
import type { Issue, WorkOrder } from './work-api';

export const PRIORITY_LABELS: Record<IssuePriority, string> = { low: 'Low', medium: 'Medium', high: 'High', critical: 'Critical' };
export const PRIORITY_COLORS: Record<IssuePriority, string> = { low: 'gray', medium: 'blue', high: 'orange', critical: 'red' };
export const ISSUE_STATUS_LABELS: Record<IssueStatus, string> = { open: 'Open', in_progress: 'In progress', resolved: 'Resolved', closed: 'Closed' };
export const ISSUE_STATUS_COLORS: Record<IssueStatus, string> = { open: 'yellow', in_progress: 'blue', resolved: 'green', closed: 'gray' };
export const STATE_LABELS: Record<WorkOrderState, string> = {
  open: 'Open',
  in_progress: 'In progress',
  waiting_for_parts: 'Waiting for parts',
  done: 'Done',
  cancelled: 'Cancelled',
};
export const STATE_COLORS: Record<WorkOrderState, string> = {
  open: 'yellow',
  in_progress: 'blue',
  waiting_for_parts: 'orange',
  done: 'green',
  cancelled: 'gray',
};

/** The states a user moves an order to by hand; done comes only from completing it. */
export const MANUAL_STATES = WORK_ORDER_STATES.filter((s) => s !== 'done') as Exclude<WorkOrderState, 'done'>[];

/** Still wrong with the machine: open, or on an order that is not done yet. */
export const isOpenIssue = (issue: Pick<Issue, 'status'>) => issue.status === 'open' || issue.status === 'in_progress';

/** Most urgent first, then newest: how a machine's issues are listed. */
export function byUrgency<T extends Pick<Issue, 'priority' | 'id'>>(issues: readonly T[]): T[] {
  const rank = (p: IssuePriority) => ISSUE_PRIORITIES.length - ISSUE_PRIORITIES.indexOf(p);
  return [...issues].sort((a, b) => rank(a.priority) - rank(b.priority) || b.id - a.id);
}

/** The board's columns: one per state, in the state machine's order, each with its orders. */
export function columnsOf(orders: readonly WorkOrder[]): { state: WorkOrderState; orders: WorkOrder[] }[] {
  return WORK_ORDER_STATES.map((state) => ({ state, orders: orders.filter((o) => o.state === state) }));
}

export interface IssueFormValues {
  title: string;
  description: string;
  priority: IssuePriority;
  outOfService: boolean;
  /** The meters at the time, as typed (empty: not given). */
  distance: string;
  hours: string;
}

export const emptyIssue = (): IssueFormValues => ({ title: '', description: '', priority: 'medium', outOfService: false, distance: '', hours: '' });

const METER_MAX = 999_999_999;
const meterError = (v: string) => {
  if (v.trim() === '') {
    return undefined;
  }
  const n = Number(v);
  return Number.isFinite(n) && n >= 0 && n <= METER_MAX ? undefined : WorkMessages.meters;
};

/** The meters part of a report: only the values given. */
export function issueMeters(values: Pick<IssueFormValues, 'distance' | 'hours'>): { distance?: number; hours?: number } | undefined {
  const out: { distance?: number; hours?: number } = {};
  if (values.distance.trim() !== '') {
    out.distance = Number(values.distance);
  }
  if (values.hours.trim() !== '') {
    out.hours = Number(values.hours);
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** The same rules as IssueInput on the server, with its messages. */
export function validateIssue(values: IssueFormValues): Partial<Record<keyof IssueFormValues, string>> {
  const errors: Partial<Record<keyof IssueFormValues, string>> = {};
  const title = values.title.trim();
  if (!title) {
    errors.title = WorkMessages.title;
  } else if (title.length > WorkLimits.title) {
    errors.title = WorkMessages.titleLength;
  }
  if (values.description.length > WorkLimits.description) {
    errors.description = WorkMessages.description;
  }
  if (!ISSUE_PRIORITIES.includes(values.priority)) {
    errors.priority = WorkMessages.priority;
  }
  const distance = meterError(values.distance);
  const hours = meterError(values.hours);
  if (distance) {
    errors.distance = distance;
  }
  if (hours) {
    errors.hours = hours;
  }
  return errors;
}

/** Who reported it and when, in words ("Reported by Sam on 2026-11-02"). */
export function reportedBy(issue: Pick<Issue, 'createdBy'>, you: number | undefined): string {
  if (!issue.createdBy) {
    return 'a member';
  }
  if (issue.createdBy.id === you) {
    return 'you';
  }
  return issue.createdBy.name ?? 'a member';
}

/** The server's words for a refused request (a 4xx: "Not enough stock: ..."), else `fallback`. */
export function failureText(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.body?.message && err.status < 500) {
    return err.body.message;
  }
  return fallback;
}
