import {
  METER_BY_MACHINE,
  METER_REPLACE,
  METER_UPDATE,
  READING_CREATE,
  READING_DATA_EXPORT,
  READING_LIST,
  READING_UPDATE,
  SCHEDULE_BY_MACHINE,
  SCHEDULE_COMPLETE,
  SCHEDULE_CREATE,
  SCHEDULE_GET,
  SCHEDULE_IMPORT_APPLY,
  SCHEDULE_LIST,
  SCHEDULE_UPDATE,
  type Actor,
} from '@wrenchlog/contracts';
import { MemberDirectory } from '@wrenchlog/platform';
import { testEngines } from '@wrenchlog/testing';
import { memberOf } from '@wrenchlog/testing/nest';
import { DataSource } from 'typeorm';
import { ReadingEntity } from '../src/meters/reading.entity.js';
import { announceMachine, ServiceUnderTest, userA, type AnnouncedMachine } from './harness.js';

// Issue 32, step 3: what each role may do here (403 with the role's words), the machines a
// mechanic or an operator is assigned to (lists show only theirs, another is not found), and an
// operator's own readings, changed within 24 hours.
describe.each(await testEngines())('schedule-service roles (%s)', (engine) => {
  let svc: ServiceUnderTest;
  let nextMachine = 9500;
  const operator = memberOf(userA, 'operator', 3001);
  const mechanic = memberOf(userA, 'mechanic', 3002);
  const viewer = memberOf(userA, 'viewer', 3003);
  const idle = memberOf(userA, 'operator', 3004);
  const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
  const oil = { title: 'Engine oil', serviceType: 'Oil Change', intervalHours: 250, recurring: true, anchor: 'completion' } as const;
  let tractor: AnnouncedMachine;
  let loader: AnnouncedMachine;

  const member = (actor: Actor, name: string, machineIds: number[] | null) =>
    svc
      .get(MemberDirectory)
      .onSaved({ accountId: actor.accountId, userId: actor.userId, name, role: actor.role, machineIds, removed: false, at: new Date().toISOString() });
  const refusal = async (p: Promise<{ code: string; message: string }>) => {
    const { code, message } = await p;
    return { code, message };
  };

  beforeAll(async () => {
    svc = await ServiceUnderTest.start(engine);
    tractor = await announceMachine(svc, nextMachine++, userA, { type: 'Tractor' });
    loader = await announceMachine(svc, nextMachine++, userA, { type: 'Loader' });
    await member(operator, 'Otto Operator', [tractor.machineId]);
    await member(mechanic, 'Mia Mechanic', [loader.machineId]);
    await member(viewer, 'Vera Viewer', null);
    await member(idle, 'Ida Idle', []);
  });
  afterAll(async () => {
    await svc?.stop();
  });

  it("refuses a role's writes it has no right to with 403 and the role's words, before any lookup", async () => {
    const reading = { meterId: tractor.hours.id, reading: { value: 10, readAt: daysAgo(3) } };
    expect(await refusal(svc.failure(READING_CREATE, reading, viewer))).toEqual({
      code: 'FORBIDDEN',
      message: 'Your role (viewer) cannot add or change meter readings',
    });
    expect(await refusal(svc.failure(SCHEDULE_CREATE, { machineId: tractor.machineId, schedule: oil }, viewer))).toEqual({
      code: 'FORBIDDEN',
      message: 'Your role (viewer) cannot add, change or complete schedules',
    });
    expect(await refusal(svc.failure(SCHEDULE_CREATE, { machineId: tractor.machineId, schedule: oil }, operator))).toEqual({
      code: 'FORBIDDEN',
      message: 'Your role (operator) cannot add, change or complete schedules',
    });
    expect(await refusal(svc.failure(SCHEDULE_COMPLETE, { id: 999_999, serviceRecordId: 1 }, operator))).toMatchObject({ code: 'FORBIDDEN' });
    expect(await refusal(svc.failure(SCHEDULE_IMPORT_APPLY, { importId: 1, accountId: userA.accountId, batchNo: 0, rows: [] }, mechanic))).toEqual({
      code: 'FORBIDDEN',
      message: 'Your role (mechanic) cannot import data',
    });
    expect(await refusal(svc.failure(READING_DATA_EXPORT, { afterId: 0, limit: 10 }, viewer))).toEqual({
      code: 'FORBIDDEN',
      message: 'Your role (viewer) cannot export data',
    });
    // An operator adds readings, but the meter itself is for those who look after the machine.
    expect(await refusal(svc.failure(METER_UPDATE, { id: tractor.hours.id, meter: { label: 'Hours' } }, operator))).toEqual({
      code: 'FORBIDDEN',
      message: 'Your role (operator) cannot change or replace meters',
    });
    expect((await svc.failure(METER_REPLACE, { meterId: tractor.hours.id, replacement: { newStartValue: 0, readAt: daysAgo(0) } }, operator)).code).toBe(
      'FORBIDDEN',
    );
    // A viewer reads everything of the account.
    expect(await svc.send(METER_BY_MACHINE, { machineId: loader.machineId }, viewer)).toHaveLength(2);
  });

  it("shows a mechanic and an operator only their machines' meters and schedules; another machine's are not found", async () => {
    const onTractor = await svc.send(SCHEDULE_CREATE, { machineId: tractor.machineId, schedule: oil }, userA);
    const onLoader = await svc.send(SCHEDULE_CREATE, { machineId: loader.machineId, schedule: oil }, userA);
    const listed = async (actor: Actor, status?: string) =>
      (await svc.send(SCHEDULE_LIST, { size: 100, ...(status ? { status } : {}) }, actor)).content.map((s) => s.id);

    expect(await listed(operator)).toEqual([onTractor.id]);
    expect(await listed(operator, 'upcoming,due_soon,overdue')).toEqual([onTractor.id]);
    expect(await svc.send(SCHEDULE_LIST, { size: 100 }, operator)).toMatchObject({ totalElements: 1 });
    expect(await listed(mechanic)).toEqual([onLoader.id]);
    expect(await listed(idle)).toEqual([]);
    expect(await listed(viewer)).toEqual(expect.arrayContaining([onTractor.id, onLoader.id]));

    expect(await svc.send(SCHEDULE_GET, { id: onTractor.id }, operator)).toMatchObject({ id: onTractor.id });
    expect(await refusal(svc.failure(SCHEDULE_GET, { id: onLoader.id }, operator))).toEqual({ code: 'NOT_FOUND', message: 'Schedule not found' });
    expect((await svc.failure(SCHEDULE_BY_MACHINE, { machineId: loader.machineId }, operator)).code).toBe('NOT_FOUND');
    expect(await svc.send(METER_BY_MACHINE, { machineId: tractor.machineId }, operator)).toHaveLength(2);
    expect((await svc.failure(METER_BY_MACHINE, { machineId: loader.machineId }, operator)).code).toBe('NOT_FOUND');
    expect((await svc.failure(READING_LIST, { meterId: loader.hours.id }, operator)).code).toBe('NOT_FOUND');

    expect(await svc.send(SCHEDULE_UPDATE, { id: onLoader.id, schedule: { ...oil, intervalHours: 300 } }, mechanic)).toMatchObject({ intervalHours: 300 });
    expect((await svc.failure(SCHEDULE_UPDATE, { id: onTractor.id, schedule: oil }, mechanic)).code).toBe('NOT_FOUND');
    expect((await svc.failure(SCHEDULE_CREATE, { machineId: tractor.machineId, schedule: oil }, mechanic)).code).toBe('NOT_FOUND');
    expect((await svc.failure(READING_CREATE, { meterId: tractor.hours.id, reading: { value: 1, readAt: daysAgo(9) } }, mechanic)).code).toBe('NOT_FOUND');
  });

  it('lets an operator add readings, and see and change only their own, within 24 hours of adding them', async () => {
    const meterId = tractor.distance.id;
    const own = await svc.send(READING_CREATE, { meterId, reading: { value: 100, readAt: daysAgo(2) } }, operator);
    expect(own.createdBy).toEqual({ id: operator.userId, name: 'Otto Operator' });
    const owners = await svc.send(READING_CREATE, { meterId, reading: { value: 150, readAt: daysAgo(1) } }, userA);

    expect((await svc.send(READING_LIST, { meterId }, operator)).content.map((r) => r.id)).toEqual([own.id]);
    expect((await svc.send(READING_LIST, { meterId }, userA)).content.map((r) => r.id)).toEqual([owners.id, own.id]);
    expect((await svc.failure(READING_UPDATE, { id: owners.id, reading: { void: true } }, operator)).code).toBe('NOT_FOUND');
    expect(await svc.send(READING_UPDATE, { id: own.id, reading: { void: true } }, operator)).toMatchObject({ void: true, updatedBy: { id: operator.userId } });

    // A day and an hour later the operator's reading is theirs to see, not to change.
    await svc
      .get(DataSource)
      .getRepository(ReadingEntity)
      .update({ id: own.id }, { dateCreated: new Date(Date.now() - 25 * 3_600_000) });
    expect(await refusal(svc.failure(READING_UPDATE, { id: own.id, reading: { void: false } }, operator))).toEqual({
      code: 'FORBIDDEN',
      message: 'Your role (operator) can change a reading only within 24 hours of adding it',
    });
    expect(await svc.send(READING_UPDATE, { id: own.id, reading: { void: false } }, userA)).toMatchObject({ void: false, updatedBy: { id: userA.userId } });
  });
});
