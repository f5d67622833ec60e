import {
  MACHINE_SAVED,
  NOTIFICATION_LIST,
  NOTIFICATION_MAIL_REQUESTED,
  NOTIFICATION_TIME_ZONE_CHANGED,
  NOTIFICATION_TIME_ZONE_EXPORT,
  EXPORT_AT,
  NOTIFICATION_PREFERENCES_GET,
  NOTIFICATION_PREFERENCES_UPDATE,
  NOTIFICATION_READ,
  NOTIFICATION_SCHEDULER_STATUS,
  NOTIFICATION_UNREAD_COUNT,
  SCHEDULE_STATUS_CHANGED,
  PUSH_SUBSCRIBE,
  PUSH_UNSUBSCRIBE,
  WEBHOOK_CREATE,
  WEBHOOK_EVENTS,
  FUEL_RECORD_SAVED,
  SCHEDULE_READING_CREATED,
  batchPattern,
  type ScheduleStatus,
  type ScheduleStatusCause,
} from '@wrenchlog/contracts';
import { expectEventually, testEngines } from '@wrenchlog/testing';
import { DataSource } from 'typeorm';
import { DeliveryEntity } from '../src/webhooks/delivery.entity.js';
import { WebhookEntity } from '../src/webhooks/webhook.entity.js';
import { owner, ServiceUnderTest, userA, userB } from './harness.js';

const DAY = 86_400_000;

