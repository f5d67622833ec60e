import {
  MACHINE_DELETED,
  MACHINE_SAVED,
  METER_BY_MACHINE,
  METER_UPDATE,
  METERS_CHANGED,
  READING_CREATE,
  READING_LIST,
  READING_UPDATE,
  SCHEDULE_BY_MACHINE,
  SCHEDULE_COMPLETE,
  SCHEDULE_CREATE,
  SCHEDULE_GET,
  SCHEDULE_LIST,
  SCHEDULE_READING_CHANGED,
  SCHEDULE_READING_CREATED,
  SCHEDULE_STATUS_CHANGED,
  SCHEDULE_UPDATE,
  SERVICE_RECORD_DELETED,
  FUEL_RECORD_SAVED,
  FUEL_RECORD_DELETED,
  batchPattern,
} from '@wrenchlog/contracts';
import { expectEventually, testEngines } from '@wrenchlog/testing';
import { announceMachine, fuelRecordSaved, ServiceUnderTest, serviceRecordSaved, userA, userB } from './harness.js';

const today = new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

describe.each(await testEngines())('schedule-service over the transport (%s)', (engine) => {
  let svc: ServiceUnderTest;
  let nextMachine = 5000;

  const machineOf = (actor = userA, extra: Record<string, unknown> = {}) => announceMachine(svc, nextMachine++, actor, { type: 'Tractor', ...extra });
  /** A machine whose hours meter read 1000 thirty days ago, with a schedule every 250 h last done at 1000 (due at 1250). */
  const every250Hours = async (title: string, serviceType: string) => {
    const { machineId, hours } = await machineOf();
    await svc.send(READING_CREATE, { meterId: hours.id, reading: { value: 1000, readAt: daysAgo(30) } }, userA);
    const settings = { title, serviceType, intervalHours: 250, recurring: true, anchor: 'completion', lastDoneHours: 1000 } as const;
    return { machineId, hours, settings, schedule: await svc.send(SCHEDULE_CREATE, { machineId, schedule: settings }, userA) };
  };

  beforeAll(async () => {
    svc = await ServiceUnderTest.start(engine);
  });

  afterAll(async () => {
    await svc?.stop();
  });

  it('gives a new machine a distance meter in miles and an hours meter', async () => {
    const { machineId, distance, hours } = await machineOf();
    expect(distance).toMatchObject({ machineId, kind: 'distance', unit: 'mi', currentValue: null, currentReadAt: null, stale: false, ratePerDay: null });
    expect(hours).toMatchObject({ machineId, kind: 'hours', unit: 'h', currentValue: null });
  });

  it('keeps readings in sequence and answers the neighbours of one that does not fit', async () => {
    const { hours } = await machineOf();
    await svc.send(READING_CREATE, { meterId: hours.id, reading: { value: 100, readAt: daysAgo(20) } }, userA);
    const later = await svc.send(READING_CREATE, { meterId: hours.id, reading: { value: 150.5, readAt: daysAgo(10) } }, userA);

    const refused = await svc.failure(READING_CREATE, { meterId: hours.id, reading: { value: 200, readAt: daysAgo(15) } }, userA);
    expect(refused).toMatchObject({ code: 'METER_OUT_OF_SEQUENCE', data: { neighbours: { before: null, after: { id: later.id, value: 150.5 } } } });

    const tooPrecise = await svc.failure(READING_CREATE, { meterId: hours.id, reading: { value: 160.25, readAt: today } }, userA);
    expect(tooPrecise).toMatchObject({ code: 'UNPROCESSABLE', details: [{ field: 'value', message: 'Hours readings must have at most 1 decimal' }] });

    // Saved as void, it is kept but ignored.
    const typo = await svc.send(READING_CREATE, { meterId: hours.id, reading: { value: 9999, readAt: daysAgo(15), void: true } }, userA);
    expect(typo.void).toBe(true);
    const [meter] = (await svc.send(METER_BY_MACHINE, { machineId: hours.machineId }, userA)).filter((m) => m.kind === 'hours');
    expect(meter).toMatchObject({ currentValue: 150.5, currentReadAt: daysAgo(10), ratePerDay: 5.05 });
    const unvoid = await svc.failure(READING_UPDATE, { id: typo.id, reading: { void: false } }, userA);
    expect(unvoid.code).toBe('METER_OUT_OF_SEQUENCE');

    const page = await svc.send(READING_LIST, { meterId: hours.id, page: 0, size: 2 }, userA);
    expect(page).toMatchObject({ totalElements: 3, totalPages: 2, number: 0, size: 2 });
    expect(page.content.map((r) => r.readAt)).toEqual([daysAgo(10), daysAgo(15)]);
    // The outbox sends after the commit.
    await expectEventually(() => expect(svc.events(METERS_CHANGED).some((e) => e.machineId === hours.machineId && e.hours === 150.5)).toBe(true));
  });

  it("answers another user's meter, reading and schedule as not found", async () => {
    const { machineId, hours } = await machineOf(userA);
    const reading = await svc.send(READING_CREATE, { meterId: hours.id, reading: { value: 1, readAt: today } }, userA);
    const schedule = await svc.send(
      SCHEDULE_CREATE,
      { machineId, schedule: { title: 'Grease', serviceType: 'Maintenance', intervalHours: 10, recurring: true, anchor: 'completion' } },
      userA,
    );

    expect((await svc.failure(METER_BY_MACHINE, { machineId }, userB)).code).toBe('NOT_FOUND');
    expect((await svc.failure(READING_CREATE, { meterId: hours.id, reading: { value: 5, readAt: today } }, userB)).code).toBe('NOT_FOUND');
    expect((await svc.failure(READING_UPDATE, { id: reading.id, reading: { void: true } }, userB)).code).toBe('NOT_FOUND');
    expect((await svc.failure(SCHEDULE_GET, { id: schedule.id }, userB)).code).toBe('NOT_FOUND');
    expect(
      (await svc.failure(SCHEDULE_CREATE, { machineId, schedule: { title: 'x', serviceType: 'y', intervalDays: 5, recurring: true, anchor: 'fixed' } }, userB))
        .code,
    ).toBe('NOT_FOUND');
    expect((await svc.send(SCHEDULE_LIST, {}, userB)).content.some((s) => s.id === schedule.id)).toBe(false);
  });

  it('makes a schedule due soon from a fuel record, completes it from a service record and undoes that when the record goes', async () => {
    const { machineId, hours, schedule } = await every250Hours('Engine oil and filter', 'Oil Change');
    expect(schedule).toMatchObject({ status: 'upcoming', reason: '250 h left', reasonDimension: 'hours', nextDueHours: 1250, forecastDate: null });

    await fuelRecordSaved(svc, { recordId: 71, machineId, date: daysAgo(10), currentHours: 1240 });
    await expectEventually(async () => {
      const s = await svc.send(SCHEDULE_GET, { id: schedule.id }, userA);
      // 240 h over 20 days = 12 h a day; projected today 1240 + 10 x 12 = 1360 >= 1250: forecast today.
      expect(s).toMatchObject({ status: 'due_soon', reason: '10 h left', forecastDate: today });
    });
    expect((await svc.send(SCHEDULE_LIST, { status: 'due_soon,overdue' }, userA)).content.map((s) => s.id)).toContain(schedule.id);

    await serviceRecordSaved(svc, { recordId: 900, machineId, serviceDate: daysAgo(5), hours: 1255, completesScheduleIds: [schedule.id] });
    await expectEventually(async () => {
      const s = await svc.send(SCHEDULE_GET, { id: schedule.id }, userA);
      expect(s).toMatchObject({ status: 'upcoming', lastDoneDate: daysAgo(5), lastDoneHours: 1255, nextDueHours: 1505, completedBy: [900] });
    });

    await svc.emit(SERVICE_RECORD_DELETED, { recordId: 900, accountId: userA.accountId, machineId, at: new Date().toISOString() });
    await expectEventually(async () => {
      const s = await svc.send(SCHEDULE_GET, { id: schedule.id }, userA);
      expect(s).toMatchObject({ status: 'due_soon', nextDueHours: 1250, completedBy: [] });
    });
    const readings = await svc.send(READING_LIST, { meterId: hours.id }, userA);
    expect(readings.content.map((r) => [r.source, r.value])).toEqual([
      ['fuel_record', 1240],
      ['manual', 1000],
    ]);
    await svc.emit(FUEL_RECORD_DELETED, { recordId: 71, accountId: userA.accountId, machineId, at: new Date().toISOString() });
    await expectEventually(async () => expect((await svc.send(READING_LIST, { meterId: hours.id }, userA)).totalElements).toBe(1));
  });

  it('applies a batch of fuel records (an import) in order: a duplicate makes one reading, the schedule follows the last', async () => {
    const { machineId, hours, schedule } = await every250Hours('Engine oil', 'Oil Change');
    const fuel = (recordId: number, date: string, currentHours: number) => ({
      actor: null,
      payload: { recordId, accountId: userA.accountId, machineId, date, currentMileage: null, currentHours, at: new Date().toISOString() },
      meta: { correlationId: 'batch-test' },
    });
    const first = fuel(8101, daysAgo(20), 1100);
    await svc.emit(batchPattern(FUEL_RECORD_SAVED), { events: [first, fuel(8102, daysAgo(15), 1180), first, fuel(8103, daysAgo(10), 1240)] });

    await expectEventually(async () => {
      const readings = await svc.send(READING_LIST, { meterId: hours.id }, userA);
      expect(readings.content.map((r) => [r.source, r.value])).toEqual([
        ['fuel_record', 1240],
        ['fuel_record', 1180],
        ['fuel_record', 1100],
        ['manual', 1000],
      ]);
    });
    expect(await svc.send(SCHEDULE_GET, { id: schedule.id }, userA)).toMatchObject({ reason: '10 h left', nextDueHours: 1250 });
    await expectEventually(() => expect(svc.events(METERS_CHANGED).some((e) => e.machineId === machineId && e.hours === 1240)).toBe(true));
  });

  it('says why a status changed: an edit or a deleted record is no completion, a completing record is', async () => {
    const { machineId, settings, schedule } = await every250Hours('Hydraulic filter', 'Filter');
    const statusOf = async (status: string) =>
      expectEventually(async () => expect((await svc.send(SCHEDULE_GET, { id: schedule.id }, userA)).status).toBe(status));

    await fuelRecordSaved(svc, { recordId: 72, machineId, date: daysAgo(10), currentHours: 1240 });
    await statusOf('due_soon');
    await svc.send(SCHEDULE_UPDATE, { id: schedule.id, schedule: { ...settings, intervalHours: 500 } }, userA);
    await svc.send(SCHEDULE_UPDATE, { id: schedule.id, schedule: { ...settings, intervalHours: 250, lastDoneHours: null } }, userA);
    await serviceRecordSaved(svc, { recordId: 902, machineId, serviceDate: daysAgo(5), hours: 1255, completesScheduleIds: [schedule.id] });
    await statusOf('upcoming');
    await svc.emit(SERVICE_RECORD_DELETED, { recordId: 902, accountId: userA.accountId, machineId, at: new Date().toISOString() });
    await statusOf('due_soon');
    await svc.emit(FUEL_RECORD_DELETED, { recordId: 72, accountId: userA.accountId, machineId, at: new Date().toISOString() });
    await statusOf('upcoming');

    await expectEventually(() =>
      expect(
        svc
          .events(SCHEDULE_STATUS_CHANGED)
          .filter((e) => e.scheduleId === schedule.id)
          .map((e) => [e.previousStatus, e.status, e.cause]),
      ).toEqual([
        [null, 'upcoming', 'created'],
        ['upcoming', 'due_soon', 'record'],
        ['due_soon', 'upcoming', 'edit'],
        ['upcoming', 'due_soon', 'edit'],
        ['due_soon', 'upcoming', 'completion'],
        ['upcoming', 'due_soon', 'record'],
        ['due_soon', 'upcoming', 'record'],
      ]),
    );
  });

  it('announces each live reading, by hand or from a record, and no void one', async () => {
    const { machineId, hours, distance } = await machineOf();
    const manual = await svc.send(READING_CREATE, { meterId: hours.id, reading: { value: 120.5, readAt: daysAgo(3) } }, userA);
    await svc.send(READING_CREATE, { meterId: hours.id, reading: { value: 9999, readAt: daysAgo(2), void: true } }, userA);
    await fuelRecordSaved(svc, { recordId: 73, machineId, date: daysAgo(1), currentMileage: 4200 });
    await expectEventually(() =>
      expect(svc.events(SCHEDULE_READING_CREATED).filter((e) => e.machineId === machineId)).toEqual([
        {
          readingId: manual.id,
          meterId: hours.id,
          machineId,
          accountId: userA.accountId,
          kind: 'hours',
          unit: 'h',
          value: 120.5,
          lifetimeValue: 120.5,
          date: daysAgo(3),
          source: 'manual',
          sourceId: null,
          at: expect.any(String),
        },
        {
          readingId: expect.any(Number),
          meterId: distance.id,
          machineId,
          accountId: userA.accountId,
          kind: 'distance',
          unit: 'mi',
          value: 4200,
          lifetimeValue: 4200,
          date: daysAgo(1),
          source: 'fuel_record',
          sourceId: 73,
          at: expect.any(String),
        },
      ]),
    );
  });

  it("tells report-service each reading's state: created live or void, voided, and deleted with its record", async () => {
    const { machineId, hours, distance } = await machineOf();
    const manual = await svc.send(READING_CREATE, { meterId: hours.id, reading: { value: 130, readAt: daysAgo(3) } }, userA);
    const typo = await svc.send(READING_CREATE, { meterId: hours.id, reading: { value: 9999, readAt: daysAgo(2), void: true } }, userA);
    await svc.send(READING_UPDATE, { id: manual.id, reading: { void: true } }, userA);
    await fuelRecordSaved(svc, { recordId: 74, machineId, date: daysAgo(1), currentMileage: 5100 });
    await expectEventually(() =>
      expect(svc.events(SCHEDULE_READING_CHANGED).filter((e) => e.machineId === machineId && e.kind === 'distance' && e.live)).toHaveLength(1),
    );
    await svc.emit(FUEL_RECORD_DELETED, { recordId: 74, accountId: userA.accountId, machineId, at: new Date().toISOString() });
    const fromRecord = svc.events(SCHEDULE_READING_CHANGED).find((e) => e.machineId === machineId && e.kind === 'distance' && e.live)!.readingId;
    const state = (readingId: number, live: boolean, kind: 'hours' | 'distance', lifetimeValue: number, date: string) => ({
      readingId,
      meterId: kind === 'hours' ? hours.id : distance.id,
      machineId,
      accountId: userA.accountId,
      kind,
      unit: kind === 'hours' ? 'h' : 'mi',
      lifetimeValue,
      date,
      live,
      at: expect.any(String),
    });
    // A state event: of several not yet delivered for one reading only the newest goes, so the last one of each counts.
    const lastOf = () => {
      const last = new Map<number, unknown>();
      for (const e of svc.events(SCHEDULE_READING_CHANGED).filter((x) => x.machineId === machineId)) {
        last.set(e.readingId, e);
      }
      return Object.fromEntries(last);
    };
    await expectEventually(() =>
      expect(lastOf()).toEqual({
        [manual.id]: state(manual.id, false, 'hours', 130, daysAgo(3)),
        [typo.id]: state(typo.id, false, 'hours', 9999, daysAgo(2)),
        [fromRecord]: state(fromRecord, false, 'distance', 5100, daysAgo(1)),
      }),
    );
  });

  it('keeps the job template its work orders start from: an update without it keeps it, null clears it', async () => {
    const { schedule, settings } = await every250Hours('250 h service', 'Oil Change');
    expect(schedule.jobTemplateId).toBeNull();
    const named = await svc.send(SCHEDULE_UPDATE, { id: schedule.id, schedule: { ...settings, jobTemplateId: 31 } }, userA);
    expect(named.jobTemplateId).toBe(31);
    expect((await svc.send(SCHEDULE_UPDATE, { id: schedule.id, schedule: settings }, userA)).jobTemplateId).toBe(31);
    expect((await svc.send(SCHEDULE_GET, { id: schedule.id }, userA)).jobTemplateId).toBe(31);
    expect((await svc.send(SCHEDULE_UPDATE, { id: schedule.id, schedule: { ...settings, jobTemplateId: null } }, userA)).jobTemplateId).toBeNull();
    const { machineId } = await machineOf();
    const created = await svc.send(SCHEDULE_CREATE, { machineId, schedule: { ...settings, jobTemplateId: 32 } }, userA);
    expect(created.jobTemplateId).toBe(32);
    expect(await svc.failure(SCHEDULE_CREATE, { machineId, schedule: { ...settings, jobTemplateId: -1 } as never }, userA)).toMatchObject({
      details: [{ field: 'jobTemplateId', message: 'Job template must be a job template ID, or null' }],
    });
  });

  it('completes a schedule through the call with a known service record of the machine', async () => {
    const { machineId } = await machineOf();
    const schedule = await svc.send(
      SCHEDULE_CREATE,
      {
        machineId,
        schedule: { title: 'Inspection', serviceType: 'Inspection', intervalMonths: 12, recurring: true, anchor: 'fixed', lastDoneDate: '2025-01-31' },
      },
      userA,
    );
    expect(schedule.nextDueDate).toBe('2026-01-31');
    await serviceRecordSaved(svc, { recordId: 901, machineId, serviceDate: today });
    let done: Awaited<ReturnType<typeof svc.send<typeof SCHEDULE_COMPLETE>>> | undefined;
    await expectEventually(async () => {
      done = await svc.send(SCHEDULE_COMPLETE, { id: schedule.id, serviceRecordId: 901 }, userA);
    });
    // Fixed grid: previous due + 12 months, whenever it was done.
    expect(done).toMatchObject({ nextDueDate: '2027-01-31', completedBy: [901] });
    expect((await svc.failure(SCHEDULE_COMPLETE, { id: schedule.id, serviceRecordId: 424242 }, userA)).code).toBe('NOT_FOUND');
  });

  it("shows the machine's license and insurance dates as items, and takes everything away with the machine", async () => {
    const { machineId } = await machineOf(userA, { licenseExpirationDate: daysAgo(-10), insuranceExpirationDate: daysAgo(-100), isPermanentLicense: false });
    await expectEventually(async () => {
      const items = await svc.send(SCHEDULE_BY_MACHINE, { machineId }, userA);
      expect(items.map((s) => [s.title, s.status, s.reason])).toEqual([
        ['License plate expires', 'due_soon', 'Due in 10 days'],
        ['Insurance expires', 'upcoming', 'Due in 100 days'],
      ]);
    });
    await svc.emit(MACHINE_SAVED, {
      machineId,
      accountId: userA.accountId,
      name: 'Renamed',
      type: 'Tractor',
      licenseExpirationDate: daysAgo(-10),
      insuranceExpirationDate: null,
      isPermanentLicense: true,
      at: new Date().toISOString(),
    });
    await expectEventually(async () => expect(await svc.send(SCHEDULE_BY_MACHINE, { machineId }, userA)).toEqual([]));

    await svc.send(
      SCHEDULE_CREATE,
      { machineId, schedule: { title: 'Grease', serviceType: 'Maintenance', intervalDays: 7, recurring: true, anchor: 'completion' } },
      userA,
    );
    await svc.emit(MACHINE_DELETED, { machineId, accountId: userA.accountId });
    await expectEventually(async () => expect((await svc.failure(METER_BY_MACHINE, { machineId }, userA)).code).toBe('NOT_FOUND'));
    expect((await svc.send(SCHEDULE_LIST, { size: 100 }, userA)).content.some((s) => s.machineId === machineId)).toBe(false);
  });

  it("gives a machine to its real owner when another user's fuel record named its id first", async () => {
    const machineId = nextMachine++;
    await fuelRecordSaved(svc, { recordId: 7001, machineId, date: today, currentMileage: 500 }, userB);
    await expectEventually(async () => expect(await svc.send(METER_BY_MACHINE, { machineId }, userB)).toHaveLength(2));
    await svc.emit(MACHINE_SAVED, { machineId, accountId: userA.accountId, name: 'Real', type: null, at: new Date().toISOString() });
    await expectEventually(async () => {
      const meters = await svc.send(METER_BY_MACHINE, { machineId }, userA);
      expect(meters.map((m) => m.currentValue)).toEqual([null, null]);
    });
    expect((await svc.failure(METER_BY_MACHINE, { machineId }, userB)).code).toBe('NOT_FOUND');
  });

  it("answers distances in the machine's distance unit, and follows it when the meter changes to km", async () => {
    const { machineId, distance } = await machineOf();
    await svc.send(READING_CREATE, { meterId: distance.id, reading: { value: 45_340, readAt: daysAgo(1) } }, userA);
    const created = await svc.send(
      SCHEDULE_CREATE,
      {
        machineId,
        schedule: { title: 'Tires', serviceType: 'Tires', intervalDistance: 5000, recurring: true, anchor: 'completion', lastDoneDistance: 40_000 },
      },
      userA,
    );
    // One reading gives no rate, and the schedule counts only distance: no forecast.
    expect(created).toMatchObject({ status: 'overdue', reason: 'Overdue by 340 mi', nextDueDistance: 45_000, forecastDate: null, distanceUnit: 'mi' });

    await svc.send(METER_UPDATE, { id: distance.id, meter: { unit: 'km' } }, userA);
    expect(await svc.send(SCHEDULE_GET, { id: created.id }, userA)).toMatchObject({ reason: 'Overdue by 340 km', distanceUnit: 'km', forecastDate: null });
    expect(await svc.send(SCHEDULE_BY_MACHINE, { machineId }, userA)).toEqual([
      expect.objectContaining({ id: created.id, reason: 'Overdue by 340 km', distanceUnit: 'km' }),
    ]);
    const fleet = await svc.send(SCHEDULE_LIST, { size: 100 }, userA);
    expect(fleet.content.find((s) => s.id === created.id)).toMatchObject({ reason: 'Overdue by 340 km', distanceUnit: 'km' });
  });

  it('adds a manual reading when the user sets the machine miles', async () => {
    const { machineId } = await machineOf(userA, { miles: 0 });
    await svc.emit(MACHINE_SAVED, { machineId, accountId: userA.accountId, name: 'X', type: 'Truck', miles: 46000, at: new Date().toISOString() });
    await expectEventually(async () => {
      const [distance] = await svc.send(METER_BY_MACHINE, { machineId }, userA);
      expect(distance).toMatchObject({ currentValue: 46000, currentReadAt: today });
    });
  });

  it('refuses a bad body sent straight to it with the 400 of the gateway, and field messages, before any lookup', async () => {
    // Ids no one owns: the DTO check answers first, as the gateway's does (meters.e2e, schedules.e2e).
    const oil = { title: 'Oil', serviceType: 'Oil Change', recurring: true, anchor: 'completion' };
    expect(
      await svc.failure(SCHEDULE_CREATE, { machineId: 999_999, schedule: { ...oil, intervalHours: 'abc', anchor: 'sometimes' } as never }, userA),
    ).toMatchObject({
      code: 'VALIDATION',
      message: 'Interval must be a number above 0; Anchor must be completion or fixed',
      details: [
        { field: 'intervalHours', message: 'Interval must be a number above 0' },
        { field: 'anchor', message: 'Anchor must be completion or fixed' },
      ],
    });
    expect(await svc.failure(SCHEDULE_UPDATE, { id: 999_999, schedule: [] as never }, userA)).toMatchObject({
      code: 'VALIDATION',
      message: 'The body must be a JSON object',
    });
    expect(await svc.failure(READING_CREATE, { meterId: 999_999, reading: { value: '12', readAt: '2025-02-30' } as never }, userA)).toMatchObject({
      code: 'VALIDATION',
      details: [
        { field: 'value', message: 'Value must be a number, 0 or more' },
        { field: 'readAt', message: 'Date must be a real date (YYYY-MM-DD)' },
      ],
    });
    expect(await svc.failure(READING_LIST, { meterId: 999_999, size: 500 }, userA)).toMatchObject({ code: 'VALIDATION', message: 'Size must be at most 100' });
    expect(await svc.failure(SCHEDULE_LIST, { status: 'late' }, userA)).toMatchObject({
      code: 'VALIDATION',
      message: 'Status must be a comma-separated list of upcoming, due_soon, overdue',
    });
  });
});
