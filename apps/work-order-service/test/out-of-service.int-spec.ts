import {
  ISSUE_BY_MACHINE,
  ISSUE_CLOSE,
  ISSUE_CREATE,
  ISSUE_DELETE,
  ISSUE_RESOLVE,
  ISSUE_UPDATE,
  MACHINE_OUT_OF_SERVICE,
  WORK_ORDER_COMPLETE,
  WORK_ORDER_CREATE,
  WORK_ORDER_REOPEN,
  type MachineOutOfServiceEvent,
} from '@wrenchlog/contracts';
import { expectEventually, testEngines } from '@wrenchlog/testing';
import { announceMachine, member, memberOf, OtherServices, ServiceUnderTest, userA } from './harness.js';

// Issue 35: an out-of-service issue holds its machine Down. work-order-service tells machine-service
// through its outbox, in the transaction of each change: down while one of the machine's
// out-of-service issues is open or in progress, up when the last is resolved, closed or deleted.
describe.each(await testEngines())('work-order-service out of service (%s)', (engine) => {
  let svc: ServiceUnderTest;
  const others = new OtherServices();
  const mechanic = memberOf(userA, 'mechanic', 3102);
  let machineId = 7100;
  const report = (machine: number, outOfService: boolean) =>
    svc.send(ISSUE_CREATE, { machineId: machine, issue: { title: 'Hydraulic leak', priority: 'critical', outOfService } }, userA);
  const announced = (machine: number): MachineOutOfServiceEvent[] =>
    svc.events(MACHINE_OUT_OF_SERVICE).filter((e: MachineOutOfServiceEvent) => e.machineId === machine);
  /** What machine-service last heard of the machine once the outbox has sent everything (a state event: only the newest of a batch goes). */
  const lastDown = async (machine: number): Promise<boolean | undefined> => {
    await expectEventually(async () => expect(await svc.outboxPending()).toBe(0));
    const events = announced(machine);
    // Each newer than the one before: machine-service applies only the newest.
    expect(events.map((e) => e.at)).toEqual([...events.map((e) => e.at)].sort());
    expect(events.every((e) => e.accountId === userA.accountId)).toBe(true);
    return events.at(-1)?.down;
  };
  const newMachine = async () => {
    const id = ++machineId;
    await announceMachine(svc, id, userA, `Loader ${id}`);
    await expectEventually(async () => expect(await svc.send(ISSUE_BY_MACHINE, { machineId: id }, userA)).toEqual([]));
    return id;
  };

  beforeAll(async () => {
    svc = await ServiceUnderTest.start(engine, others);
    await member(svc, userA, 'Olga Owner', null);
    await member(svc, mechanic, 'Mia Mechanic', null);
  });
  afterAll(async () => {
    await svc?.stop();
  });

  it('holds the machine down until its last out-of-service issue is resolved or closed', async () => {
    const loader = await newMachine();
    const first = await report(loader, true);
    expect(await lastDown(loader)).toBe(true);
    const second = await report(loader, true);
    expect(await lastDown(loader)).toBe(true);
    await report(loader, false);
    await svc.send(ISSUE_RESOLVE, { id: first.id, note: 'Hose replaced' }, userA);
    expect(await lastDown(loader)).toBe(true);
    await svc.send(ISSUE_CLOSE, { id: second.id, reason: 'Duplicate' }, userA);
    expect(await lastDown(loader)).toBe(false);
  });

  it('lets the machine go when its issue is deleted or no longer out of service, and holds it when one becomes so', async () => {
    const loader = await newMachine();
    const issue = await report(loader, true);
    await svc.send(ISSUE_DELETE, { id: issue.id }, userA);
    expect(await lastDown(loader)).toBe(false);
    const other = await report(loader, false);
    await lastDown(loader);
    const heard = announced(loader).length;
    // An issue that does not stop the machine says nothing about it.
    await svc.send(ISSUE_RESOLVE, { id: (await report(loader, false)).id, note: 'Tightened' }, userA);
    expect(await lastDown(loader)).toBe(false);
    expect(announced(loader)).toHaveLength(heard);
    await svc.send(ISSUE_UPDATE, { id: other.id, issue: { title: 'Hydraulic leak', priority: 'critical', outOfService: true } }, userA);
    expect(await lastDown(loader)).toBe(true);
    await svc.send(ISSUE_UPDATE, { id: other.id, issue: { title: 'Hydraulic leak', priority: 'critical', outOfService: false } }, userA);
    expect(await lastDown(loader)).toBe(false);
  });

  it('brings the machine back when a work order completing its issue is done, and down again when reopened', async () => {
    const loader = await newMachine();
    const issue = await report(loader, true);
    const order = await svc.send(WORK_ORDER_CREATE, { order: { machineId: loader, title: 'Fix the leak', issueIds: [issue.id] } }, userA);
    expect(await lastDown(loader)).toBe(true);
    await svc.send(WORK_ORDER_COMPLETE, { id: order.id, completedAt: '2026-11-29' }, mechanic, `down-${loader}`);
    expect(await lastDown(loader)).toBe(false);
    await svc.send(WORK_ORDER_REOPEN, { id: order.id }, mechanic);
    expect(await lastDown(loader)).toBe(true);
  });
});
