import {
  ErrorCode,
  MACHINE_SAVED,
  NOTIFICATION_LIST,
  NOTIFICATION_MAIL_REQUESTED,
  NOTIFICATION_PREFERENCES_UPDATE,
  NOTIFICATION_WEEKLY_RUN,
  REPORT_FLEET,
  SCHEDULE_LIST,
  type Actor,
  type FleetReport,
  type Schedule,
} from '@wrenchlog/contracts';
import { expectEventually, testEngines } from '@wrenchlog/testing';
import type { CallContext } from '@wrenchlog/platform';
import { fuelOnlyTotals, owner, ServiceUnderTest, userA, userB } from './harness.js';

const admin: Actor = { ...owner(1), adminLevel: 1 };
const userC: Actor = owner(303);

/** What report-service and schedule-service answer each user, and what they were asked. */
const asked: { pattern: string; payload: any; userId: number | undefined }[] = [];
const fleetOf = (userId: number): FleetReport => {
  const cost = userId === userA.userId ? 66.4 : 0;
  return {
    rows: [
      {
        machineId: userId * 10,
        machineName: `Loader of ${userId}`,
        fuel: cost,
        service: 0,
        parts: 0,
        total: cost,
        distance: userId === userA.userId ? 120 : null,
        distanceUnit: 'mi',
        hours: null,
        costPerDistance: null,
        costPerHour: null,
        fuelEconomy: null,
        economyUnit: 'mpg',
      },
    ],
    totals: fuelOnlyTotals(cost, null),
  };
};
const dueSoon = {
  id: 7,
  machineId: 1010,
  machineName: 'Loader of 101',
  title: 'Grease',
  status: 'due_soon',
  reason: 'Due in 2 days',
  nextDueDate: '2026-11-25',
  forecastDate: null,
  done: false,
} as Schedule;
const rpc = async (pattern: string, payload: unknown, ctx: CallContext) => {
  asked.push({ pattern, payload, userId: ctx.actor?.userId });
  if (pattern === REPORT_FLEET) {
    return fleetOf(ctx.actor!.userId);
  }
  if (pattern === SCHEDULE_LIST) {
    return { content: ctx.actor!.userId === userA.userId ? [dueSoon] : [], totalPages: 1, totalElements: 0, number: 0, size: 100 };
  }
  throw new Error(`unexpected call ${pattern}`);
};

describe.each(await testEngines())('weekly usage reports (%s)', (engine) => {
  let svc: ServiceUnderTest;
  const weeklyMails = () => svc.events(NOTIFICATION_MAIL_REQUESTED).filter((m) => String(m.key).startsWith('weekly:'));
  const weeklyOf = async (user: Actor) => (await svc.send(NOTIFICATION_LIST, {}, user)).content.filter((n) => n.kind === 'weekly_report');

  beforeAll(async () => {
    asked.length = 0;
    svc = await ServiceUnderTest.start(engine, rpc);
    // A's machine since the week before; C's too, but C wants no weekly report.
    svc.clock.at = new Date('2026-11-10T09:00:00Z');
    await svc.emit(MACHINE_SAVED, { machineId: 1010, accountId: userA.accountId, name: 'Loader of 101', at: svc.clock.now().toISOString() });
    await svc.emit(MACHINE_SAVED, { machineId: 3030, accountId: userC.accountId, name: 'Loader of 303', at: svc.clock.now().toISOString() });
    await svc.send(
      NOTIFICATION_PREFERENCES_UPDATE,
      { digestTime: '08:00', timeZone: 'UTC', kinds: { maintenance: ['inapp'], lowStock: [], weeklyReport: [] } },
      userC,
    );
  });
  afterAll(() => svc?.stop());

  it('sends last week’s report on Monday at the digest time, once, by email and in the app, to whoever had machines that week', async () => {
    // Monday 2026-11-23, 07:59 UTC: not yet.
    svc.clock.at = new Date('2026-11-23T07:59:00Z');
    await svc.tick();
    expect(await weeklyOf(userA)).toEqual([]);

    // B's first machine arrives on the Monday: last week is not B's.
    svc.clock.at = new Date('2026-11-23T08:01:00Z');
    await svc.emit(MACHINE_SAVED, { machineId: 2020, accountId: userB.accountId, name: 'Loader of 202', at: svc.clock.now().toISOString() });
    svc.clock.at = new Date('2026-11-23T08:05:00Z');
    await svc.tick();

    await expectEventually(async () =>
      expect(await weeklyOf(userA)).toEqual([
        expect.objectContaining({
          title: 'Weekly usage report 2026-11-16 to 2026-11-22: $66.40',
          link: '/reports?period=custom&from=2026-11-16&to=2026-11-22',
          machineId: null,
        }),
      ]),
    );
    await svc.flushOutbox();
    expect(weeklyMails()).toEqual([
      expect.objectContaining({ key: 'weekly:101:101:2026-11-16', userId: userA.userId, subject: 'Your Wrenchlog week: 2026-11-16 to 2026-11-22' }),
    ]);
    const text: string = weeklyMails()[0].text;
    expect(text).toContain('Costs: $66.40 (fuel $66.40)');
    expect(text).toContain('Loader of 101\n  Meters moved: 120 mi\n  Costs: $66.40 (fuel $66.40)');
    expect(text).toContain('  - Loader of 101: Grease (due 2026-11-25; Due in 2 days)');
    // Asked as A, for A's week; nobody asked on behalf of B or C.
    expect(asked.filter((a) => a.pattern === REPORT_FLEET)).toEqual([
      { pattern: REPORT_FLEET, payload: { from: '2026-11-16', to: '2026-11-22' }, userId: userA.userId },
    ]);
    expect(await weeklyOf(userB)).toEqual([]);

    // The next passes of the week send nothing more.
    svc.clock.at = new Date('2026-11-25T12:00:00Z');
    await svc.tick();
    await svc.flushOutbox();
    expect(weeklyMails()).toHaveLength(1);
    expect(await weeklyOf(userA)).toHaveLength(1);
  });

  it('makes the reports of the seven days before today when the admin’s job asks, for whoever has not had that week', async () => {
    // Wednesday 2026-11-25: the days 18 to 24, new to A and to B (whose machine is there now).
    const reply = await svc.send(NOTIFICATION_WEEKLY_RUN, {}, admin);
    expect(reply).toEqual({ users: 3, sent: 2, skipped: 1, failed: 0, lastError: null });
    await svc.flushOutbox();
    expect(
      weeklyMails()
        .map((m) => m.key)
        .sort(),
    ).toEqual(['weekly:101:101:2026-11-16', 'weekly:101:101:2026-11-18', 'weekly:202:202:2026-11-18']);
    expect((await weeklyOf(userB)).map((n) => n.title)).toEqual(['Weekly usage report 2026-11-18 to 2026-11-24: $0.00']);
    expect(weeklyMails().find((m) => m.userId === userB.userId).text).toContain('No costs or meter readings were recorded this week.');

    // Run again: nothing new.
    expect(await svc.send(NOTIFICATION_WEEKLY_RUN, {}, admin)).toEqual({ users: 3, sent: 0, skipped: 3, failed: 0, lastError: null });
  });

  it('is an administrator’s call only', async () => {
    expect(await svc.failure(NOTIFICATION_WEEKLY_RUN, {}, userA)).toMatchObject({ code: ErrorCode.Forbidden });
  });
});
