import type { AccountRole, WorkIssueEvent, WorkOrderAssignedEvent, WorkOrderCompletedEvent } from '@wrenchlog/contracts';
import { listedKinds } from '../notifications/notification.rules.js';
import {
  assignedAudience,
  completedAudience,
  digestIssues,
  issueAudience,
  issueWebhook,
  planAssigned,
  planCompleted,
  planIssueReported,
  workOrderCompletedWebhook,
} from './work.rules.js';

// Issue 35: who hears of the shop's work. An account with an owner (1), a manager (2), a mechanic of
// machine 12 only (3), a mechanic of every machine (4), an operator of machine 12 (5) and a viewer (6).
const member = (userId: number, role: AccountRole, machines: number[] | null = null) => ({ userId, role, machines: machines && new Set(machines) });
const members = [
  member(1, 'owner'),
  member(2, 'manager'),
  member(3, 'mechanic', [12]),
  member(4, 'mechanic'),
  member(5, 'operator', [12]),
  member(6, 'viewer'),
];
const ids = (list: { userId: number }[]) => list.map((m) => m.userId);

const issue = (over: Partial<WorkIssueEvent> = {}): WorkIssueEvent => ({
  accountId: 1,
  issueId: 40,
  machineId: 13,
  machineName: 'Loader 13',
  title: 'Hydraulic leak',
  priority: 'medium',
  status: 'open',
  outOfService: false,
  inspectionId: null,
  workOrderId: null,
  reportedBy: 5,
  by: 5,
  at: '2026-03-02T09:00:00.000Z',
  ...over,
});
const order = {
  accountId: 1,
  workOrderId: 7,
  machineId: 12,
  machineName: 'Loader 12',
  title: 'Fix the leak',
  priority: 'high' as const,
  createdBy: 2,
  at: '2026-03-02T10:00:00.000Z',
};
const assigned = (over: Partial<WorkOrderAssignedEvent> = {}): WorkOrderAssignedEvent => ({
  ...order,
  state: 'open',
  assigneeUserId: 3,
  previousAssigneeUserId: null,
  by: 2,
  ...over,
});
const completed = (over: Partial<WorkOrderCompletedEvent> = {}): WorkOrderCompletedEvent => ({
  ...order,
  state: 'done',
  assigneeUserId: 3,
  by: 3,
  completion: 1,
  completedAt: '2026-03-02',
  serviceRecordId: 900,
  issueIds: [40],
  cents: { labour: 15000, parts: 2480, other: 9500, total: 26980 },
  ...over,
});

describe('an issue reported', () => {
  it('reaches the members who act on issues and see its machine, but not its reporter', () => {
    // Machine 13: the mechanic of machine 12 does not see it; the operator and the viewer do not act on issues.
    expect(ids(issueAudience(members, issue()))).toEqual([1, 2, 4]);
    expect(ids(issueAudience(members, issue({ machineId: 12, reportedBy: 4 })))).toEqual([1, 2, 3]);
  });

  it('goes out at once when critical; the others wait for the digest (in the list at once either way)', () => {
    expect(planIssueReported(issue({ priority: 'critical' }))).toEqual({
      kind: 'issue_reported',
      key: 'issue:40:reported',
      title: 'Critical issue: Hydraulic leak (Loader 13)',
      link: '/machines/13',
      immediate: true,
    });
    expect(planIssueReported(issue())).toMatchObject({ title: 'New medium issue: Hydraulic leak (Loader 13)', immediate: false });
    expect(planIssueReported(issue({ machineName: null })).title).toBe('New medium issue: Hydraulic leak (Machine #13)');
  });

  it('lists in the digest the issues since the last one, not critical, not the member’s own, of machines they act on', () => {
    const since = new Date('2026-03-01T08:00:00Z');
    const report = (issueId: number, over: object) => ({
      issueId,
      machineId: 12,
      priority: 'medium',
      reportedBy: 5,
      reportedAt: new Date('2026-03-02T07:00:00Z'),
      ...over,
    });
    const reports = [
      report(1, {}),
      report(2, { priority: 'critical' }),
      report(3, { reportedAt: new Date('2026-03-01T07:00:00Z') }),
      report(4, { reportedBy: 3 }),
      report(5, { machineId: 13 }),
    ];
    expect(digestIssues(reports, members[2], since).map((r) => r.issueId)).toEqual([1]);
    expect(digestIssues(reports, members[0], since).map((r) => r.issueId)).toEqual([1, 4, 5]);
    expect(digestIssues(reports, members[4], since)).toEqual([]);
  });
});

