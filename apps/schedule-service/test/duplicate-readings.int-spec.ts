import { MeterMessages, READING_CREATE, READING_LIST } from '@wrenchlog/contracts';
import { testEngines } from '@wrenchlog/testing';
import { announceMachine, ServiceUnderTest, userA } from './harness.js';

/** Issue 38: two identical manual readings (2,500 h, same day) were both accepted. */
describe.each(await testEngines())('a manual reading entered twice (%s)', (engine) => {
  let svc: ServiceUnderTest;

  beforeAll(async () => {
    svc = await ServiceUnderTest.start(engine);
  });

  afterAll(async () => {
    await svc?.stop();
  });

  it('refuses the same value on the same day as a duplicate, and keeps one reading', async () => {
    const machineId = 9300;
    const { hours } = await announceMachine(svc, machineId, userA, { name: 'Excavator', type: 'Excavator' });
    const readAt = '2026-09-01';
    const first = await svc.send(READING_CREATE, { meterId: hours.id, reading: { value: 2500, readAt } }, userA);
    expect(first).toMatchObject({ value: 2500, readAt, void: false });
    const again = await svc.failure(READING_CREATE, { meterId: hours.id, reading: { value: 2500, readAt } }, userA);
    expect(again).toMatchObject({ code: 'CONFLICT', message: MeterMessages.duplicate });
    // Another value that day, or the same value another day, are readings of their own.
    expect(await svc.send(READING_CREATE, { meterId: hours.id, reading: { value: 2504, readAt } }, userA)).toMatchObject({ void: false });
    expect(await svc.send(READING_CREATE, { meterId: hours.id, reading: { value: 2504, readAt: '2026-09-02' } }, userA)).toMatchObject({ void: false });
    const page = await svc.send(READING_LIST, { meterId: hours.id, page: 0, size: 10 }, userA);
    expect(page.content.filter((r: { value: number }) => r.value === 2500)).toHaveLength(1);
  });
});
