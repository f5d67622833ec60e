import {
  READING_CREATE,
  SCHEDULE_BY_MACHINE,
  SCHEDULE_IMPORT_APPLY_SCHEDULES,
  SCHEDULE_IMPORT_CHECK_SCHEDULES,
  SCHEDULE_IMPORT_REVERT,
  ScheduleMessages,
  type Schedule,
} from '@wrenchlog/contracts';
import { testEngines } from '@wrenchlog/testing';
import { announceMachine, ServiceUnderTest, userA, userB } from './harness.js';

// A restore's maintenance schedules (issue 23) over the transport, on each engine: each on its
// machine with the API's rules, its next due the original's though its completions are not
// restored, its status from the machine's readings; a batch sent twice writes once; Revert takes
// exactly them back.
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
      userId: userA.userId,
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
    expect(await svc.send(SCHEDULE_IMPORT_CHECK_SCHEDULES, { userId: userA.userId, rows: batch.rows }, userA)).toEqual({
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

    expect(await svc.send(SCHEDULE_IMPORT_REVERT, { importId: 91, userId: userA.userId }, userA)).toEqual({ deleted: 3 });
    expect(await svc.send(SCHEDULE_BY_MACHINE, { machineId }, userA)).toEqual([]);
  });
});
