import {
  READING_CREATE,
  READING_LIST,
  READING_UPDATE,
  SCHEDULE_CREATE,
  SCHEDULE_GET,
  SCHEDULE_IMPORT_APPLY,
  SCHEDULE_LIST,
  SCHEDULE_UPDATE,
  type Actor,
} from '@wrenchlog/contracts';
import { MemberDirectory } from '@wrenchlog/platform';
import { expectEventually, testEngines } from '@wrenchlog/testing';
import { memberOf } from '@wrenchlog/testing/nest';
import { announceMachine, fuelRecordSaved, ServiceUnderTest, userA, userB } from './harness.js';

// Issue 32: the account's meters, readings and schedules are every member's, each answer names who
// added and last changed it, and another account's are not found.
describe.each(await testEngines())('schedule-service accounts (%s)', (engine) => {
  let svc: ServiceUnderTest;
  let nextMachine = 9000;
  const manager = memberOf(userA, 'manager');
  const today = new Date().toISOString().slice(0, 10);
  const oil = { title: 'Engine oil', serviceType: 'Oil Change', intervalHours: 250, recurring: true, anchor: 'completion' } as const;

  /** A member as user-service announces them: the names answers show come from here. */
  const member = (actor: Actor, name: string, machineIds: number[] | null = null) =>
    svc
      .get(MemberDirectory)
      .onSaved({ accountId: actor.accountId, userId: actor.userId, name, role: actor.role, machineIds, removed: false, at: new Date().toISOString() });
  const machineOf = (actor: Actor = userA) => announceMachine(svc, nextMachine++, actor, { type: 'Loader' });

  beforeAll(async () => {
    svc = await ServiceUnderTest.start(engine);
    await member(userA, 'Olivia Owner');
    await member(manager, 'Mark Manager');
  });
  afterAll(async () => {
    await svc?.stop();
  });

  it("lets a manager read and change the owner's readings, and names who added and who last changed each", async () => {
    const { hours } = await machineOf();
    const added = await svc.send(READING_CREATE, { meterId: hours.id, reading: { value: 120, readAt: today } }, userA);
    expect(added).toMatchObject({ createdBy: { id: userA.userId, name: 'Olivia Owner' }, updatedBy: null });

    const listed = await svc.send(READING_LIST, { meterId: hours.id }, manager);
    expect(listed.content).toEqual([expect.objectContaining({ id: added.id, createdBy: { id: userA.userId, name: 'Olivia Owner' }, updatedBy: null })]);

    const voided = await svc.send(READING_UPDATE, { id: added.id, reading: { void: true } }, manager);
    expect(voided).toMatchObject({
      void: true,
      createdBy: { id: userA.userId, name: 'Olivia Owner' },
      updatedBy: { id: manager.userId, name: 'Mark Manager' },
    });
    const again = await svc.send(READING_LIST, { meterId: hours.id }, userA);
    expect(again.content[0]).toMatchObject({ void: true, updatedBy: { id: manager.userId, name: 'Mark Manager' } });
  });

  it("lets a manager read and change the owner's schedules, and the owner sees the manager's", async () => {
    const { machineId } = await machineOf();
    const owners = await svc.send(SCHEDULE_CREATE, { machineId, schedule: oil }, userA);
    expect(owners).toMatchObject({ createdBy: { id: userA.userId, name: 'Olivia Owner' }, updatedBy: null });

    const changed = await svc.send(SCHEDULE_UPDATE, { id: owners.id, schedule: { ...oil, intervalHours: 300 } }, manager);
    expect(changed).toMatchObject({
      intervalHours: 300,
      createdBy: { id: userA.userId, name: 'Olivia Owner' },
      updatedBy: { id: manager.userId, name: 'Mark Manager' },
    });

    const managers = await svc.send(SCHEDULE_CREATE, { machineId, schedule: { ...oil, title: 'Grease' } }, manager);
    const fleet = await svc.send(SCHEDULE_LIST, { size: 100 }, userA);
    expect(fleet.content.filter((s) => s.machineId === machineId).map((s) => [s.id, s.createdBy?.name, s.updatedBy?.name ?? null])).toEqual([
      [owners.id, 'Olivia Owner', 'Mark Manager'],
      [managers.id, 'Mark Manager', null],
    ]);
  });

  it('names a member it has not heard of yet by id only, and a reading from a record by who saved the record', async () => {
    const { machineId, distance } = await machineOf();
    const newcomer = memberOf(userA, 'manager', 4242);
    const schedule = await svc.send(SCHEDULE_CREATE, { machineId, schedule: oil }, newcomer);
    expect(schedule.createdBy).toEqual({ id: 4242, name: null });

    await svc.emit(
      'fuel.record.saved',
      { recordId: 9100, accountId: userA.accountId, machineId, date: today, currentMileage: 800, currentHours: null, at: new Date().toISOString() },
      manager,
    );
    await expectEventually(async () => {
      const [reading] = (await svc.send(READING_LIST, { meterId: distance.id }, userA)).content;
      expect(reading).toMatchObject({ source: 'fuel_record', value: 800, createdBy: { id: manager.userId, name: 'Mark Manager' } });
    });
    // A record event from before accounts (no actor) adds a reading nobody is named for.
    await fuelRecordSaved(svc, { recordId: 9101, machineId, date: today, currentMileage: 900 });
    await expectEventually(async () => {
      const [reading] = (await svc.send(READING_LIST, { meterId: distance.id }, userA)).content;
      expect(reading).toMatchObject({ value: 900, createdBy: null });
    });
  });

  it("sets an import's readings as added by the import's creator", async () => {
    const { machineId, distance } = await machineOf();
    const rows = [{ rowNumber: 2, record: { machineId, value: 500, readAt: '2024-01-01', unit: 'mi' } }];
    await svc.send(SCHEDULE_IMPORT_APPLY, { importId: 9200, accountId: userA.accountId, batchNo: 0, rows }, manager);
    const [reading] = (await svc.send(READING_LIST, { meterId: distance.id }, userA)).content;
    expect(reading).toMatchObject({ source: 'import', createdBy: { id: manager.userId, name: 'Mark Manager' } });
  });

  it("answers another account's reading and schedule as not found, even to its manager", async () => {
    const { machineId, hours } = await machineOf();
    const reading = await svc.send(READING_CREATE, { meterId: hours.id, reading: { value: 5, readAt: today } }, userA);
    const schedule = await svc.send(SCHEDULE_CREATE, { machineId, schedule: oil }, userA);
    const otherManager = memberOf(userB, 'manager');
    expect((await svc.failure(SCHEDULE_GET, { id: schedule.id }, otherManager)).code).toBe('NOT_FOUND');
    expect((await svc.failure(READING_UPDATE, { id: reading.id, reading: { void: true } }, otherManager)).code).toBe('NOT_FOUND');
    expect((await svc.failure(READING_LIST, { meterId: hours.id }, otherManager)).code).toBe('NOT_FOUND');
    expect((await svc.send(SCHEDULE_LIST, { size: 100 }, otherManager)).content.some((s) => s.id === schedule.id)).toBe(false);
  });
});
