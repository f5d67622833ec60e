import { METER_BY_MACHINE, READING_CREATE, READING_LIST, READING_UPDATE, SCHEDULE_CREATE, SCHEDULE_GET } from '@wrenchlog/contracts';
import { expectEventually, testEngines } from '@wrenchlog/testing';
import { announceMachine, fuelRecordSaved, ServiceUnderTest, userA } from './harness.js';

/** 400 readings on one meter: the sequence check reads the neighbours, not the whole meter (the result is asserted, the time only printed). */
const COUNT = 400;
// Day 0 is far enough back that the last reading (day 2 x COUNT) is still in the past.
const start = Date.now() - (2 * COUNT + 10) * 86_400_000;
const day = (n: number) => new Date(start + n * 86_400_000).toISOString().slice(0, 10);

describe.each(await testEngines())('a meter with many readings (%s)', (engine) => {
  let svc: ServiceUnderTest;

  beforeAll(async () => {
    svc = await ServiceUnderTest.start(engine);
  });

  afterAll(async () => {
    await svc?.stop();
  });

  it(`keeps ${COUNT.toLocaleString('en')} readings in sequence and answers the neighbours among them`, async () => {
    const machineId = 9100;
    const { hours } = await announceMachine(svc, machineId, userA, { name: 'Busy loader', type: 'Loader' });
    const meterId = hours.id;
    const schedule = await svc.send(
      SCHEDULE_CREATE,
      { machineId, schedule: { title: 'Grease', serviceType: 'Maintenance', intervalHours: 250, recurring: true, anchor: 'completion' } },
      userA,
    );

    // Reading i on day 2i, value 10i: every second day is free for the checks below.
    const started = Date.now();
    for (let i = 0; i < COUNT; i++) {
      await svc.send(READING_CREATE, { meterId, reading: { value: i * 10, readAt: day(2 * i) } }, userA);
    }
    process.stdout.write(`[${engine}] ${COUNT} sequential readings in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);

    const page = await svc.send(READING_LIST, { meterId, page: 0, size: 3 }, userA);
    expect(page.totalElements).toBe(COUNT);
    const [last, previous] = page.content;
    expect(last).toMatchObject({ value: (COUNT - 1) * 10, readAt: day(2 * (COUNT - 1)), void: false });

    // In the middle: between its neighbours it fits; lower than the one before or higher than the one after it does not.
    const mid = 200;
    const fits = await svc.send(READING_CREATE, { meterId, reading: { value: mid * 10 + 5, readAt: day(2 * mid + 1) } }, userA);
    expect(fits.void).toBe(false);
    const low = await svc.failure(READING_CREATE, { meterId, reading: { value: mid * 10 + 4, readAt: day(2 * mid + 2) } }, userA);
    expect(low).toMatchObject({
      code: 'METER_OUT_OF_SEQUENCE',
      data: { neighbours: { before: { value: mid * 10 + 5, readAt: day(2 * mid + 1) }, after: null } },
    });
    const high = await svc.failure(READING_CREATE, { meterId, reading: { value: mid * 10 + 25, readAt: day(2 * mid + 3) } }, userA);
    expect(high).toMatchObject({
      code: 'METER_OUT_OF_SEQUENCE',
      data: { neighbours: { before: null, after: { value: (mid + 2) * 10, readAt: day(2 * (mid + 2)) } } },
    });
    // A rollover must be the latest reading.
    const rollover = await svc.failure(READING_CREATE, { meterId, reading: { value: 1, readAt: day(2 * mid + 3), rollover: true } }, userA);
    expect(rollover).toMatchObject({ code: 'METER_OUT_OF_SEQUENCE', data: { neighbours: { before: null, after: { id: last.id } } } });

    // Voiding the latest makes the one before current; unvoiding it fits again.
    await svc.send(READING_UPDATE, { id: last.id, reading: { void: true } }, userA);
    expect((await svc.send(METER_BY_MACHINE, { machineId }, userA)).find((m) => m.id === meterId)).toMatchObject({
      currentValue: previous.value,
      ratePerDay: 5,
    });
    expect((await svc.send(READING_UPDATE, { id: last.id, reading: { void: false } }, userA)).void).toBe(false);

    // A fuel record's reading that does not fit is kept as void; one that does is live.
    await fuelRecordSaved(svc, { recordId: 9101, machineId, date: day(2 * mid + 3), currentHours: 1 });
    await fuelRecordSaved(svc, { recordId: 9102, machineId, date: day(2 * COUNT), currentHours: COUNT * 10 });
    await expectEventually(async () => {
      const newest = await svc.send(READING_LIST, { meterId, page: 0, size: 1 }, userA);
      expect(newest.totalElements).toBe(COUNT + 3);
      expect(newest.content[0]).toMatchObject({ source: 'fuel_record', sourceId: 9102, void: false });
    });
    // Newest first: 9102, readings 4999 down to 2502, then the void one of 9101.
    const [kept] = (await svc.send(READING_LIST, { meterId, page: COUNT - mid - 1, size: 1 }, userA)).content;
    expect(kept).toMatchObject({ source: 'fuel_record', sourceId: 9101, void: true, readAt: day(2 * mid + 3) });
    // The void one (1 h, the day after) is no neighbour: were it live, this one would be out of sequence.
    expect((await svc.send(READING_CREATE, { meterId, reading: { value: mid * 10 + 8, readAt: day(2 * mid + 2) } }, userA)).void).toBe(false);
    const meter = (await svc.send(METER_BY_MACHINE, { machineId }, userA)).find((m) => m.id === meterId)!;
    expect(meter).toMatchObject({ currentValue: COUNT * 10, currentReadAt: day(2 * COUNT), ratePerDay: 5 });
    expect(await svc.send(SCHEDULE_GET, { id: schedule.id }, userA)).toMatchObject({ status: 'overdue' });
  }, 600_000);
});
