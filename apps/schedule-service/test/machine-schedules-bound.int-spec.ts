import { SCHEDULE_BY_MACHINE, SCHEDULE_CREATE, ScheduleLimits } from '@wrenchlog/contracts';
import { testEngines } from '@wrenchlog/testing';
import { announceMachine, ServiceUnderTest, userA } from './harness.js';

// The spec's unpaged schedules of a machine answer at most ScheduleLimits.machineList, most urgent
// first (issue 25, item 9): one more than the bound is created over the transport.
describe.each(await testEngines())('the schedules of one machine (%s)', (engine) => {
  let svc: ServiceUnderTest;

  beforeAll(async () => {
    svc = await ServiceUnderTest.start(engine);
  });

  afterAll(async () => {
    await svc?.stop();
  });

  it(`answers the ${ScheduleLimits.machineList} most urgent schedules`, async () => {
    const machineId = 7100;
    await announceMachine(svc, machineId, userA, { name: 'Grader', type: 'Grader' });
    // Interval i + 1 days from a start today: schedule 0 comes due first.
    for (let i = 0; i <= ScheduleLimits.machineList; i++) {
      await svc.send(
        SCHEDULE_CREATE,
        { machineId, schedule: { title: `Check ${i}`, serviceType: 'Inspection', intervalDays: i + 1, recurring: true, anchor: 'completion' } },
        userA,
      );
    }
    const listed = await svc.send(SCHEDULE_BY_MACHINE, { machineId }, userA);
    expect(listed).toHaveLength(ScheduleLimits.machineList);
    expect(listed[0].title).toBe('Check 0');
    expect(listed.at(-1)!.title).toBe(`Check ${ScheduleLimits.machineList - 1}`);
  }, 120_000);
});
