import { FUEL_RECORD_DELETED, READING_LIST, READING_UPDATE, READING_VOIDED_BY_RECORD } from '@wrenchlog/contracts';
import { expectEventually, testEngines } from '@wrenchlog/testing';
import { announceMachine, fuelRecordSaved, serviceRecordSaved, ServiceUnderTest, userA } from './harness.js';

const fuelRecordDeleted = (svc: ServiceUnderTest, recordId: number, machineId: number) =>
  svc.emit(FUEL_RECORD_DELETED, { recordId, accountId: userA.accountId, machineId, at: new Date().toISOString() });

/** Issue 38: a reading void only because it conflicted with another comes back when that one goes; a save says what it voided. */
describe.each(await testEngines())('readings voided because of another (%s)', (engine) => {
  let svc: ServiceUnderTest;

  beforeAll(async () => {
    svc = await ServiceUnderTest.start(engine);
  });

  afterAll(async () => {
    await svc?.stop();
  });

  it('answers what a record voided, places it again when the reading it broke with is voided, and never touches a reading voided by hand', async () => {
    const machineId = 9400;
    const { hours } = await announceMachine(svc, machineId, userA, { name: 'Excavator', type: 'Excavator' });
    const readings = async () =>
      Object.fromEntries(
        ((await svc.send(READING_LIST, { meterId: hours.id, page: 0, size: 20 }, userA)).content as { id: number; value: number; void: boolean }[]).map((r) => [
          r.value,
          { id: r.id, void: r.void },
        ]),
      );
    await serviceRecordSaved(svc, { recordId: 940, machineId, serviceDate: '2026-07-01', hours: 2500 });
    await fuelRecordSaved(svc, { recordId: 941, machineId, date: '2026-08-01', currentHours: 2400 });
    let stored = await readings();
    // The events are handled in the background.
    await expectEventually(async () => {
      stored = await readings();
      expect([stored[2500]?.void, stored[2400]?.void]).toEqual([false, true]);
    });

    const voided = await svc.send(READING_VOIDED_BY_RECORD, { source: 'fuel_record', recordId: 941 }, userA);
    expect(voided).toEqual([
      expect.objectContaining({
        id: stored[2400]!.id,
        kind: 'hours',
        unit: 'h',
        value: 2400,
        void: true,
        conflictsWith: expect.objectContaining({ id: stored[2500]!.id }),
      }),
    ]);
    expect(await svc.send(READING_VOIDED_BY_RECORD, { source: 'service_record', recordId: 940 }, userA)).toEqual([]);

    // The July 2,500 voided by hand: the August 2,400 was void only because of it, and is live again.
    await svc.send(READING_UPDATE, { id: stored[2500]!.id, reading: { void: true } }, userA);
    stored = await readings();
    expect([stored[2500]!.void, stored[2400]!.void]).toEqual([true, false]);
    expect(await svc.send(READING_VOIDED_BY_RECORD, { source: 'fuel_record', recordId: 941 }, userA)).toEqual([]);

    // A September 2,600 the user voids by hand: deleting the fill before it leaves it void (it is the user's choice, not the sequence's).
    await fuelRecordSaved(svc, { recordId: 942, machineId, date: '2026-09-01', currentHours: 2600 });
    await expectEventually(async () => expect((await readings())[2600]?.void).toBe(false));
    await svc.send(READING_UPDATE, { id: (await readings())[2600]!.id, reading: { void: true } }, userA);
    await fuelRecordDeleted(svc, 941, machineId);
    await expectEventually(async () => {
      stored = await readings();
      expect(stored[2400]).toBeUndefined();
    });
    expect([stored[2500]!.void, stored[2600]!.void]).toEqual([true, true]);
  });
});
