import { ISSUE_BY_MACHINE, ISSUE_CREATE, ISSUE_GET, WORK_ORDER_COMPLETE, WORK_ORDER_CREATE, WORK_ORDER_GET, WORK_ORDER_LINE_ADD } from '@wrenchlog/contracts';
import { expectEventually, testEngines } from '@wrenchlog/testing';
import { announceMachine, member, memberOf, OtherServices, ServiceUnderTest, userA } from './harness.js';

// Issue 35: a completion cut between its steps (the caller gone with the reply, as after a kill -9)
// is finished or undone by the order's own recovery, without anyone completing it again.
describe.each(await testEngines())('work-order-service completion recovery (%s)', (engine) => {
  let svc: ServiceUnderTest;
  const others = new OtherServices();
  const mechanic = memberOf(userA, 'mechanic', 3202);
  const loader = 7201;

  const orderWithParts = async () => {
    const issue = await svc.send(ISSUE_CREATE, { machineId: loader, issue: { title: 'Leaking filter', priority: 'high' } }, userA);
    const order = await svc.send(WORK_ORDER_CREATE, { order: { machineId: loader, title: 'Filters', issueIds: [issue.id], scheduleIds: [51] } }, userA);
    await svc.send(WORK_ORDER_LINE_ADD, { id: order.id, line: { kind: 'part', partId: 61, quantity: 2 } }, mechanic);
    return { issue, order };
  };
  const recordsOf = (orderId: number) => [...others.records.entries()].filter(([, r]) => r.key.startsWith(`work-order:${orderId}:`));

  beforeAll(async () => {
    svc = await ServiceUnderTest.start(engine, others, { WORK_COMPLETION_STALE_MS: '300', WORK_RECOVERY_INTERVAL_MS: '200' });
    await announceMachine(svc, loader, userA, 'Volvo L60H');
    await member(svc, userA, 'Olga Owner', null);
    await member(svc, mechanic, 'Mia Mechanic', null);
    others.schedules.set(51, { machineId: loader, serviceType: 'Oil Change', accountId: userA.accountId });
    others.parts.set(61, { name: 'Fuel filter', price: 12.4, accountId: userA.accountId });
    others.stock.set(61, 10);
    await expectEventually(async () => expect(await svc.send(ISSUE_BY_MACHINE, { machineId: loader }, userA)).toEqual([]));
  });
  afterAll(async () => {
    await svc?.stop();
  });

  it('finishes a completion whose service record was made but whose answer never came: done, one record, stock taken once', async () => {
    const { issue, order } = await orderWithParts();
    others.loseReplyOf = 'service.record.create';
    const cut = await svc.send(WORK_ORDER_COMPLETE, { id: order.id, completedAt: '2026-11-29', meters: { hours: 1300 } }, mechanic, 'cut-1').then(
      () => ({ code: 'answered' }),
      (err: { code: string }) => err,
    );
    expect(cut.code).toBe('UNAVAILABLE');
    expect(recordsOf(order.id)).toHaveLength(1);

    await expectEventually(async () => expect((await svc.send(WORK_ORDER_GET, { id: order.id }, userA)).state).toBe('done'));
    const done = await svc.send(WORK_ORDER_GET, { id: order.id }, userA);
    expect(recordsOf(order.id).map(([id]) => id)).toEqual([done.serviceRecordId]);
    expect(recordsOf(order.id)[0][1].body).toMatchObject({ completesScheduleIds: [51], hours: 1300, serviceDate: '2026-11-29' });
    expect(others.stock.get(61)).toBe(8);
    expect(await svc.send(ISSUE_GET, { id: issue.id }, userA)).toMatchObject({ status: 'resolved' });
    // The caller's retry with its key answers the finished order.
    expect(await svc.send(WORK_ORDER_COMPLETE, { id: order.id, completedAt: '2026-11-29' }, mechanic, 'cut-1')).toMatchObject({ state: 'done' });
    expect(recordsOf(order.id)).toHaveLength(1);
  });

  it('undoes a cut completion whose next step is refused: the stock it took goes back and the order stays open', async () => {
    const { issue, order } = await orderWithParts();
    const before = others.stock.get(61);
    others.loseReplyOf = 'inventory.stock.take';
    others.refuse = 'service.record.create';
    try {
      expect((await svc.failure(WORK_ORDER_COMPLETE, { id: order.id, completedAt: '2026-11-29' }, mechanic)).code).toBe('UNAVAILABLE');
      expect(others.stock.get(61)).toBe(before! - 2);
      await expectEventually(async () => expect(others.stock.get(61)).toBe(before));
    } finally {
      others.refuse = null;
    }
    expect(await svc.send(WORK_ORDER_GET, { id: order.id }, userA)).toMatchObject({ state: 'open', serviceRecordId: null });
    expect(recordsOf(order.id)).toHaveLength(0);
    expect(await svc.send(ISSUE_GET, { id: issue.id }, userA)).toMatchObject({ status: 'in_progress' });
    // Ended: completing it now works as for any open order.
    expect(await svc.send(WORK_ORDER_COMPLETE, { id: order.id, completedAt: '2026-11-30' }, mechanic)).toMatchObject({ state: 'done' });
    expect(recordsOf(order.id)).toHaveLength(1);
  });
});