describe.each(await testEngines())('notification-service over the transport (%s)', (engine) => {
  let svc: ServiceUnderTest;
  let nextSchedule = 100;

  beforeAll(async () => {
    svc = await ServiceUnderTest.start(engine);
    // 06:00 UTC: before the default digest time (08:00 UTC).
    svc.clock.at = new Date('2026-03-02T06:00:00Z');
  });
  afterAll(() => svc?.stop());

  const statusChange = (
    scheduleId: number,
    accountId: number,
    machineId: number,
    previousStatus: ScheduleStatus | null,
    status: ScheduleStatus | null,
    title = 'Oil change',
    cause?: ScheduleStatusCause,
  ) =>
    svc.emit(SCHEDULE_STATUS_CHANGED, {
      scheduleId,
      machineId,
      accountId,
      title,
      previousStatus,
      status,
      reason: status === 'overdue' ? 'Overdue by 3 days' : 'Due in 5 days',
      reasonDimension: 'date',
      ...(cause ? { cause } : {}),
      at: svc.clock.now().toISOString(),
    });

  it('notifies once per (schedule, status, cycle), scoped to its user, and marks read', async () => {
    await svc.emit(MACHINE_SAVED, { machineId: 11, accountId: userA.accountId, name: 'Tractor', at: new Date().toISOString() });
    const id = nextSchedule++;
    await statusChange(id, userA.userId, 11, 'upcoming', 'due_soon');
    await statusChange(id, userA.userId, 11, 'upcoming', 'due_soon'); // redelivered
    await expectEventually(async () => expect(await svc.send(NOTIFICATION_UNREAD_COUNT, {}, userA)).toBe(1));
    const page = await svc.send(NOTIFICATION_LIST, {}, userA);
    expect(page.content).toEqual([
      expect.objectContaining({
        kind: 'schedule_due_soon',
        title: 'Due soon: Oil change (Tractor)',
        machineId: 11,
        link: '/machines/11?tab=schedules',
        readAt: null,
      }),
    ]);
    expect(await svc.send(NOTIFICATION_UNREAD_COUNT, {}, userB)).toBe(0);
    expect((await svc.send(NOTIFICATION_LIST, {}, userB)).totalElements).toBe(0);

    // B cannot mark A's; A marks it.
    expect(await svc.send(NOTIFICATION_READ, { ids: [page.content[0].id] }, userB)).toEqual({ updated: 0 });
    expect(await svc.send(NOTIFICATION_READ, { ids: [page.content[0].id] }, userA)).toEqual({ updated: 1 });
    expect(await svc.send(NOTIFICATION_UNREAD_COUNT, {}, userA)).toBe(0);

    // Overdue, completed, then due soon again in the next cycle: each notifies once.
    svc.clock.advance(60_000);
    await statusChange(id, userA.userId, 11, 'due_soon', 'overdue');
    svc.clock.advance(60_000);
    await statusChange(id, userA.userId, 11, 'overdue', 'upcoming');
    svc.clock.advance(60_000);
    await statusChange(id, userA.userId, 11, 'upcoming', 'due_soon');
    await expectEventually(async () => expect(await svc.send(NOTIFICATION_UNREAD_COUNT, {}, userA)).toBe(3));
    // Newest first, by when each change happened (events may arrive in any order).
    const kinds = (await svc.send(NOTIFICATION_LIST, {}, userA)).content.map((n) => n.kind);
    expect(kinds).toEqual(['schedule_due_soon', 'schedule_completed', 'schedule_overdue', 'schedule_due_soon']);
    expect(await svc.send(NOTIFICATION_READ, {}, userA)).toEqual({ updated: 3 });
    expect(await svc.send(NOTIFICATION_UNREAD_COUNT, {}, userA)).toBe(0);
  });

  it('keeps preferences per user and refuses a bad time or zone', async () => {
    expect(await svc.send(NOTIFICATION_PREFERENCES_GET, {}, userB)).toEqual({
      digestTime: '08:00',
      timeZone: 'UTC',
      kinds: {
        maintenance: ['inapp', 'email', 'push', 'webhook'],
        lowStock: ['inapp'],
        weeklyReport: ['inapp', 'email'],
        work: ['inapp', 'email', 'push', 'webhook'],
      },
    });
    // Saved without `work` (a client from before issue 35): its default stays.
    const saved = await svc.send(
      NOTIFICATION_PREFERENCES_UPDATE,
      { digestTime: '07:30', timeZone: 'Europe/Paris', kinds: { maintenance: ['email', 'inapp', 'email'], lowStock: [], weeklyReport: ['webhook'] } },
      userB,
    );
    expect(saved).toEqual({
      digestTime: '07:30',
      timeZone: 'Europe/Paris',
      kinds: { maintenance: ['inapp', 'email'], lowStock: [], weeklyReport: ['webhook'], work: ['inapp', 'email', 'push', 'webhook'] },
    });
    expect(await svc.send(NOTIFICATION_PREFERENCES_GET, {}, userB)).toEqual(saved);
    expect(await svc.failure(NOTIFICATION_PREFERENCES_UPDATE, { ...saved, timeZone: 'Mars/Olympus' }, userB)).toMatchObject({
      code: 'VALIDATION',
      message: 'Time zone must be an IANA time zone such as Europe/Paris',
    });
    expect(await svc.failure(NOTIFICATION_PREFERENCES_UPDATE, { ...saved, digestTime: '24:00' }, userB)).toMatchObject({ code: 'VALIDATION' });
    expect(await svc.failure(NOTIFICATION_PREFERENCES_GET, {}, null)).toMatchObject({ code: 'UNAUTHORIZED' });
    // report-service hears the saved zone (and nothing of the refused ones).
    await expectEventually(() =>
      expect(svc.events(NOTIFICATION_TIME_ZONE_CHANGED).filter((e) => e.accountId === userB.accountId)).toEqual([
        { accountId: userB.accountId, userId: userB.accountId, timeZone: 'Europe/Paris', at: expect.any(String) },
      ]),
    );
  });

  it('keeps a choice for work (issue 35), also through a later save that leaves it out', async () => {
    const member = owner(909);
    const older = { maintenance: ['inapp' as const], lowStock: [], weeklyReport: [] };
    const saved = { digestTime: '08:00', timeZone: 'UTC', kinds: { ...older, work: ['push' as const, 'inapp' as const] } };
    expect((await svc.send(NOTIFICATION_PREFERENCES_UPDATE, saved, member)).kinds.work).toEqual(['inapp', 'push']);
    expect((await svc.send(NOTIFICATION_PREFERENCES_UPDATE, { ...saved, kinds: older }, member)).kinds.work).toEqual(['inapp', 'push']);
    expect(await svc.failure(NOTIFICATION_PREFERENCES_UPDATE, { ...saved, kinds: { ...older, work: ['sms' as never] } }, member)).toMatchObject({
      code: 'VALIDATION',
    });
    expect((await svc.send(NOTIFICATION_PREFERENCES_GET, {}, member)).kinds.work).toEqual(['inapp', 'push']);
  });

  it("pages the saved time zones for report-service's rebuild, to administrators only", async () => {
    const admin = { ...owner(1), adminLevel: 1 };
    // userB saved Europe/Paris above; userA has no row (the default zone, which report-service assumes).
    const all = await svc.send(NOTIFICATION_TIME_ZONE_EXPORT, { afterId: 0, limit: 500 }, admin);
    expect(all.items).toContainEqual({ accountId: userB.accountId, userId: userB.accountId, timeZone: 'Europe/Paris', at: EXPORT_AT });
    expect(all.items.some((e) => e.accountId === userA.accountId)).toBe(false);
    expect(all.nextAfterId).toBeNull();
    const first = await svc.send(NOTIFICATION_TIME_ZONE_EXPORT, { afterId: 0, limit: 1 }, admin);
    expect(first.items).toHaveLength(1);
    expect(first.nextAfterId).toBe(first.items[0]!.accountId);
    expect(await svc.failure(NOTIFICATION_TIME_ZONE_EXPORT, { afterId: 0, limit: 500 }, userB)).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('sends one digest a day per user with due items at their local time, grouped by machine, none for others', async () => {
    const c = owner(303);
    const d = owner(404);
    await svc.emit(MACHINE_SAVED, { machineId: 31, accountId: c.accountId, name: 'Mower', at: new Date().toISOString() });
    await svc.emit(MACHINE_SAVED, { machineId: 32, accountId: c.accountId, name: 'Boat', at: new Date().toISOString() });
    // userB (Europe/Paris, 07:30) has one overdue item; c (UTC 08:00) two machines; d only upcoming.
    await statusChange(nextSchedule++, c.userId, 31, 'upcoming', 'overdue', 'Blades');
    await statusChange(nextSchedule++, c.userId, 32, 'upcoming', 'due_soon', 'Impeller');
    await statusChange(nextSchedule++, c.userId, 31, 'upcoming', 'due_soon', 'Air filter');
    await statusChange(nextSchedule++, d.userId, 33, null, 'upcoming', 'Tyres');
    await statusChange(nextSchedule++, userB.userId, 34, 'due_soon', 'overdue', 'Belt');
    await expectEventually(async () => expect(await svc.send(NOTIFICATION_UNREAD_COUNT, {}, c)).toBe(3));

    const digests = () => svc.events(NOTIFICATION_MAIL_REQUESTED);
    await svc.tick(); // 06:00 UTC = 07:00 Paris: nobody's time yet
    expect(digests()).toHaveLength(0);

    svc.clock.at = new Date('2026-03-02T06:45:00Z'); // 07:45 in Paris
    await svc.tick();
    await svc.flushOutbox();
    expect(digests().map((e) => e.userId)).toEqual([userB.userId]);

    svc.clock.at = new Date('2026-03-02T08:15:00Z');
    await svc.tick();
    svc.clock.at = new Date('2026-03-02T09:00:00Z');
    await svc.tick(); // the same day again: nothing more
    await svc.flushOutbox();
    const forC = digests().filter((e) => e.userId === c.userId);
    expect(forC).toHaveLength(1);
    expect(forC[0]).toMatchObject({ key: 'digest:303:303:2026-03-02', subject: 'Wrenchlog: 3 maintenance items need attention' });
    expect(forC[0].text.split('\n').slice(2, 9)).toEqual([
      'Boat',
      '  - Due soon: Impeller (Due in 5 days)',
      '',
      'Mower',
      '  - Overdue: Blades (Overdue by 3 days)',
      '  - Due soon: Air filter (Due in 5 days)',
      '',
    ]);
    expect(digests().filter((e) => e.userId === d.userId)).toHaveLength(0);
    // userA's due soon of the first test went out too; d, with nothing due, got none.
    expect(
      digests()
        .map((e) => e.userId)
        .sort(),
    ).toEqual([userA.userId, userB.userId, c.userId].sort());

    // The next day: only what is still overdue; userA's schedules are all upcoming or due soon from before.
    svc.clock.at = new Date('2026-03-03T08:30:00Z');
    await svc.tick();
    await svc.flushOutbox();
    const nextDay = digests().filter((e) => e.userId === c.userId);
    expect(nextDay).toHaveLength(2);
    expect(nextDay[1].text).toContain('  - Still overdue: Blades');
    expect(nextDay[1].text).not.toContain('Impeller');

    const status = await svc.send(NOTIFICATION_SCHEDULER_STATUS, {}, { ...owner(1), adminLevel: 1 });
    expect(status).toMatchObject({
      lastRunAt: '2026-03-03T08:30:00.000Z',
      failed: 0,
      job: { id: 5, name: 'Notification Scheduler', status: 'Completed', lastRun: '2026-03-03T08:30:00.000Z' },
    });
    expect(status.totalSent).toBeGreaterThanOrEqual(4);
    expect(await svc.failure(NOTIFICATION_SCHEDULER_STATUS, {}, userA)).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('reminds weekly while a schedule stays overdue, once per week', async () => {
    const e = owner(505);
    const id = nextSchedule++;
    await statusChange(id, e.userId, 51, 'due_soon', 'overdue', 'Chain');
    await expectEventually(async () => expect(await svc.send(NOTIFICATION_UNREAD_COUNT, {}, e)).toBe(1));
    svc.clock.advance(7 * DAY + 60_000);
    await svc.tick();
    svc.clock.advance(15 * 60_000);
    await svc.tick(); // the same week again
    expect((await svc.send(NOTIFICATION_LIST, {}, e)).content.map((n) => n.title)).toEqual([
      'Still overdue (1 week): Chain (Machine #51)',
      'Overdue: Chain (Machine #51)',
    ]);
    svc.clock.advance(7 * DAY);
    await svc.tick();
    expect(await svc.send(NOTIFICATION_UNREAD_COUNT, {}, e)).toBe(3);
  });

  it('notifies "Completed" only when a completion moved the schedule back to upcoming, not an edit or a deleted record', async () => {
    const f = owner(606);
    const edited = nextSchedule++;
    const recordGone = nextSchedule++;
    const done = nextSchedule++;
    await statusChange(edited, f.userId, 61, 'upcoming', 'overdue', 'Belts', 'day');
    await statusChange(recordGone, f.userId, 61, 'upcoming', 'due_soon', 'Filter', 'reading');
    await statusChange(done, f.userId, 61, 'upcoming', 'due_soon', 'Tyres', 'reading');
    await expectEventually(async () => expect(await svc.send(NOTIFICATION_UNREAD_COUNT, {}, f)).toBe(3));
    svc.clock.advance(60_000);
    await statusChange(edited, f.userId, 61, 'overdue', 'upcoming', 'Belts', 'edit');
    await statusChange(recordGone, f.userId, 61, 'due_soon', 'upcoming', 'Filter', 'record');
    await statusChange(done, f.userId, 61, 'due_soon', 'upcoming', 'Tyres', 'completion');
    await expectEventually(async () => expect(await svc.send(NOTIFICATION_UNREAD_COUNT, {}, f)).toBe(4));
    // Let any late notification of the edit or the record show up before the list is read.
    await new Promise((r) => setTimeout(r, 300));
    const titles = (await svc.send(NOTIFICATION_LIST, {}, f)).content.map((n) => n.title);
    expect(titles.filter((t) => t.startsWith('Completed'))).toEqual(['Completed: Tyres (Machine #61)']);
    expect(titles).toHaveLength(4);
  });

  it('makes the webhook messages of a batch of fuel records (an import) in one transaction: one per fact, a duplicate once', async () => {
    const dataSource = svc.get(DataSource);
    // The endpoint as WEBHOOK_CREATE stores it (TEST-NET address: its sends fail, the messages stay).
    const hook = await dataSource.getRepository(WebhookEntity).save({
      accountId: userB.accountId,
      createdBy: userB.userId,
      updatedBy: null,
      url: 'http://192.0.2.1/hook',
      events: JSON.stringify(['record.created', 'record.updated']),
      secret: 'whsec_dGVzdA==',
      createdAt: new Date(),
    });
    const fuel = (recordId: number, at: string) => ({
      actor: null,
      payload: { recordId, accountId: userB.accountId, machineId: 77, date: '2026-03-01', currentMileage: 100, currentHours: null, at },
      meta: { correlationId: 'batch-test' },
    });
    const first = fuel(6001, '2026-03-01T10:00:00.000Z');
    await svc.emit(batchPattern(FUEL_RECORD_SAVED), { events: [first, fuel(6002, '2026-03-01T10:00:00.000Z'), first, fuel(6001, '2026-03-01T11:00:00.000Z')] });

    await expectEventually(async () => {
      const rows = await dataSource.getRepository(DeliveryEntity).find({ where: { webhookId: hook.id }, order: { id: 'ASC' } });
      expect(rows.map((r) => [r.eventType, (JSON.parse(r.body) as { data: { recordId: number } }).data.recordId])).toEqual([
        ['record.created', 6001],
        ['record.created', 6002],
        ['record.updated', 6001],
      ]);
    });
  });

  it("makes the meter.reading.created messages of a batch of readings (an import's) in one transaction: one per reading, a duplicate once", async () => {
    const dataSource = svc.get(DataSource);
    const hook = await dataSource.getRepository(WebhookEntity).save({
      accountId: userB.accountId,
      createdBy: userB.userId,
      updatedBy: null,
      url: 'http://192.0.2.1/readings',
      events: JSON.stringify(['meter.reading.created']),
      secret: 'whsec_dGVzdA==',
      createdAt: new Date(),
    });
    const reading = (readingId: number, value: number) => ({
      actor: null,
      payload: {
        readingId,
        meterId: 5,
        machineId: 77,
        accountId: userB.accountId,
        kind: 'distance',
        unit: 'mi',
        value,
        lifetimeValue: value,
        date: '2026-03-01',
        source: 'fuel_record',
        sourceId: readingId + 100,
        at: '2026-03-01T10:00:00.000Z',
      },
      meta: { correlationId: 'reading-batch-test' },
    });
    const first = reading(7001, 100);
    await svc.emit(batchPattern(SCHEDULE_READING_CREATED), { events: [first, reading(7002, 150), first, { payload: { readingId: 'x' } }] });

    await expectEventually(async () => {
      const rows = await dataSource.getRepository(DeliveryEntity).find({ where: { webhookId: hook.id }, order: { id: 'ASC' } });
      expect(rows.map((r) => [r.eventType, (JSON.parse(r.body) as { data: { readingId: number; value: number } }).data])).toEqual([
        ['meter.reading.created', expect.objectContaining({ readingId: 7001, value: 100 })],
        ['meter.reading.created', expect.objectContaining({ readingId: 7002, value: 150 })],
      ]);
    });
  });

  it('refuses webhook URLs in private, loopback and link-local ranges unless the administrator allows them', async () => {
    for (const url of [
      'http://127.0.0.1:8123/hook',
      'http://localhost/hook',
      'http://192.168.1.20/hook',
      'http://169.254.169.254/latest',
      'http://[::1]/hook',
      'http://10.0.0.5/hook',
    ]) {
      expect(await svc.failure(WEBHOOK_CREATE, { url, events: ['ping'] }, userA)).toMatchObject({
        code: 'VALIDATION',
        message: 'URL points to a private, loopback or link-local address (an administrator can allow these with WEBHOOKS_ALLOW_PRIVATE_NETWORKS=true)',
      });
    }
  });

  it('refuses a bad body sent straight to it with the 400 and field messages the gateway answers', async () => {
    const events = `Events must be a non-empty list of ${WEBHOOK_EVENTS.join(', ')}`;
    expect(await svc.failure(WEBHOOK_CREATE, { url: 42, events: ['ping', 'nope'] } as never, userA)).toMatchObject({
      code: 'VALIDATION',
      details: [
        { field: 'url', message: 'URL must be an http:// or https:// address' },
        { field: 'events', message: events },
      ],
    });
    expect(await svc.failure(PUSH_SUBSCRIBE, { endpoint: 'https://push.example/1', keys: { p256dh: '', auth: 'x' } } as never, userA)).toMatchObject({
      code: 'VALIDATION',
      details: [{ field: 'keys.p256dh', message: 'Push subscription must have keys p256dh and auth' }],
    });
    expect(await svc.failure(PUSH_UNSUBSCRIBE, { endpoint: 7 } as never, userA)).toMatchObject({ code: 'VALIDATION', details: [{ field: 'endpoint' }] });
    expect(await svc.failure(NOTIFICATION_PREFERENCES_UPDATE, { digestTime: '7:30', timeZone: 'Europe/Paris', kinds: [] } as never, userA)).toMatchObject({
      code: 'VALIDATION',
      message: 'Digest time must be HH:MM (00:00 to 23:59); Kinds must give channels for maintenance, lowStock and weeklyReport',
    });
    expect(await svc.failure(WEBHOOK_CREATE, [] as never, userA)).toMatchObject({ code: 'VALIDATION', message: 'The body must be a JSON object' });
  });
});
