import {
  READING_CREATE,
  SCHEDULE_BY_MACHINE,
  SCHEDULE_CREATE,
  SCHEDULE_DATA_EXPORT,
  SCHEDULE_IMPORT_APPLY_SCHEDULES,
  SCHEDULE_IMPORT_CHECK_SCHEDULES,
  SCHEDULE_IMPORT_REVERT,
  ScheduleMessages,
  type RestoredCompletion,
  type Schedule,
  type ScheduleExportItem,
  type ScheduleInput,
} from '@wrenchlog/contracts';
import { expectEventually, testEngines } from '@wrenchlog/testing';
import { announceMachine, serviceRecordSaved, ServiceUnderTest, userA, userB } from './harness.js';

// A restore's maintenance schedules (issue 23) over the transport, on each engine: each on its
// machine with the API's rules, its completions on the restored service records (or, when those are
// not linked, a baseline giving the original's next due), its status from the machine's readings; a
// batch sent twice writes once; Revert takes exactly them back.
describe.each(await testEngines())('schedule-service schedule.import.applySchedules and revert (%s)', (engine) => {
  let svc: ServiceUnderTest;
  let nextMachine = 7500;

  const machineOf = (actor = userA) => announceMachine(svc, nextMachine++, actor, { type: 'Truck' });

  beforeAll(async () => {
    svc = await ServiceUnderTest.start(engine);
  });
  afterAll(async () => {
    await svc?.stop();
  });

  it('writes each schedule with its settings and the next due of the original, refuses what the API refuses, and Revert takes them back', async () => {
    const { machineId, distance } = await machineOf();
    const other = await machineOf(userB);
    await svc.send(READING_CREATE, { meterId: distance.id, reading: { value: 48_500, readAt: '2024-04-02' } }, userA);
    const restored = (fields: Record<string, unknown>) => ({
      machineId,
      title: 'Oil change',
      serviceType: 'Maintenance',
      recurring: true,
      anchor: 'completion',
      completions: 0,
      ...fields,
    });
    const batch = {
      importId: 91,
      accountId: userA.accountId,
      batchNo: 0,
      rows: [
        // Done twice since its baseline: due from the last done.
        {
          rowNumber: 2,
          record: restored({
            intervalMonths: 6,
            intervalDistance: 5000,
            soonDistance: 300,
            baseDate: '2023-09-01',
            baseDistance: 43_000,
            lastDoneDate: '2024-03-20',
            lastDoneDistance: 48_000,
            completions: 2,
          }),
        },
        // A fixed grid done 3 times: baseline + 4 x 30 days, as the original.
        {
          rowNumber: 3,
          record: restored({ title: 'Inspect', anchor: 'fixed', intervalDays: 30, baseDate: '2024-01-01', lastDoneDate: '2024-03-29', completions: 3 }),
        },
        // Never done: from its baseline.
        { rowNumber: 4, record: restored({ title: 'Tyres', intervalDistance: 1000, baseDistance: 48_000 }) },
        { rowNumber: 5, record: restored({ title: 'No interval' }) },
        { rowNumber: 6, record: restored({ machineId: other.machineId, intervalDays: 30 }) },
      ],
    };
    // The dry run's check refuses what the rules refuse, whatever the machine (the apply also finds row 6's is another user's).
    expect(await svc.send(SCHEDULE_IMPORT_CHECK_SCHEDULES, { accountId: userA.accountId, rows: batch.rows }, userA)).toEqual({
      duplicates: [],
      problems: [{ rowNumber: 5, message: `intervalDays: ${ScheduleMessages.noInterval}` }],
    });
    const applied = await svc.send(SCHEDULE_IMPORT_APPLY_SCHEDULES, batch, userA);
    expect(applied.failed).toEqual([
      { rowNumber: 5, message: `intervalDays: ${ScheduleMessages.noInterval}` },
      { rowNumber: 6, message: 'Machine not found' },
    ]);
    expect(applied.written.map((w) => w.rowNumber)).toEqual([2, 3, 4]);
    expect(await svc.send(SCHEDULE_IMPORT_APPLY_SCHEDULES, batch, userA)).toEqual({ ...applied, backlog: expect.any(Number) });

    const schedules = (await svc.send(SCHEDULE_BY_MACHINE, { machineId }, userA)) as Schedule[];
    const byTitle = (title: string) => schedules.find((s) => s.title === title)!;
    expect(schedules).toHaveLength(3);
    expect(byTitle('Oil change')).toMatchObject({
      origin: 'user',
      intervalMonths: 6,
      intervalDistance: 5000,
      soonDistance: 300,
      lastDoneDate: '2024-03-20',
      lastDoneDistance: 48_000,
      nextDueDate: '2024-09-20',
      nextDueDistance: 53_000,
      status: 'overdue',
      completedBy: [],
    });
    expect(byTitle('Inspect')).toMatchObject({ anchor: 'fixed', nextDueDate: '2024-04-30', status: 'overdue' });
    // 48,500 of 49,000: within the default window of a 1,000 interval or not, the state is computed, not a placeholder.
    expect(byTitle('Tyres')).toMatchObject({ lastDoneDistance: 48_000, nextDueDistance: 49_000 });
    expect(byTitle('Tyres').reason).not.toBe('');

    expect(await svc.send(SCHEDULE_IMPORT_REVERT, { importId: 91, accountId: userA.accountId }, userA)).toEqual({ deleted: 3 });
    expect(await svc.send(SCHEDULE_BY_MACHINE, { machineId }, userA)).toEqual([]);
  });
  it('links the completions to the restored service records: an account exported and restored shows the same last done, next due and done one-off', async () => {
    // The original account: three schedules completed by two service records.
    const original = await machineOf();
    const create = (schedule: Partial<ScheduleInput> & Pick<ScheduleInput, 'title'>) =>
      svc.send(
        SCHEDULE_CREATE,
        { machineId: original.machineId, schedule: { serviceType: 'Maintenance', recurring: true, anchor: 'completion', ...schedule } },
        userA,
      );
    const oil = await create({
      title: 'Oil change',
      intervalMonths: 6,
      intervalDistance: 5000,
      soonDistance: 300,
      lastDoneDate: '2023-09-01',
      lastDoneDistance: 43_000,
    });
    const inspect = await create({ title: 'Inspect', anchor: 'fixed', intervalDays: 30, lastDoneDate: '2024-01-01' });
    const belt = await create({ title: 'Belt', recurring: false, intervalDistance: 10_000, lastDoneDistance: 40_000 });
    const record = (actor: typeof userA, machineId: number, recordId: number, serviceDate: string, miles: number, completesScheduleIds?: number[]) =>
      serviceRecordSaved(svc, { recordId, machineId, serviceDate, miles, completesScheduleIds }, actor);
    await record(userA, original.machineId, 9102, '2024-02-01', 46_000, [inspect.id, oil.id]);
    await record(userA, original.machineId, 9101, '2024-03-20', 48_000, [oil.id, belt.id]);
    // What a user reads of a schedule, its completions by record aside (their ids differ between the accounts).
    const shown = (s: Schedule) => [s.title, s.lastDoneDate, s.lastDoneDistance, s.nextDueDate, s.nextDueDistance, s.status, s.reason, s.done];
    const schedulesOf = async (actor: typeof userA, machineId: number) =>
      ((await svc.send(SCHEDULE_BY_MACHINE, { machineId }, actor)) as Schedule[]).sort((x, y) => x.title.localeCompare(y.title));
    let before: Schedule[] = [];
    await expectEventually(async () => {
      before = await schedulesOf(userA, original.machineId);
      expect(before.map((s) => [s.title, s.completedBy.length, s.lastDoneDistance])).toEqual([
        ['Belt', 1, 48_000],
        ['Inspect', 1, 46_000],
        ['Oil change', 2, 48_000],
      ]);
    });
    expect(before.map(shown)).toEqual([
      ['Belt', '2024-03-20', 48_000, null, null, 'upcoming', 'Done on 2024-03-20', true],
      ['Inspect', '2024-02-01', 46_000, '2024-03-01', null, 'overdue', expect.any(String), false],
      ['Oil change', '2024-03-20', 48_000, '2024-09-20', 53_000, 'overdue', expect.any(String), false],
    ]);

    // Exported: its schedules with the records that completed them, by id.
    const exported = (await svc.send(SCHEDULE_DATA_EXPORT, { afterId: 0, limit: 500 }, userA)).items.filter(
      (s: ScheduleExportItem) => s.machineId === original.machineId && s.origin === 'user',
    );
    expect(exported).toHaveLength(3);

    // Restored into a new account: the restore wrote record 9102 as 9202 (heard of before the schedules)
    // and 9101 as 9201 (heard of only after them); the job links the completions to those.
    const restoredMachine = await machineOf(userB);
    await record(userB, restoredMachine.machineId, 9202, '2024-02-01', 46_000);
    const restoredRecords = new Map<number, RestoredCompletion>([
      [9101, { serviceRecordId: 9201, date: '2024-03-20' }],
      [9102, { serviceRecordId: 9202, date: '2024-02-01' }],
    ]);
    const rowOf = (s: ScheduleExportItem, linked: boolean) => ({
      machineId: restoredMachine.machineId,
      title: s.title,
      serviceType: s.serviceType,
      intervalDays: s.intervalDays,
      intervalMonths: s.intervalMonths,
      intervalDistance: s.intervalDistance,
      intervalHours: s.intervalHours,
      soonDays: s.ownSoonDays,
      soonDistance: s.ownSoonDistance,
      soonHours: s.ownSoonHours,
      recurring: s.recurring,
      anchor: s.anchor,
      baseDate: s.baseDate,
      baseDistance: s.baseDistance,
      baseHours: s.baseHours,
      lastDoneDate: s.lastDoneDate,
      lastDoneDistance: s.lastDoneDistance,
      lastDoneHours: s.lastDoneHours,
      completions: s.completedBy.length,
      done: s.done,
      ...(linked ? { completedBy: s.completedBy.map((id) => restoredRecords.get(id)) } : {}),
    });
    const batch = {
      importId: 92,
      accountId: userB.accountId,
      batchNo: 0,
      rows: [
        ...exported.map((s: ScheduleExportItem, i: number) => ({ rowNumber: 2 + i, record: rowOf(s, true) })),
        // The done one-off again, its record not restored: it cannot be done without it.
        {
          rowNumber: 9,
          record: rowOf(
            exported.find((s: ScheduleExportItem) => s.title === 'Belt')!,
            false,
          ),
        },
      ],
    };
    const applied = await svc.send(SCHEDULE_IMPORT_APPLY_SCHEDULES, batch, userB);
    expect(applied.failed).toEqual([{ rowNumber: 9, message: 'completedBy: the service record that completed this one-off schedule was not restored' }]);
    expect(applied.written).toHaveLength(3);
    await record(userB, restoredMachine.machineId, 9201, '2024-03-20', 48_000);

    // Each completion names the restored record; last done, next due and status are the original's.
    await expectEventually(async () => {
      const after = await schedulesOf(userB, restoredMachine.machineId);
      expect(after.map(shown)).toEqual(before.map(shown));
      expect(after.map((s) => [s.title, [...s.completedBy].sort()])).toEqual([
        ['Belt', [9201]],
        ['Inspect', [9202]],
        ['Oil change', [9201, 9202]],
      ]);
    });

    // Revert takes the schedules back, and their completions with them.
    expect(await svc.send(SCHEDULE_IMPORT_REVERT, { importId: 92, accountId: userB.accountId }, userB)).toEqual({ deleted: 3 });
    expect(await svc.send(SCHEDULE_BY_MACHINE, { machineId: restoredMachine.machineId }, userB)).toEqual([]);
    await record(userB, restoredMachine.machineId, 9201, '2024-03-20', 48_000);
    expect(await svc.send(SCHEDULE_BY_MACHINE, { machineId: restoredMachine.machineId }, userB)).toEqual([]);
    expect((await schedulesOf(userA, original.machineId)).map(shown)).toEqual(before.map(shown));
  });
});
