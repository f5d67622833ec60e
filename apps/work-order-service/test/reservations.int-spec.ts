import {
  WORK_ORDER_COMPLETE,
  WORK_ORDER_CREATE,
  WORK_ORDER_DELETE,
  WORK_ORDER_LINE_ADD,
  WORK_ORDER_LINE_DELETE,
  WORK_ORDER_LINE_UPDATE,
  WORK_ORDER_GET,
  WORK_ORDER_REOPEN,
  WORK_ORDER_UPDATE,
} from '@wrenchlog/contracts';
import { expectEventually, testEngines } from '@wrenchlog/testing';
import { announceMachine, member, memberOf, OtherServices, ServiceUnderTest, userA } from './harness.js';

// Issue 35's reservations from work-order-service: the part lines of an open order are reserved in
// fuel-purchase-service (its answers at the RPC boundary), the whole set with a rising version at
// each change; cancelling, deleting and completing release them, reopening reserves them again, and
// a change the inventory cannot hear is refused whole.
describe.each(await testEngines())('work-order-service reservations (%s)', (engine) => {
  let svc: ServiceUnderTest;
  const others = new OtherServices();
  const mechanic = memberOf(userA, 'mechanic', 3102);
  const loader = 7101;
  const held = (orderId: number) => others.reservations.get(`work-order:${orderId}`);
  const newOrder = (title = 'Reseal') => svc.send(WORK_ORDER_CREATE, { order: { machineId: loader, title } }, userA);

  beforeAll(async () => {
    svc = await ServiceUnderTest.start(engine, others);
    await announceMachine(svc, loader, userA, 'Volvo L60H');
    await member(svc, userA, 'Olga Owner', null);
    await member(svc, mechanic, 'Mia Mechanic', [loader]);
    others.parts.set(51, { name: 'Seal kit', price: 89, accountId: userA.accountId });
    others.parts.set(52, { name: 'Oil filter', price: 12.4, accountId: userA.accountId });
    others.stock.set(51, 5);
    others.stock.set(52, 5);
    await expectEventually(async () => expect((await newOrder('probe')).machineId).toBe(loader));
  });
  afterAll(async () => {
    await svc?.stop();
  });

  it('reserves each part line by its own key, follows its quantity and releases it when the line goes', async () => {
    const order = await newOrder();
    await svc.send(WORK_ORDER_LINE_ADD, { id: order.id, line: { kind: 'labour', hours: 1, rate: 60 } }, mechanic);
    expect(held(order.id)).toBeUndefined();
    const seals = await svc.send(WORK_ORDER_LINE_ADD, { id: order.id, line: { kind: 'part', partId: 51, quantity: 2 } }, mechanic);
    expect(held(order.id)).toEqual({ version: 1, lines: [{ key: `work-order:${order.id}:line:${seals.id}`, partId: 51, quantity: 2 }] });
    await svc.send(WORK_ORDER_LINE_UPDATE, { id: order.id, lineId: seals.id, line: { kind: 'part', partId: 51, quantity: 3 } }, mechanic);
    expect(held(order.id)).toMatchObject({ version: 2, lines: [{ partId: 51, quantity: 3 }] });
    await svc.send(WORK_ORDER_LINE_DELETE, { id: order.id, lineId: seals.id }, mechanic);
    expect(held(order.id)).toEqual({ version: 3, lines: [] });
  });

  it('releases the reservation when the order is cancelled or deleted, and reserves again when it is opened', async () => {
    const order = await newOrder();
    await svc.send(WORK_ORDER_LINE_ADD, { id: order.id, line: { kind: 'part', partId: 52, quantity: 1 } }, mechanic);
    await svc.send(WORK_ORDER_UPDATE, { id: order.id, order: { state: 'cancelled' } }, userA);
    expect(held(order.id)?.lines).toEqual([]);
    await svc.send(WORK_ORDER_UPDATE, { id: order.id, order: { state: 'open' } }, userA);
    expect(held(order.id)?.lines).toMatchObject([{ partId: 52, quantity: 1 }]);
    await svc.send(WORK_ORDER_DELETE, { id: order.id }, userA);
    expect(held(order.id)).toMatchObject({ version: 4, lines: [] });
  });

  it('turns the reservation into the take on completion, and reserves again on reopening', async () => {
    const order = await newOrder();
    await svc.send(WORK_ORDER_LINE_ADD, { id: order.id, line: { kind: 'part', partId: 51, quantity: 2 } }, mechanic);
    await svc.send(WORK_ORDER_COMPLETE, { id: order.id, completedAt: '2026-11-20' }, mechanic, `complete-${order.id}`);
    expect(others.stock.get(51)).toBe(3);
    expect(held(order.id)?.lines).toEqual([]);
    await svc.send(WORK_ORDER_REOPEN, { id: order.id }, userA);
    expect(others.stock.get(51)).toBe(5);
    expect(held(order.id)?.lines).toMatchObject([{ partId: 51, quantity: 2 }]);
  });

  it('refuses a part line the inventory cannot hear (503), keeping the order as it was', async () => {
    const order = await newOrder();
    others.inventoryDown = true;
    try {
      expect(await svc.failure(WORK_ORDER_LINE_ADD, { id: order.id, line: { kind: 'part', partId: 51, quantity: 1 } }, mechanic)).toMatchObject({
        code: 'UNAVAILABLE',
      });
    } finally {
      others.inventoryDown = false;
    }
    expect((await svc.send(WORK_ORDER_GET, { id: order.id }, userA)).lines).toEqual([]);
  });
});
