import {
  MACHINE_SAVED,
  METER_BY_MACHINE,
  READING_CREATE,
  READING_LIST,
  SCHEDULE_IMPORT_APPLY,
  SCHEDULE_IMPORT_APPLY_READINGS,
  SCHEDULE_IMPORT_CHECK,
  SCHEDULE_IMPORT_HAND_READINGS,
  SCHEDULE_IMPORT_REVERT,
  SCHEDULE_READING_CHANGED,
  type MeterReading,
} from '@wrenchlog/contracts';
import { expectEventually, testEngines } from '@wrenchlog/testing';
import { announceMachine, ServiceUnderTest, userA, userB } from './harness.js';

// The meters' side of an import (issue 23) over the transport, on each engine: the dry run's check
// and the job's apply judge a reading alike, a batch sent twice writes once, and Revert deletes
// exactly that import's readings.
describe.each(await testEngines())('schedule-service import.check, apply and revert (%s)', (engine) => {
  let svc: ServiceUnderTest;
  let nextMachine = 7000;

  const machineOf = (actor = userA) => announceMachine(svc, nextMachine++, actor, { type: 'Truck' });
  const reading = (machineId: number, value: number, readAt: string, unit: 'mi' | 'km' = 'mi') => ({ machineId, value, readAt, unit });
  const readingsOf = async (meterId: number) =>
    ((await svc.send(READING_LIST, { meterId, page: 0, size: 50 }, userA)).content as MeterReading[]).map((r) => [r.readAt, r.value, r.source]);

  beforeAll(async () => {
    svc = await ServiceUnderTest.start(engine);
  });
  afterAll(async () => {
    await svc?.stop();
  });

  it('answers the rows that repeat a stored reading and those the sequence refuses; apply refuses the same rows with the same words', async () => {
    const { machineId, distance } = await machineOf();
    await svc.send(READING_CREATE, { meterId: distance.id, reading: { value: 12_800, readAt: '2024-03-20' } }, userA);
    const rows = [
      { rowNumber: 2, record: reading(machineId, 12_000, '2024-04-01') },
      { rowNumber: 3, record: reading(machineId, 12_800, '2024-03-20') },
      { rowNumber: 4, record: reading(machineId, 13_000, '2024-05-01') },
      { rowNumber: 5, record: reading(machineId, 12_000.5, '2024-05-02') },
      { rowNumber: 6, record: reading(machineId, 21_000, '2024-05-03', 'km') },
    ];
    const checked = await svc.send(SCHEDULE_IMPORT_CHECK, { accountId: userA.accountId, rows }, userA);
    expect(checked).toEqual({
      duplicates: [{ rowNumber: 3, id: expect.any(Number) }],
      problems: [
        { rowNumber: 2, message: 'odometer 12,000 is lower than 12,800 on 2024-03-20' },
        { rowNumber: 5, message: 'Distance readings must be whole numbers' },
      ],
    });
    // Another user's check sees nothing of A's machine.
    expect(await svc.send(SCHEDULE_IMPORT_CHECK, { accountId: userB.accountId, rows }, userB)).toEqual({ duplicates: [], problems: [] });

    const batch = { importId: 41, accountId: userA.accountId, batchNo: 0, rows };
    const applied = await svc.send(SCHEDULE_IMPORT_APPLY, batch, userA);
    expect(applied.failed).toEqual(checked.problems);
    expect(applied.written.map((w) => w.rowNumber)).toEqual([3, 4, 6]);
    // Sent again, the batch answers the same rows (its backlog is whatever the outbox holds then).
    expect(await svc.send(SCHEDULE_IMPORT_APPLY, batch, userA)).toEqual({ ...applied, backlog: expect.any(Number) });
    // 21,000 km is 13,049 mi on this meter; the kept duplicate is a second reading of that day.
    expect(await readingsOf(distance.id)).toEqual([
      ['2024-05-03', 13_049, 'import'],
      ['2024-05-01', 13_000, 'import'],
      ['2024-03-20', 12_800, 'import'],
      ['2024-03-20', 12_800, 'manual'],
    ]);

    // Entered by hand after the import: Revert leaves it.
    await svc.send(READING_CREATE, { meterId: distance.id, reading: { value: 13_500, readAt: '2024-06-01' } }, userA);
    expect(await svc.send(SCHEDULE_IMPORT_REVERT, { importId: 41, accountId: userB.accountId }, userB)).toEqual({ deleted: 0 });
    expect(await svc.send(SCHEDULE_IMPORT_REVERT, { importId: 41, accountId: userA.accountId }, userA)).toEqual({ deleted: 3 });
    expect(await svc.send(SCHEDULE_IMPORT_REVERT, { importId: 41, accountId: userA.accountId }, userA)).toEqual({ deleted: 0 });
    expect(await readingsOf(distance.id)).toEqual([
      ['2024-06-01', 13_500, 'manual'],
      ['2024-03-20', 12_800, 'manual'],
    ]);
    const gone = new Set(applied.written.map((w) => w.id));
    await expectEventually(() =>
      expect(
        svc
          .events(SCHEDULE_READING_CHANGED)
          .filter((e: any) => gone.has(e.readingId) && !e.live)
          .map((e: any) => e.readingId)
          .sort(),
      ).toEqual([...gone].sort()),
    );
    expect((await svc.send(METER_BY_MACHINE, { machineId }, userA)).find((m) => m.kind === 'distance')).toMatchObject({ currentValue: 13_500 });
  });

  it("fails another user's machine as not found, and a machine not heard of yet as unavailable (the job sends the batch again)", async () => {
    const { machineId } = await machineOf(userB);
    const theirs = await svc.send(
      SCHEDULE_IMPORT_APPLY,
      { importId: 42, accountId: userA.accountId, batchNo: 0, rows: [{ rowNumber: 2, record: reading(machineId, 10, '2024-01-01') }] },
      userA,
    );
    expect(theirs).toEqual({ written: [], failed: [{ rowNumber: 2, message: 'Machine not found' }], backlog: expect.any(Number) });
    const unknown = await svc.failure(
      SCHEDULE_IMPORT_APPLY,
      { importId: 43, accountId: userA.accountId, batchNo: 0, rows: [{ rowNumber: 2, record: reading(999_999, 10, '2024-01-01') }] },
      userA,
    );
    expect(unknown.code).toBe('UNAVAILABLE');
  });
  it("answers the machines with readings entered on their meters, not those whose only reading came from the machine's own miles, nor another user's", async () => {
    const byHand = await machineOf();
    const fieldOnly = await machineOf();
    const noReadings = await machineOf();
    const imported = await machineOf();
    await svc.send(READING_CREATE, { meterId: byHand.distance.id, reading: { value: 500, readAt: '2024-03-20' } }, userA);
    // The user set the machine's miles: a manual reading the machine's field gave.
    await svc.emit(MACHINE_SAVED, {
      machineId: fieldOnly.machineId,
      accountId: userA.accountId,
      name: 'Field only',
      type: 'Truck',
      miles: 900,
      at: new Date().toISOString(),
    });
    await expectEventually(async () => expect(await readingsOf(fieldOnly.distance.id)).toEqual([[expect.any(String), 900, 'manual']]));
    await svc.send(
      SCHEDULE_IMPORT_APPLY,
      { importId: 77, accountId: userA.accountId, batchNo: 0, rows: [{ rowNumber: 2, record: reading(imported.machineId, 10, '2024-01-01') }] },
      userA,
    );
    const ids = [byHand, fieldOnly, noReadings, imported].map((m) => m.machineId);
    const answer = await svc.send(SCHEDULE_IMPORT_HAND_READINGS, { accountId: userA.accountId, machineIds: ids }, userA);
    expect([...answer.machineIds].sort()).toEqual([byHand.machineId, imported.machineId].sort());
    expect(await svc.send(SCHEDULE_IMPORT_HAND_READINGS, { accountId: userB.accountId, machineIds: ids }, userB)).toEqual({ machineIds: [] });
  });
  it("writes a restore's readings on the meter of their kind, void ones void, one that no longer fits as void; Revert takes them back", async () => {
    const { machineId, distance, hours } = await machineOf();
    await svc.send(READING_CREATE, { meterId: distance.id, reading: { value: 900, readAt: '2024-06-01' } }, userA);
    const restored = (value: number, readAt: string, fields: Record<string, unknown> = {}) => ({
      machineId,
      meterKind: 'distance',
      unit: 'mi',
      value,
      readAt,
      void: false,
      rollover: false,
      ...fields,
    });
    const batch = {
      importId: 88,
      accountId: userA.accountId,
      batchNo: 0,
      rows: [
        { rowNumber: 2, record: restored(500, '2024-03-20') },
        { rowNumber: 3, record: restored(450, '2024-03-25', { void: true }) },
        // Above the 900 the account read on 2024-06-01: kept, as void.
        { rowNumber: 4, record: restored(1_000, '2024-05-01') },
        { rowNumber: 5, record: restored(310.5, '2024-03-20', { meterKind: 'hours', unit: 'h' }) },
        { rowNumber: 6, record: restored(10, '2024-03-20', { meterKind: 'hours', unit: 'mi' }) },
      ],
    };
    const applied = await svc.send(SCHEDULE_IMPORT_APPLY_READINGS, batch, userA);
    expect(applied.failed).toEqual([{ rowNumber: 6, message: 'meterKind: must be distance (mi or km) or hours (h)' }]);
    expect(applied.written.map((w) => w.rowNumber)).toEqual([2, 3, 4, 5]);
    expect(await svc.send(SCHEDULE_IMPORT_APPLY_READINGS, batch, userA)).toEqual({ ...applied, backlog: expect.any(Number) });
    const withVoid = async (meterId: number) =>
      ((await svc.send(READING_LIST, { meterId, page: 0, size: 50 }, userA)).content as MeterReading[]).map((r) => [r.readAt, r.value, r.source, r.void]);
    expect(await withVoid(distance.id)).toEqual([
      ['2024-06-01', 900, 'manual', false],
      ['2024-05-01', 1_000, 'import', true],
      ['2024-03-25', 450, 'import', true],
      ['2024-03-20', 500, 'import', false],
    ]);
    expect(await withVoid(hours.id)).toEqual([['2024-03-20', 310.5, 'import', false]]);
    expect(await svc.send(SCHEDULE_IMPORT_REVERT, { importId: 88, accountId: userA.accountId }, userA)).toEqual({ deleted: 4 });
    expect(await withVoid(distance.id)).toEqual([['2024-06-01', 900, 'manual', false]]);
  });
});
