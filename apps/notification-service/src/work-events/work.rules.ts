import type {
  AccountRole,
  NotificationKind,
  WebhookEventType,
  WorkInspectionFailedEvent,
  WorkIssueEvent,
  WorkOrderAssignedEvent,
  WorkOrderCompletedEvent,
  WorkOrderCreatedEvent,
} from '@wrenchlog/contracts';
import { maySee, type Recipient } from '../recipients/recipients.service.js';

// What the work context's events notify and who they reach (issue 35). Pure: the service passes
// the members and their names.

/** A person as webhooks name them: their user id, and their name as the members projection knows it (null: not heard of). */
export interface PersonRef {
  id: number;
  name: string | null;
}
export type Names = ReadonlyMap<number, string>;
const person = (names: Names, id: number | null | undefined): PersonRef | null => (typeof id === 'number' ? { id, name: names.get(id) ?? null } : null);

/** One webhook message of a work event: its type, its data and the key that makes it once per endpoint. */
export interface WorkWebhook {
  type: Extract<WebhookEventType, 'issue.created' | 'issue.resolved' | 'work_order.created' | 'work_order.completed' | 'inspection.failed'>;
  key: string;
  data: Record<string, unknown>;
}

/** An in-app notification of a work event, and whether its email and push go at once (else the digest has it). */
export interface WorkNotice {
  kind: Extract<NotificationKind, 'issue_reported' | 'work_order_assigned' | 'work_order_completed'>;
  /** Unique per account; a notice made for one member adds `:<userId>`. */
  key: string;
  title: string;
  link: string;
  immediate: boolean;
}

const machineOf = (e: { machineId: number; machineName: string | null }) => e.machineName || `Machine #${e.machineId}`;
export const issueLink = (machineId: number): string => `/machines/${machineId}`;
export const workOrderLink = (workOrderId: number): string => `/work-orders/${workOrderId}`;

// ---- Webhooks: ids, machine id and name, title, priority and state, who and when.

export function issueWebhook(type: 'issue.created' | 'issue.resolved', e: WorkIssueEvent, names: Names): WorkWebhook {
  const data: Record<string, unknown> = {
    issueId: e.issueId,
    machineId: e.machineId,
    machineName: e.machineName,
    title: e.title,
    priority: e.priority,
    status: e.status,
    outOfService: e.outOfService,
    inspectionId: e.inspectionId,
    workOrderId: e.workOrderId,
    reportedBy: person(names, e.reportedBy),
    at: e.at,
  };
  if (type === 'issue.resolved') {
    Object.assign(data, { resolvedBy: person(names, e.by), resolutionNote: e.resolutionNote ?? null });
  }
  // A resolution is keyed by when it happened: an issue resolved, reopened with its order and resolved again is two facts.
  return { type, key: type === 'issue.created' ? `issue:${e.issueId}:created` : `issue:${e.issueId}:resolved:${e.at}`, data };
}

const orderData = (e: WorkOrderCreatedEvent | WorkOrderCompletedEvent, names: Names) => ({
  workOrderId: e.workOrderId,
  machineId: e.machineId,
  machineName: e.machineName,
  title: e.title,
  priority: e.priority,
  state: e.state,
  assignee: person(names, e.assigneeUserId),
  createdBy: person(names, e.createdBy),
  issueIds: e.issueIds,
});

export function workOrderCreatedWebhook(e: WorkOrderCreatedEvent, names: Names): WorkWebhook {
  return { type: 'work_order.created', key: `workorder:${e.workOrderId}:created`, data: { ...orderData(e, names), plannedDate: e.plannedDate, at: e.at } };
}

/** The totals in cents, as record.created carries a purchase's `costCents`: the account's integration sees money. */
export function workOrderCompletedWebhook(e: WorkOrderCompletedEvent, names: Names): WorkWebhook {
  return {
    type: 'work_order.completed',
    key: `workorder:${e.workOrderId}:completed:${e.completion}`,
    data: {
      ...orderData(e, names),
      completedBy: person(names, e.by),
      completion: e.completion,
      completedAt: e.completedAt,
      serviceRecordId: e.serviceRecordId,
      costCents: e.cents.total,
      labourCents: e.cents.labour,
      partsCents: e.cents.parts,
      otherCents: e.cents.other,
      at: e.at,
    },
  };
}

export function inspectionFailedWebhook(e: WorkInspectionFailedEvent, names: Names): WorkWebhook {
  return {
    type: 'inspection.failed',
    key: `inspection:${e.inspectionId}:failed`,
    data: {
      inspectionId: e.inspectionId,
      machineId: e.machineId,
      machineName: e.machineName,
      formId: e.formId,
      formName: e.formName,
      readAt: e.readAt,
      failedItems: e.failedItems,
      issueIds: e.issueIds,
      signedBy: e.signedBy,
      inspectedBy: person(names, e.by),
      at: e.at,
    },
  };
}