describe('a work order assigned', () => {
  it('reaches the assignee only, while they see the machine', () => {
    expect(ids(assignedAudience(members, assigned()))).toEqual([3]);
    expect(assignedAudience(members, assigned({ machineId: 13 }))).toEqual([]);
    expect(planAssigned(assigned())).toEqual({
      kind: 'work_order_assigned',
      key: 'workorder:7:assigned:3:2026-03-02T10:00:00.000Z',
      title: 'Assigned to you: Fix the leak (Loader 12)',
      link: '/work-orders/7',
      immediate: true,
    });
  });

  it('says nothing to a member who assigned themselves', () => {
    expect(planAssigned(assigned({ assigneeUserId: 4, by: 4 }))).toBeNull();
    expect(assignedAudience(members, assigned({ assigneeUserId: 4, by: 4 }))).toEqual([]);
  });
});

describe('a work order done', () => {
  it('reaches its creator and the owners and managers, never the one who completed it', () => {
    expect(ids(completedAudience(members, completed()))).toEqual([1, 2]);
    // Made by a mechanic, completed by the manager: the owner and the mechanic who made it.
    expect(ids(completedAudience(members, completed({ createdBy: 4, by: 2 })))).toEqual([1, 4]);
    expect(planCompleted(completed(), 'Mia')).toMatchObject({
      kind: 'work_order_completed',
      key: 'workorder:7:completed:1',
      title: 'Work order done: Fix the leak (Loader 12), by Mia',
    });
  });

  it('shows no money in its notification; its webhook carries the totals in cents and the people by name', () => {
    expect(planCompleted(completed(), null).title).not.toMatch(/\d{2}\.\d{2}|\$/);
    const names = new Map([
      [2, 'Maria'],
      [3, 'Mel'],
    ]);
    expect(workOrderCompletedWebhook(completed(), names)).toEqual({
      type: 'work_order.completed',
      key: 'workorder:7:completed:1',
      data: expect.objectContaining({
        workOrderId: 7,
        machineId: 12,
        machineName: 'Loader 12',
        state: 'done',
        assignee: { id: 3, name: 'Mel' },
        createdBy: { id: 2, name: 'Maria' },
        completedBy: { id: 3, name: 'Mel' },
        costCents: 26980,
        labourCents: 15000,
        partsCents: 2480,
        otherCents: 9500,
      }),
    });
  });
});

describe('issue webhooks', () => {
  it('key a creation once and each resolution by its time', () => {
    expect(issueWebhook('issue.created', issue(), new Map()).key).toBe('issue:40:created');
    const resolved = issueWebhook('issue.resolved', issue({ status: 'resolved', by: 4, resolutionNote: 'Hose replaced' }), new Map([[4, 'Mo']]));
    expect(resolved).toMatchObject({
      key: 'issue:40:resolved:2026-03-02T09:00:00.000Z',
      data: { status: 'resolved', reportedBy: { id: 5, name: null }, resolvedBy: { id: 4, name: 'Mo' }, resolutionNote: 'Hose replaced' },
    });
  });
});

describe('the list', () => {
  it('shows the work kinds to those whose role may see them and who chose in-app for work', () => {
    const prefs = (work: ('inapp' | 'email')[]) => ({ digestTime: '08:00', timeZone: 'UTC', kinds: { maintenance: [], lowStock: [], weeklyReport: [], work } });
    expect(listedKinds('mechanic', prefs(['inapp']))).toEqual(['issue_reported', 'work_order_assigned', 'work_order_completed']);
    expect(listedKinds('viewer', prefs(['inapp']))).toEqual(['work_order_assigned', 'work_order_completed']);
    expect(listedKinds('operator', prefs(['inapp']))).toEqual([]);
    expect(listedKinds('owner', prefs(['email']))).toEqual([]);
  });
});
