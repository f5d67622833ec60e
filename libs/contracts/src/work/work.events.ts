import { routeEvent } from '../events.js';
import type { IssuePriority, IssueStatus, WorkOrderState } from './work.limits.js';

// Producer: work-order-service (through its outbox). Consumers: listed in each route.

/** The status a machine takes while one of its issues is reported out of service (issue 35). */
export const MACHINE_STATUS_DOWN = 'Down';

/**
 * Whether a machine has an out-of-service issue still open (open or in progress): machine-service
 * sets its status to Down and back. A state event keyed by machine, written in the transaction that
 * changed its issues (after locking the machine's row there), so `at` follows the order of the changes;
 * machine-service applies only a newer one than it last applied, so a redelivered or overtaken event
 * changes nothing.
 */
export const MACHINE_OUT_OF_SERVICE = routeEvent<'work.machine.outOfService', MachineOutOfServiceEvent>('work.machine.outOfService', ['machine-service'], {
  stateKey: (e) => `${e.accountId}:${e.machineId}`,
});
export interface MachineOutOfServiceEvent {
  machineId: number;
  accountId: number;
  /** true while at least one of its out-of-service issues is open or in progress. */
  down: boolean;
  at: string;
}

// Issue 35, notifications and webhooks: the facts of the work context notification-service turns
// into in-app, email and push notifications and into the webhooks' issue.*, work_order.* and
// inspection.failed. Each is written in the transaction of its change and comes at least once: the
// consumer keys what it makes by the fact (issue, order and completion, inspection).
// People are user ids (consumers name them from their members projection); the machine's name is
// the producer's, as it knew it at the change.

/** An issue reported by hand, or opened by an inspection's failed item (`inspectionId`). */
export const WORK_ISSUE_CREATED = routeEvent('work.issue.created', ['notification-service']);
/** An issue resolved by hand (with its note) or by the completion of its work order (`workOrderId`). */
export const WORK_ISSUE_RESOLVED = routeEvent('work.issue.resolved', ['notification-service']);
export interface WorkIssueEvent {
  accountId: number;
  issueId: number;
  machineId: number;
  machineName: string | null;
  title: string;
  priority: IssuePriority;
  status: IssueStatus;
  outOfService: boolean;
  /** The inspection whose failed item opened it; null when reported by hand. */
  inspectionId: number | null;
  workOrderId: number | null;
  /** Who reported it. */
  reportedBy: number;
  /** Who made this change: the reporter, or the member who resolved it (by hand or by completing its order). */
  by: number;
  /** resolved only: the note ("Resolved by work order #12" when its order did). */
  resolutionNote?: string | null;
  /** When the change happened (ISO 8601); a resolution's is its `resolvedAt`. */
  at: string;
}

/** A work order as its events tell it. */
export interface WorkOrderEventBase {
  accountId: number;
  workOrderId: number;
  machineId: number;
  machineName: string | null;
  title: string;
  priority: IssuePriority;
  state: WorkOrderState;
  assigneeUserId: number | null;
  createdBy: number;
  /** Who made this change. */
  by: number;
  at: string;
}

/** A work order made (its issues taken, its assignee named if any). */
export const WORK_ORDER_CREATED = routeEvent('work.order.created', ['notification-service']);
export interface WorkOrderCreatedEvent extends WorkOrderEventBase {
  issueIds: number[];
  plannedDate: string | null;
}

/** A work order's assignee became a person (at creation or by a change): not sent when it is cleared. */
export const WORK_ORDER_ASSIGNED = routeEvent('work.order.assigned', ['notification-service']);
export interface WorkOrderAssignedEvent extends WorkOrderEventBase {
  assigneeUserId: number;
  previousAssigneeUserId: number | null;
}

/** A work order completed: its n-th completion (a reopened order completes again with n + 1). */
export const WORK_ORDER_COMPLETED = routeEvent('work.order.completed', ['notification-service']);
export interface WorkOrderCompletedEvent extends WorkOrderEventBase {
  completion: number;
  /** The completion's date (YYYY-MM-DD). */
  completedAt: string;
  serviceRecordId: number;
  issueIds: number[];
  /** The totals the service record was made with, in whole cents (webhooks carry them; notifications never show money). */
  cents: { labour: number; parts: number; other: number; total: number };
}

/** An inspection with failed items (each opened an issue, announced as work.issue.created in the same transaction). */
export const WORK_INSPECTION_FAILED = routeEvent('work.inspection.failed', ['notification-service']);
export interface WorkInspectionFailedEvent {
  accountId: number;
  inspectionId: number;
  machineId: number;
  machineName: string | null;
  formId: number;
  formName: string;
  /** The day it was done (YYYY-MM-DD). */
  readAt: string;
  failedItems: { itemId: string; label: string; value: number | null; note: string | null }[];
  issueIds: number[];
  signedBy: string | null;
  by: number;
  at: string;
}