// ---- In-app, email and push: who gets what.

/** A reported issue: every priority is in the list at once; a critical one is also emailed and pushed at once, the others wait for the digest. */
export function planIssueReported(e: WorkIssueEvent): WorkNotice {
  const what = e.priority === 'critical' ? 'Critical issue' : `New ${e.priority} issue`;
  return {
    kind: 'issue_reported',
    key: `issue:${e.issueId}:reported`,
    title: `${what}: ${e.title} (${machineOf(e)})`,
    link: issueLink(e.machineId),
    immediate: e.priority === 'critical',
  };
}

/** Who hears of a reported issue by email or push: the members who act on issues (`issue.write`) and see its machine, but its reporter. */
export const issueAudience = <R extends Pick<Recipient, 'userId' | 'role' | 'machines'>>(
  members: readonly R[],
  e: Pick<WorkIssueEvent, 'machineId' | 'reportedBy'>,
): R[] => members.filter((r) => r.userId !== e.reportedBy && maySee(r, e.machineId, 'issue.write'));

/** "Assigned to you": only when someone else named them (assigning oneself says nothing). */
export function planAssigned(e: WorkOrderAssignedEvent): WorkNotice | null {
  if (e.assigneeUserId === e.by) {
    return null;
  }
  return {
    kind: 'work_order_assigned',
    key: `workorder:${e.workOrderId}:assigned:${e.assigneeUserId}:${e.at}`,
    title: `Assigned to you: ${e.title} (${machineOf(e)})`,
    link: workOrderLink(e.workOrderId),
    immediate: true,
  };
}

/** The assignee alone, while they still see work orders and the machine. */
export const assignedAudience = <R extends Pick<Recipient, 'userId' | 'role' | 'machines'>>(members: readonly R[], e: WorkOrderAssignedEvent): R[] =>
  members.filter((r) => r.userId === e.assigneeUserId && r.userId !== e.by && maySee(r, e.machineId, 'workorder.read'));

export function planCompleted(e: WorkOrderCompletedEvent, completedBy: string | null): WorkNotice {
  return {
    kind: 'work_order_completed',
    key: `workorder:${e.workOrderId}:completed:${e.completion}`,
    title: `Work order done: ${e.title} (${machineOf(e)})${completedBy ? `, by ${completedBy}` : ''}`,
    link: workOrderLink(e.workOrderId),
    immediate: true,
  };
}

/** The roles that run the shop: a done order is news to them whoever made it. */
const SHOP_ROLES: readonly AccountRole[] = ['owner', 'manager'];

/** A done order reaches its creator and the owners and managers who see it, but not the one who completed it. */
export const completedAudience = <R extends Pick<Recipient, 'userId' | 'role' | 'machines'>>(members: readonly R[], e: WorkOrderCompletedEvent): R[] =>
  members.filter((r) => r.userId !== e.by && (r.userId === e.createdBy || SHOP_ROLES.includes(r.role)) && maySee(r, e.machineId, 'workorder.read'));

/** What a critical issue's email says besides its title. */
export const issueDetail = (e: Pick<WorkIssueEvent, 'outOfService'>, reporter: string | null): string =>
  `Reported by ${reporter ?? 'a member'}.${e.outOfService ? ' The machine is out of service until it is resolved.' : ''}`;

/** The email of a notice sent at once (the member chose email for work). */
export function workEmail(notice: WorkNotice, detail: string | null): { subject: string; text: string } {
  const open = notice.kind === 'issue_reported' ? 'Open the machine in Wrenchlog to see it.' : 'Open the work order in Wrenchlog to see it.';
  return {
    subject: `Wrenchlog: ${notice.title}`,
    text: [notice.title, ...(detail ? ['', detail] : []), '', open, '', 'Change what you receive in Settings > Notifications.'].join('\n'),
  };
}

/** The issues a member's digest lists: reported since their last digest, not critical (those went at once), not their own, on machines they act on. */
export function digestIssues<T extends { machineId: number; priority: string; reportedBy: number; reportedAt: Date }>(
  reports: readonly T[],
  member: Pick<Recipient, 'userId' | 'role' | 'machines'>,
  since: Date,
): T[] {
  return reports.filter(
    (r) => r.reportedAt > since && r.priority !== 'critical' && r.reportedBy !== member.userId && maySee(member, r.machineId, 'issue.write'),
  );
}
