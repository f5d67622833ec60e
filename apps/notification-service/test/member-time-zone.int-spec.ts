import {
  ACCOUNT_MEMBER_SAVED,
  MACHINE_SAVED,
  NOTIFICATION_MAIL_REQUESTED,
  NOTIFICATION_PREFERENCES_GET,
  NOTIFICATION_PREFERENCES_UPDATE,
  NOTIFICATION_TIME_ZONE_CHANGED,
  NOTIFICATION_UNREAD_COUNT,
  SCHEDULE_STATUS_CHANGED,
  type Actor,
} from '@wrenchlog/contracts';
import { expectEventually, testEngines } from '@wrenchlog/testing';
import { memberOf, owner, ServiceUnderTest } from './harness.js';

// Issue 32/34: a member who never saved notification settings gets their digest at the default
// time in their own time zone preference (own, else their account's default), which user-service
// sends with account.member.saved; not in UTC.
const tokyo = owner(505);
const paris = memberOf(tokyo, 'manager', 1505);

describe.each(await testEngines())("a member's time zone preference (%s)", (engine) => {
  let svc: ServiceUnderTest;
  const member = (who: Actor, name: string, timeZone?: string | null, accountTimeZone?: string | null) =>
    svc.emit(ACCOUNT_MEMBER_SAVED, {
      accountId: who.accountId,
      userId: who.userId,
      name,
      role: who.role,
      machineIds: null,
      removed: false,
      ...(timeZone === undefined ? {} : { timeZone }),
      ...(accountTimeZone === undefined ? {} : { accountTimeZone }),
      at: svc.clock.now().toISOString(),
    });
  const digestsOf = (who: Actor, date: string) =>
    svc
      .events(NOTIFICATION_MAIL_REQUESTED)
      .map((e) => String(e.key))
      .filter((key) => key === `digest:${who.accountId}:${who.userId}:${date}`);

  beforeAll(async () => {
    svc = await ServiceUnderTest.start(engine);
    // 07:00 in Tokyo on the 2nd: before its digest time.
    svc.clock.at = new Date('2026-03-01T22:00:00Z');
    await member(tokyo, 'Tomoko', 'Asia/Tokyo');
    await member(paris, 'Pierre', 'Europe/Paris');
    await svc.emit(MACHINE_SAVED, { machineId: 51, accountId: tokyo.accountId, name: 'Tractor', at: svc.clock.now().toISOString() });
    await svc.emit(SCHEDULE_STATUS_CHANGED, {
      scheduleId: 5001,
      machineId: 51,
      accountId: tokyo.accountId,
      title: 'Oil change',
      previousStatus: 'upcoming',
      status: 'overdue',
      reason: 'Overdue by 3 days',
      reasonDimension: 'date',
      at: svc.clock.now().toISOString(),
    });
    await expectEventually(async () => expect(await svc.send(NOTIFICATION_UNREAD_COUNT, {}, tokyo)).toBe(1));
  });
  afterAll(() => svc?.stop());

  it('answers the settings of a member who saved none in their time zone preference', async () => {
    expect(await svc.send(NOTIFICATION_PREFERENCES_GET, {}, tokyo)).toMatchObject({ digestTime: '08:00', timeZone: 'Asia/Tokyo' });
    expect(await svc.send(NOTIFICATION_PREFERENCES_GET, {}, paris)).toMatchObject({ timeZone: 'Europe/Paris' });
    // An event from before time zones (no field) keeps the zone known.
    await member(paris, 'Pierre');
    expect((await svc.send(NOTIFICATION_PREFERENCES_GET, {}, paris)).timeZone).toBe('Europe/Paris');
  });

  it('sends the digest at 08:00 in the member’s zone, and keeps the zone a member saved in their settings', async () => {
    // 00:30 UTC is 09:30 in Tokyo (its digest is due) and 01:30 in Paris (not yet).
    svc.clock.at = new Date('2026-03-02T00:30:00Z');
    await svc.tick();
    await svc.flushOutbox();
    expect(digestsOf(tokyo, '2026-03-02')).toHaveLength(1);
    expect(digestsOf(paris, '2026-03-02')).toEqual([]);

    // Settings saved in notifications win over the preference.
    await svc.send(
      NOTIFICATION_PREFERENCES_UPDATE,
      { digestTime: '08:00', timeZone: 'UTC', kinds: { maintenance: ['email', 'inapp'], lowStock: [], weeklyReport: [] } },
      paris,
    );
    await member(paris, 'Pierre', 'Asia/Tokyo');
    expect((await svc.send(NOTIFICATION_PREFERENCES_GET, {}, paris)).timeZone).toBe('UTC');
    svc.clock.at = new Date('2026-03-02T07:30:00Z'); // 08:30 in Paris, 07:30 UTC
    await svc.tick();
    await svc.flushOutbox();
    expect(digestsOf(paris, '2026-03-02')).toEqual([]);
  });

  it("sends the account's default zone on to report-service (its fuel dates) from an owner's event, not a manager's", async () => {
    const zonesOf = () => svc.events(NOTIFICATION_TIME_ZONE_CHANGED).filter((e) => e.accountId === tokyo.accountId);
    await member(paris, 'Pierre', 'Europe/Paris', 'America/Denver');
    await member(tokyo, 'Tomoko', 'Asia/Tokyo', null);
    await svc.flushOutbox();
    expect(zonesOf()).toEqual([]);
    svc.clock.advance(1000);
    await member(tokyo, 'Tomoko', 'Asia/Tokyo', 'America/Denver');
    await expectEventually(() =>
      expect(zonesOf()).toEqual([expect.objectContaining({ accountId: tokyo.accountId, userId: tokyo.accountId, timeZone: 'America/Denver' })]),
    );
  });
});
