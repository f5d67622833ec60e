import {
  ISSUE_BY_MACHINE,
  ISSUE_CLOSE,
  ISSUE_CREATE,
  ISSUE_GET,
  ISSUE_LIST,
  ISSUE_UPDATE,
  ISSUE_RESOLVE,
  WORK_ORDER_COMPLETE,
  WORK_ORDER_CREATE,
  WORK_ORDER_DELETE,
  WORK_ORDER_GET,
  WORK_ORDER_LINE_ADD,
  WORK_ORDER_LIST,
  WORK_ORDER_REOPEN,
  WORK_ORDER_UPDATE,
  type Issue,
} from '@wrenchlog/contracts';
import { expectEventually, testEngines } from '@wrenchlog/testing';
import { announceMachine, member, memberOf, OtherServices, ServiceUnderTest, userA, userB } from './harness.js';

// Issue 35 in work-order-service: issues and their states, work orders with lines and totals, who
// may do what, and completion (the service record it asks for, its issues) with reopening.
describe.each(await testEngines())('work-order-service (%s)', (engine) => {
  let svc: ServiceUnderTest;
  const others = new OtherServices();
  const operator = memberOf(userA, 'operator', 3001);
  const mechanic = memberOf(userA, 'mechanic', 3002);
  const viewer = memberOf(userA, 'viewer', 3003);
  const otherMechanic = memberOf(userA, 'mechanic', 3004);
  const loader = 7001;
  const tractor = 7002;
  const strangers = 7003;
  let seq = 0;
  const report = (actor = operator, machineId = loader, priority: Issue['priority'] = 'high') =>
    svc.send(ISSUE_CREATE, { machineId, issue: { title: `Hydraulic leak ${++seq}`, priority } }, actor);
  const refusal = async (p: Promise<{ code: string; message: string; details?: unknown }>) => {
    const { code, message, details } = await p;
    return details ? { code, message, details } : { code, message };
  };

  beforeAll(async () => {
    svc = await ServiceUnderTest.start(engine, others);
    await announceMachine(svc, loader, userA, 'Volvo L60H');
    await announceMachine(svc, tractor, userA, 'John Deere 5075E');
    await announceMachine(svc, strangers, userB);
    await member(svc, userA, 'Olga Owner', null);
    await member(svc, operator, 'Otto Operator', [loader]);
    await member(svc, mechanic, 'Mia Mechanic', [loader, tractor]);
    await member(svc, viewer, 'Vera Viewer', null);
    await member(svc, otherMechanic, 'Max Mechanic', [tractor]);
    others.schedules.set(41, { machineId: loader, serviceType: 'Oil Change', accountId: userA.accountId });
    others.schedules.set(42, { machineId: tractor, serviceType: 'Oil Change', accountId: userA.accountId });
    others.parts.set(31, { name: 'Oil filter', price: 12.4, accountId: userA.accountId });
    others.parts.set(32, { name: 'Their filter', price: 1, accountId: userB.accountId });
    others.stock.set(31, 5);
    await expectEventually(async () => expect((await svc.send(ISSUE_BY_MACHINE, { machineId: strangers }, userB)).length).toBe(0));
    await expectEventually(async () => expect(await svc.send(ISSUE_BY_MACHINE, { machineId: tractor }, userA)).toEqual([]));
  });
  afterAll(async () => {
    await svc?.stop();
  });

  it('lets an operator report an issue on their machine, open, with who reported it', async () => {
    const issue = await report();
    expect(issue).toMatchObject({
      machineId: loader,
      machineName: 'Volvo L60H',
      priority: 'high',
      status: 'open',
      workOrderId: null,
      inspectionId: null,
      createdBy: { id: operator.userId, name: 'Otto Operator' },
    });
    expect(await svc.send(ISSUE_GET, { id: issue.id }, viewer)).toMatchObject({ id: issue.id, status: 'open', meters: null });
  });

  it('keeps the meter values given with a report, and through a change that leaves them out', async () => {
    const issue = await svc.send(ISSUE_CREATE, { machineId: loader, issue: { title: 'Noisy pump', priority: 'medium', meters: { hours: 1234.5 } } }, operator);
    expect(issue.meters).toEqual({ distance: null, hours: 1234.5 });
    const changed = await svc.send(ISSUE_UPDATE, { id: issue.id, issue: { title: 'Noisy hydraulic pump', priority: 'medium' } }, mechanic);
    expect(changed).toMatchObject({ title: 'Noisy hydraulic pump', meters: { distance: null, hours: 1234.5 } });
  });

  it("hides another machine and another account's issues (404), and refuses a viewer's report (403)", async () => {
    expect(await refusal(svc.failure(ISSUE_CREATE, { machineId: tractor, issue: { title: 'x', priority: 'low' } }, operator))).toEqual({
      code: 'NOT_FOUND',
      message: 'Machine not found',
    });
    const theirs = await report(userB, strangers);
    expect(await refusal(svc.failure(ISSUE_GET, { id: theirs.id }, userA))).toEqual({ code: 'NOT_FOUND', message: 'Issue not found' });
    expect(await refusal(svc.failure(ISSUE_CREATE, { machineId: loader, issue: { title: 'x', priority: 'low' } }, viewer))).toEqual({
      code: 'FORBIDDEN',
      message: 'Your role (viewer) cannot report issues',
    });
    expect(await refusal(svc.failure(ISSUE_RESOLVE, { id: theirs.id }, operator))).toEqual({
      code: 'FORBIDDEN',
      message: 'Your role (operator) cannot change, resolve or close issues',
    });
  });

  it('resolves by hand with a note, closes with a reason, and refuses resolving a closed issue with 409 in words', async () => {
    const a = await report();
    expect(await svc.send(ISSUE_RESOLVE, { id: a.id, note: 'Tightened the fitting' }, mechanic)).toMatchObject({
      status: 'resolved',
      resolutionNote: 'Tightened the fitting',
    });
    const b = await report();
    expect(await svc.send(ISSUE_CLOSE, { id: b.id, reason: 'Not a fault' }, mechanic)).toMatchObject({ status: 'closed', closeReason: 'Not a fault' });
    expect(await refusal(svc.failure(ISSUE_RESOLVE, { id: b.id }, mechanic))).toEqual({
      code: 'CONFLICT',
      message: 'A closed issue cannot be resolved: reopen it by reporting it again',
    });
    expect(await refusal(svc.failure(ISSUE_CLOSE, { id: a.id, reason: 'x' }, mechanic))).toEqual({
      code: 'CONFLICT',
      message: 'A resolved issue cannot be closed',
    });
  });

  it('lists issues by status, priority and machine, most urgent first, an operator only theirs', async () => {
    const critical = await report(userA, tractor, 'critical');
    const page = await svc.send(ISSUE_LIST, { status: 'open', machineId: tractor }, userA);
    expect(page.content.map((i) => i.id)).toEqual([critical.id]);
    const all = await svc.send(ISSUE_LIST, { status: 'open,in_progress', size: 100 }, userA);
    expect(all.content[0].priority).toBe('critical');
    const mine = await svc.send(ISSUE_LIST, { size: 100 }, operator);
    expect(mine.content.every((i) => i.machineId === loader)).toBe(true);
    expect((await svc.send(ISSUE_LIST, { priority: 'low' }, userA)).content).toEqual([]);
  });

  it('makes an order from an issue and a schedule, totals the worked example to 269.80, completes and reopens it', async () => {
    const issue = await report();
    const order = await svc.send(
      WORK_ORDER_CREATE,
      { order: { machineId: loader, title: '250-hour service', issueIds: [issue.id], scheduleIds: [41], assigneeUserId: mechanic.userId } },
      userA,
    );
    expect(order).toMatchObject({ state: 'open', issueIds: [issue.id], scheduleIds: [41], assignee: { id: mechanic.userId, name: 'Mia Mechanic' } });
    expect(await svc.send(ISSUE_GET, { id: issue.id }, userA)).toMatchObject({ status: 'in_progress', workOrderId: order.id });

    const labour = await svc.send(WORK_ORDER_LINE_ADD, { id: order.id, line: { kind: 'labour', hours: 2.5, rate: 60, userId: mechanic.userId } }, mechanic);
    expect(labour).toMatchObject({ kind: 'labour', amount: 150 });
    expect(await svc.send(WORK_ORDER_LINE_ADD, { id: order.id, line: { kind: 'part', partId: 31, quantity: 2 } }, mechanic)).toMatchObject({
      partName: 'Oil filter',
      unitPrice: 12.4,
      amount: 24.8,
    });
    await svc.send(WORK_ORDER_LINE_ADD, { id: order.id, line: { kind: 'other', description: 'Outside service', cost: 95 } }, mechanic);
    const read = await svc.send(WORK_ORDER_GET, { id: order.id }, viewer);
    expect(read.totals).toEqual({ labour: 150, parts: 24.8, other: 95, total: 269.8 });
    // The order's read names the labour line's person (the web app's "person" column).
    expect(read.lines.find((l) => l.kind === 'labour')).toMatchObject({ userId: mechanic.userId, userName: 'Mia Mechanic' });

    const done = await svc.send(WORK_ORDER_COMPLETE, { id: order.id, completedAt: '2026-11-20', meters: { hours: 1250 } }, mechanic, 'complete-1');
    expect(done).toMatchObject({ state: 'done', completedAt: '2026-11-20', completionMeters: { distance: null, hours: 1250 } });
    const record = others.records.get(done.serviceRecordId!)!;
    expect(record.body).toMatchObject({
      machineId: loader,
      price: 269.8,
      serviceDate: '2026-11-20',
      serviceType: 'Oil Change',
      hours: 1250,
      completesScheduleIds: [41],
    });
    expect(record.body.notes).toContain('Labour (Mia Mechanic): 2.5 h x 60.00 = 150.00');
    expect(await svc.send(ISSUE_GET, { id: issue.id }, userA)).toMatchObject({ status: 'resolved', workOrderId: order.id });
    expect(others.stock.get(31)).toBe(3);

    // A retry with the same key answers the order; another completion is 409; either makes no second record.
    expect(await svc.send(WORK_ORDER_COMPLETE, { id: order.id, completedAt: '2026-11-20' }, mechanic, 'complete-1')).toMatchObject({
      serviceRecordId: done.serviceRecordId,
    });
    expect(await refusal(svc.failure(WORK_ORDER_COMPLETE, { id: order.id, completedAt: '2026-11-20' }, mechanic))).toEqual({
      code: 'CONFLICT',
      message: 'The work order is already done',
    });
    expect(others.records.size).toBe(1);
    expect(others.stock.get(31)).toBe(3);

    const reopened = await svc.send(WORK_ORDER_REOPEN, { id: order.id }, mechanic);
    expect(reopened).toMatchObject({ state: 'in_progress', serviceRecordId: null, completedAt: null });
    expect(others.records.has(done.serviceRecordId!)).toBe(false);
    expect(await svc.send(ISSUE_GET, { id: issue.id }, userA)).toMatchObject({ status: 'in_progress', resolutionNote: null });
    expect(others.stock.get(31)).toBe(5);

    // Short stock: 409 naming the part, and nothing written; allowed, it completes.
    others.stock.set(31, 1);
    expect(await refusal(svc.failure(WORK_ORDER_COMPLETE, { id: order.id, completedAt: '2026-11-22' }, mechanic))).toEqual({
      code: 'CONFLICT',
      message: 'Not enough stock: Oil filter',
    });
    expect(others.records.size).toBe(0);
    expect(await svc.send(WORK_ORDER_GET, { id: order.id }, mechanic)).toMatchObject({ state: 'in_progress' });
    const forced = await svc.send(WORK_ORDER_COMPLETE, { id: order.id, completedAt: '2026-11-22', allowNegativeStock: true }, mechanic);
    expect(forced).toMatchObject({ state: 'done' });
    expect(others.stock.get(31)).toBe(0);
    await svc.send(WORK_ORDER_REOPEN, { id: order.id }, mechanic);
    expect(others.stock.get(31)).toBe(1);
    others.records.clear();
  });

  it('assigns a mechanic who joined a moment ago (asked of user-service before their event arrives), never a stranger', async () => {
    others.joining.set(`${userA.accountId}:3005`, { role: 'mechanic', machineIds: [loader] });
    const order = await svc.send(WORK_ORDER_CREATE, { order: { machineId: loader, title: 'Grease the boom', assigneeUserId: 3005 } }, userA);
    expect(order).toMatchObject({ machineId: loader, assignee: { id: 3005 } });
    expect(await refusal(svc.failure(WORK_ORDER_CREATE, { order: { machineId: tractor, title: 'Not theirs', assigneeUserId: 3005 } }, userA))).toMatchObject({
      details: [{ field: 'assigneeUserId' }],
    });
    expect(await refusal(svc.failure(WORK_ORDER_CREATE, { order: { machineId: loader, title: 'Nobody', assigneeUserId: 3999 } }, userA))).toMatchObject({
      details: [{ field: 'assigneeUserId' }],
    });
  });

  it('refuses an assignee who is not a mechanic or cannot see the machine, bad lines, and changes to a done order', async () => {
    const base = { machineId: loader, title: 'Check brakes' };
    const assigneeRefusal = {
      code: 'VALIDATION',
      message: 'Assignee must be a member with the mechanic, manager or owner role who can see the machine',
      details: [{ field: 'assigneeUserId', message: 'Assignee must be a member with the mechanic, manager or owner role who can see the machine' }],
    };
    expect(await refusal(svc.failure(WORK_ORDER_CREATE, { order: { ...base, assigneeUserId: operator.userId } }, userA))).toEqual(assigneeRefusal);
    expect(await refusal(svc.failure(WORK_ORDER_CREATE, { order: { ...base, assigneeUserId: otherMechanic.userId } }, userA))).toEqual(assigneeRefusal);
    expect(await refusal(svc.failure(WORK_ORDER_CREATE, { order: { ...base, scheduleIds: [42] } }, userA))).toMatchObject({
      code: 'VALIDATION',
      message: 'Schedule not found on this machine',
    });
    const order = await svc.send(WORK_ORDER_CREATE, { order: base }, mechanic);
    expect(await refusal(svc.failure(WORK_ORDER_LINE_ADD, { id: order.id, line: { kind: 'labour', hours: -1, rate: 60 } }, mechanic))).toMatchObject({
      code: 'VALIDATION',
      message: 'Hours must be a number from 0 to 10000 with at most 2 decimals',
    });
    expect(await refusal(svc.failure(WORK_ORDER_LINE_ADD, { id: order.id, line: { kind: 'part', partId: 31, quantity: -2 } }, mechanic))).toMatchObject({
      code: 'VALIDATION',
      message: 'Quantity must be a whole number from 1 to 1000000',
    });
    expect(await refusal(svc.failure(WORK_ORDER_LINE_ADD, { id: order.id, line: { kind: 'part', partId: 32, quantity: 1 } }, mechanic))).toEqual({
      code: 'VALIDATION',
      message: 'Part not found',
      details: [{ field: 'partId', message: 'Part not found' }],
    });
    await svc.send(WORK_ORDER_COMPLETE, { id: order.id, completedAt: '2026-11-21' }, mechanic);
    expect(await refusal(svc.failure(WORK_ORDER_UPDATE, { id: order.id, order: { title: 'x' } }, mechanic))).toEqual({
      code: 'CONFLICT',
      message: 'The work order is done: reopen it first',
    });
    expect(await refusal(svc.failure(WORK_ORDER_DELETE, { id: order.id }, mechanic))).toEqual({
      code: 'FORBIDDEN',
      message: 'Your role (mechanic) cannot delete a done work order',
    });
    expect(await svc.send(WORK_ORDER_DELETE, { id: order.id }, userA)).toEqual({ id: order.id });
  });

  it("answers the board by state and assignee in one call, and never an operator's (403)", async () => {
    const mine = await svc.send(WORK_ORDER_CREATE, { order: { machineId: tractor, title: 'Tyres', assigneeUserId: mechanic.userId } }, userA);
    await svc.send(WORK_ORDER_UPDATE, { id: mine.id, order: { state: 'waiting_for_parts' } }, mechanic);
    const board = await svc.send(WORK_ORDER_LIST, { state: 'waiting_for_parts', assignee: 'me' }, mechanic);
    expect(board.content.map((o) => [o.id, o.state, o.machineName])).toEqual([[mine.id, 'waiting_for_parts', 'John Deere 5075E']]);
    expect(await refusal(svc.failure(WORK_ORDER_LIST, {}, operator))).toEqual({ code: 'FORBIDDEN', message: 'Your role (operator) cannot see work orders' });
    expect((await svc.send(WORK_ORDER_LIST, {}, userB)).content).toEqual([]);
  });

  it('lets a cancelled order give its issues back, open', async () => {
    const issue = await report();
    const order = await svc.send(WORK_ORDER_CREATE, { order: { machineId: loader, title: 'Leak', issueIds: [issue.id] } }, userA);
    expect(await refusal(svc.failure(WORK_ORDER_CREATE, { order: { machineId: loader, title: 'Again', issueIds: [issue.id] } }, userA))).toMatchObject({
      message: 'The issue is already on another work order, or resolved or closed',
    });
    await svc.send(WORK_ORDER_UPDATE, { id: order.id, order: { state: 'cancelled' } }, userA);
    expect(await svc.send(ISSUE_GET, { id: issue.id }, userA)).toMatchObject({ status: 'open', workOrderId: null });
  });
});
