import {
  INSPECTION_CREATE,
  INSPECTION_FORM_CREATE,
  ISSUE_CREATE,
  ISSUE_RESOLVE,
  WORK_INSPECTION_FAILED,
  WORK_ISSUE_CREATED,
  WORK_ISSUE_RESOLVED,
  WORK_ORDER_ASSIGNED,
  WORK_ORDER_COMPLETE,
  WORK_ORDER_COMPLETED,
  WORK_ORDER_CREATE,
  WORK_ORDER_CREATED,
  WORK_ORDER_GET,
  WORK_ORDER_LINE_ADD,
  WORK_ORDER_UPDATE,
  type WorkIssueEvent,
  type WorkOrderCompletedEvent,
} from '@wrenchlog/contracts';
import { expectEventually, testEngines } from '@wrenchlog/testing';
import { announceMachine, member, memberOf, OtherServices, ServiceUnderTest, userA } from './harness.js';

// Issue 35, notifications and webhooks: work-order-service announces its facts to notification-service
// through its outbox, in the transaction of each change. A change that rolls back announces nothing;
// a retried create (same Idempotency-Key) announces once.
describe.each(await testEngines())('work-order-service events (%s)', (engine) => {
  let svc: ServiceUnderTest;
  const others = new OtherServices();
  const mechanic = memberOf(userA, 'mechanic', 3202);
  const manager = memberOf(userA, 'manager', 3203);
  const loader = 7301;
  /** What the outbox has published under `event` (once it has sent everything). */
  const published = async <T = Record<string, unknown>>(event: string, match: (e: T) => boolean = () => true): Promise<T[]> => {
    await expectEventually(async () => expect(await svc.outboxPending()).toBe(0));
    return (svc.events(event) as T[]).filter(match);
  };

  beforeAll(async () => {
    svc = await ServiceUnderTest.start(engine, others);
    await announceMachine(svc, loader, userA, 'Volvo L60H');
    await member(svc, userA, 'Olga Owner', null);
    await member(svc, mechanic, 'Mia Mechanic', [loader]);
    await member(svc, manager, 'Max Manager', null);
    others.parts.set(61, { name: 'Hose', price: 24.8, accountId: userA.accountId });
    others.stock.set(61, 10);
    await expectEventually(async () =>
      expect(await svc.send(ISSUE_CREATE, { machineId: loader, issue: { title: 'probe', priority: 'low' } }, userA)).toMatchObject({ machineId: loader }),
    );
  });
  afterAll(async () => {
    await svc?.stop();
  });

  it('announces an issue reported once, a retry with the same key included, and its resolution by hand', async () => {
    const body = { machineId: loader, issue: { title: 'Hydraulic leak', priority: 'critical' as const, outOfService: true } };
    const issue = await svc.send(ISSUE_CREATE, body, mechanic, 'leak-1');
    expect((await svc.send(ISSUE_CREATE, body, mechanic, 'leak-1')).id).toBe(issue.id);
    expect(await published<WorkIssueEvent>(WORK_ISSUE_CREATED, (e) => e.issueId === issue.id)).toEqual([
      {
        accountId: userA.accountId,
        issueId: issue.id,
        machineId: loader,
        machineName: 'Volvo L60H',
        title: 'Hydraulic leak',
        priority: 'critical',
        status: 'open',
        outOfService: true,
        inspectionId: null,
        workOrderId: null,
        reportedBy: mechanic.userId,
        by: mechanic.userId,
        at: issue.createdAt,
      },
    ]);
    const resolved = await svc.send(ISSUE_RESOLVE, { id: issue.id, note: 'Hose replaced' }, manager);
    expect(await published<WorkIssueEvent>(WORK_ISSUE_RESOLVED, (e) => e.issueId === issue.id)).toEqual([
      expect.objectContaining({
        status: 'resolved',
        by: manager.userId,
        reportedBy: mechanic.userId,
        resolutionNote: 'Hose replaced',
        at: resolved.resolvedAt,
      }),
    ]);
  });

  it('announces an order made with its issues and assignee, and each later change of assignee to a person', async () => {
    const issue = await svc.send(ISSUE_CREATE, { machineId: loader, issue: { title: 'Bucket pin worn', priority: 'medium' } }, userA);
    const order = await svc.send(
      WORK_ORDER_CREATE,
      { order: { machineId: loader, title: 'Replace pin', issueIds: [issue.id], assigneeUserId: mechanic.userId } },
      manager,
    );
    expect(await published(WORK_ORDER_CREATED, (e) => e.workOrderId === order.id)).toEqual([
      expect.objectContaining({
        machineName: 'Volvo L60H',
        title: 'Replace pin',
        state: 'open',
        createdBy: manager.userId,
        by: manager.userId,
        issueIds: [issue.id],
      }),
    ]);
    const assigned = () => published(WORK_ORDER_ASSIGNED, (e) => e.workOrderId === order.id);
    expect(await assigned()).toEqual([expect.objectContaining({ assigneeUserId: mechanic.userId, previousAssigneeUserId: null, by: manager.userId })]);
    // The same assignee again, or none, says nothing; another person does.
    await svc.send(WORK_ORDER_UPDATE, { id: order.id, order: { assigneeUserId: mechanic.userId, title: 'Replace the pin' } }, userA);
    await svc.send(WORK_ORDER_UPDATE, { id: order.id, order: { assigneeUserId: null } }, userA);
    await svc.send(WORK_ORDER_UPDATE, { id: order.id, order: { assigneeUserId: manager.userId } }, userA);
    expect((await assigned()).map((e) => [e.assigneeUserId, e.previousAssigneeUserId, e.by])).toEqual([
      [mechanic.userId, null, manager.userId],
      [manager.userId, null, userA.userId],
    ]);
  });

  it('announces nothing of a change that rolled back (the inventory could not hear it)', async () => {
    const order = await svc.send(WORK_ORDER_CREATE, { order: { machineId: loader, title: 'Reseal' } }, userA);
    await svc.send(WORK_ORDER_LINE_ADD, { id: order.id, line: { kind: 'part', partId: 61, quantity: 1 } }, mechanic);
    others.inventoryDown = true;
    try {
      expect(await svc.failure(WORK_ORDER_UPDATE, { id: order.id, order: { state: 'cancelled', assigneeUserId: mechanic.userId } }, userA)).toMatchObject({
        code: 'UNAVAILABLE',
      });
    } finally {
      others.inventoryDown = false;
    }
    expect((await svc.send(WORK_ORDER_GET, { id: order.id }, userA)).assignee).toBeNull();
    expect(await published(WORK_ORDER_ASSIGNED, (e) => e.workOrderId === order.id)).toEqual([]);
  });

  it('announces a completion with its totals in cents and its issues resolved, only once it committed', async () => {
    const issue = await svc.send(ISSUE_CREATE, { machineId: loader, issue: { title: 'Boom hose weeping', priority: 'high' } }, mechanic);
    const order = await svc.send(WORK_ORDER_CREATE, { order: { machineId: loader, title: 'Boom hose', issueIds: [issue.id] } }, manager);
    await svc.send(WORK_ORDER_LINE_ADD, { id: order.id, line: { kind: 'labour', hours: 1.5, rate: 60 } }, mechanic);
    await svc.send(WORK_ORDER_LINE_ADD, { id: order.id, line: { kind: 'part', partId: 61, quantity: 2 } }, mechanic);
    const completed = () => published<WorkOrderCompletedEvent>(WORK_ORDER_COMPLETED, (e) => e.workOrderId === order.id);
    const resolved = () => published<WorkIssueEvent>(WORK_ISSUE_RESOLVED, (e) => e.issueId === issue.id);
    // The release of its reservations fails inside the completion's transaction: the order stays open, nothing is announced.
    others.inventoryDown = true;
    try {
      expect(await svc.failure(WORK_ORDER_COMPLETE, { id: order.id, completedAt: '2026-11-30' }, mechanic)).toMatchObject({ code: 'UNAVAILABLE' });
    } finally {
      others.inventoryDown = false;
    }
    expect((await svc.send(WORK_ORDER_GET, { id: order.id }, userA)).state).toBe('open');
    expect(await completed()).toEqual([]);
    expect(await resolved()).toEqual([]);

    const done = await svc.send(WORK_ORDER_COMPLETE, { id: order.id, completedAt: '2026-11-30' }, mechanic, `events-${order.id}`);
    await svc.send(WORK_ORDER_COMPLETE, { id: order.id, completedAt: '2026-11-30' }, mechanic, `events-${order.id}`);
    expect(await completed()).toEqual([
      expect.objectContaining({
        state: 'done',
        by: mechanic.userId,
        createdBy: manager.userId,
        completion: 1,
        completedAt: '2026-11-30',
        serviceRecordId: done.serviceRecordId,
        issueIds: [issue.id],
        cents: { labour: 9000, parts: 4960, other: 0, total: 13960 },
      }),
    ]);
    expect(await resolved()).toEqual([
      expect.objectContaining({ by: mechanic.userId, workOrderId: order.id, resolutionNote: `Resolved by work order #${order.id}` }),
    ]);
  });

  it('announces a failed inspection and the issue each failed item opened, in its transaction', async () => {
    const form = await svc.send(
      INSPECTION_FORM_CREATE,
      { form: { name: 'Walk-around', frequency: 'daily', items: [{ id: 'hoses', label: 'Hoses', kind: 'pass_fail', required: true }] } },
      userA,
    );
    const inspection = await svc.send(
      INSPECTION_CREATE,
      { machineId: loader, inspection: { formId: form.id, readAt: '2026-11-30', items: [{ itemId: 'hoses', result: 'fail', note: 'Wet' }], signedBy: 'Mia' } },
      mechanic,
    );
    const [opened] = inspection.issues;
    expect(await published(WORK_INSPECTION_FAILED, (e) => e.inspectionId === inspection.id)).toEqual([
      expect.objectContaining({
        machineName: 'Volvo L60H',
        formName: 'Walk-around',
        readAt: '2026-11-30',
        failedItems: [{ itemId: 'hoses', label: 'Hoses', value: null, note: 'Wet' }],
        issueIds: [opened.id],
        signedBy: 'Mia',
        by: mechanic.userId,
      }),
    ]);
    expect(await published<WorkIssueEvent>(WORK_ISSUE_CREATED, (e) => e.issueId === opened.id)).toEqual([
      expect.objectContaining({ inspectionId: inspection.id, priority: 'medium', reportedBy: mechanic.userId }),
    ]);
  });
});
