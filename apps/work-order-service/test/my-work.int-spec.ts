import {
  ISSUE_BY_MACHINE,
  MY_WORK_LIST,
  WORK_ORDER_COMPLETE,
  WORK_ORDER_CREATE,
  WORK_ORDER_LINE_ADD,
  WORK_ORDER_UPDATE,
  type AccountRole,
  type Actor,
  type IssuePriority,
} from '@wrenchlog/contracts';
import { MemberDirectory } from '@wrenchlog/platform';
import { expectEventually, testEngines } from '@wrenchlog/testing';
import { announceMachine, OtherServices, ServiceUnderTest, userA, userB } from './harness.js';

// Issue 35, the mechanic's portal: one person's open orders in every account they work in, found by
// work-order-service from its own members projection, with each account's rights and machines.
describe.each(await testEngines())('my work (%s)', (engine) => {
  let svc: ServiceUnderTest;
  const others = new OtherServices();
  const farmC: Actor = { userId: 303, adminLevel: 0, accountId: 303, role: 'owner' };
  const farmD: Actor = { userId: 404, adminLevel: 0, accountId: 404, role: 'owner' };
  const mia = 5001;
  const max = 5002;
  const as = (accountId: number, role: AccountRole, userId = mia): Actor => ({ userId, adminLevel: 0, accountId, role });
  const [loader, tractor, excavator, mower, truck] = [7101, 7102, 7201, 7301, 7401];
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const ids: Record<string, number> = {};

  /** A member as user-service announces it; a later change passes a later `at`. */
  const join = (accountId: number, userId: number, role: AccountRole, machineIds: number[] | null, at = new Date()) =>
    svc.get(MemberDirectory).onSaved({ accountId, userId, name: `Person ${userId}`, role, machineIds, removed: false, at: at.toISOString() });
  const order = async (key: string, owner: Actor, machineId: number, assignee: number, priority: IssuePriority = 'medium', plannedDate?: string) => {
    ids[key] = (await svc.send(WORK_ORDER_CREATE, { order: { machineId, title: key, assigneeUserId: assignee, priority, plannedDate } }, owner)).id;
  };
  const mine = async (actor: Actor) => (await svc.send(MY_WORK_LIST, {}, actor)).content;

  beforeAll(async () => {
    svc = await ServiceUnderTest.start(engine, others);
    await announceMachine(svc, loader, userA, 'Volvo L60H');
    await announceMachine(svc, tractor, userA, 'John Deere 5075E');
    await announceMachine(svc, excavator, userB, 'CAT 305');
    await announceMachine(svc, mower, farmC, 'Toro Z500');
    await announceMachine(svc, truck, farmD, 'Ford F-350');
    for (const owner of [userA, userB, farmC, farmD]) {
      await join(owner.accountId, owner.userId, 'owner', null);
    }
    await join(101, mia, 'mechanic', [loader, tractor]);
    await join(101, max, 'mechanic', null);
    await join(202, mia, 'mechanic', null);
    await join(303, mia, 'viewer', null);
    await join(404, mia, 'mechanic', null);
    others.accountNames.set(mia, [
      { id: 101, name: 'Hill Farm' },
      { id: 202, name: 'Valley Farm' },
      { id: 303, name: 'River Farm' },
      { id: 404, name: 'Lake Farm' },
    ]);
    // The machines' events are applied by their consumer (on RabbitMQ, side by side).
    for (const [machineId, owner] of [
      [loader, userA],
      [tractor, userA],
      [excavator, userB],
      [mower, farmC],
      [truck, farmD],
    ] as const) {
      await expectEventually(async () => expect(await svc.send(ISSUE_BY_MACHINE, { machineId }, owner)).toEqual([]));
    }

    // Hill Farm: one overdue order of Mia's (with 100.00 of labour), one of Max's, one done, one on a machine she no longer sees.
    await order('leak', userA, loader, mia, 'high', day(-2));
    await svc.send(WORK_ORDER_LINE_ADD, { id: ids.leak, line: { kind: 'labour', hours: 2, rate: 50 } }, userA);
    await order('maxs', userA, loader, max, 'critical');
    await order('done', userA, loader, mia, 'critical');
    await svc.send(WORK_ORDER_COMPLETE, { id: ids.done, completedAt: day(0) }, userA, 'complete-done');
    await order('tractor', userA, tractor, mia, 'critical');
    await order('cancelled', userA, loader, mia, 'critical');
    await svc.send(WORK_ORDER_UPDATE, { id: ids.cancelled, order: { state: 'cancelled' } }, userA);
    // Valley Farm: a critical one without a date, one waiting for parts tomorrow, and the owner's own.
    await order('tracks', userB, excavator, mia, 'critical');
    await order('teeth', userB, excavator, mia, 'medium', day(1));
    await svc.send(WORK_ORDER_UPDATE, { id: ids.teeth, order: { state: 'waiting_for_parts' } }, userB);
    await order('owners', userB, excavator, userB.userId, 'low');
    // River Farm, where Mia only views: the owner's order. Lake Farm: assigned to her, then she became an operator.
    await order('mower', farmC, mower, farmC.userId, 'high', day(-5));
    await order('truck', farmD, truck, mia, 'critical', day(-9));
    const later = new Date(Date.now() + 60_000);
    await join(404, mia, 'operator', null, later);
    await join(101, mia, 'mechanic', [loader], later);
  });
  afterAll(async () => {
    await svc?.stop();
  });

  it('lists her open orders of every account where her role reads work orders, overdue first, then by priority and date, labelled by account', async () => {
    const content = await mine(as(101, 'mechanic'));
    expect(content.map((o) => o.id)).toEqual([ids.leak, ids.tracks, ids.teeth]);
    expect(content[0]).toEqual({
      id: ids.leak,
      account: { id: 101, name: 'Hill Farm', role: 'mechanic' },
      machineId: loader,
      machineName: 'Volvo L60H',
      title: 'leak',
      state: 'open',
      priority: 'high',
      plannedDate: day(-2),
      overdue: true,
      totals: { labour: 100, parts: 0, other: 0, total: 100 },
      updatedAt: expect.any(String),
    });
    expect(content[1]).toMatchObject({
      account: { id: 202, name: 'Valley Farm', role: 'mechanic' },
      machineName: 'CAT 305',
      priority: 'critical',
      overdue: false,
    });
    expect(content[2]).toMatchObject({ state: 'waiting_for_parts', plannedDate: day(1), overdue: false });
  });

  it("answers the same whichever account she acts in: an operator's current account neither widens nor takes away the others or their money", async () => {
    const fromLake = await mine(as(404, 'operator'));
    expect(fromLake.map((o) => o.id)).toEqual([ids.leak, ids.tracks, ids.teeth]);
    expect(fromLake[0].totals).toEqual({ labour: 100, parts: 0, other: 0, total: 100 });
    expect((await mine(as(303, 'viewer'))).map((o) => o.id)).toEqual([ids.leak, ids.tracks, ids.teeth]);
  });

  it("shows each other person only their own: Max's order to Max, the owners' to the owners, nothing of Mia's", async () => {
    expect((await mine(as(101, 'mechanic', max))).map((o) => o.id)).toEqual([ids.maxs]);
    expect((await mine(userB)).map((o) => o.id)).toEqual([ids.owners]);
    expect((await mine(farmC)).map((o) => o.id)).toEqual([ids.mower]);
    expect(await mine(userA)).toEqual([]);
    // A user the service knows of in no account, acting in their own.
    expect(await mine({ userId: 999, adminLevel: 0, accountId: 999, role: 'owner' })).toEqual([]);
  });

  it('limits a personal API token to its account and machines, and refuses one without the read scope', async () => {
    const token = { id: 9, scopes: ['read' as const], machineIds: null };
    expect((await mine({ ...as(202, 'mechanic'), token })).map((o) => o.id)).toEqual([ids.tracks, ids.teeth]);
    expect(await mine({ ...as(101, 'mechanic'), token: { ...token, machineIds: [tractor] } })).toEqual([]);
    expect(await svc.failure(MY_WORK_LIST, {}, { ...as(202, 'mechanic'), token: { ...token, scopes: ['write'] } })).toMatchObject({
      code: 'INSUFFICIENT_SCOPE',
    });
  });

  it("still lists her work, without the accounts' names, while user-service does not answer", async () => {
    others.refuse = 'user.account.names';
    try {
      const content = await mine(as(101, 'mechanic'));
      expect(content.map((o) => [o.id, o.account.name])).toEqual([
        [ids.leak, null],
        [ids.tracks, null],
        [ids.teeth, null],
      ]);
    } finally {
      others.refuse = null;
    }
  });
});
