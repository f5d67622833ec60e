import {
  ACCOUNT_MEMBER_SAVED,
  CALENDAR_FEED,
  CALENDAR_ROTATE,
  INVENTORY_STOCK_CHANGED,
  MACHINE_SAVED,
  NOTIFICATION_LIST,
  NOTIFICATION_MAIL_REQUESTED,
  NOTIFICATION_PREFERENCES_GET,
  NOTIFICATION_PREFERENCES_UPDATE,
  NOTIFICATION_READ,
  NOTIFICATION_TIME_ZONE_CHANGED,
  NOTIFICATION_UNREAD_COUNT,
  NOTIFICATION_WEEKLY_RUN,
  REPORT_FLEET,
  SCHEDULE_LIST,
  SCHEDULE_STATUS_CHANGED,
  WEBHOOK_CREATE,
  WEBHOOK_DELETE,
  WEBHOOK_LIST,
  type AccountRole,
  type Actor,
  type FleetReport,
  type NotificationPreferences,
  type Schedule,
} from '@wrenchlog/contracts';
import { expectEventually, testEngines } from '@wrenchlog/testing';
import { AccountMemberEntity, handlerRights, type CallContext } from '@wrenchlog/platform';
import { DataSource } from 'typeorm';
import { CalendarController } from '../src/calendar/calendar.controller.js';
import { NotificationsController } from '../src/notifications/notifications.controller.js';
import { PreferencesController } from '../src/preferences/preferences.controller.js';
import { PushController } from '../src/push/push.controller.js';
import { WebhooksController } from '../src/webhooks/webhooks.controller.js';
import { fuelOnlyTotals, memberOf, owner, ServiceUnderTest, userA, userB } from './harness.js';

// Issue 32: userA's account (101) with a manager, a mechanic of every machine, an operator of
// machine 12 only and a viewer; userB owns another account.
const manager = memberOf(userA, 'manager', 1101);
const mechanic = memberOf(userA, 'mechanic', 1102);
const operator = memberOf(userA, 'operator', 1103);
const viewer = memberOf(userA, 'viewer', 1104);
const admin: Actor = { ...owner(1), adminLevel: 1 };

/** What schedule-service and report-service were asked, and as whom. */
const asked: { pattern: string; actor: Actor | null }[] = [];
const row = (machineId: number, fuel: number) => ({
  machineId,
  machineName: `Loader ${machineId}`,
  fuel,
  service: 0,
  parts: 0,
  total: fuel,
  distance: 50,
  distanceUnit: 'mi' as const,
  hours: null,
  costPerDistance: null,
  costPerHour: null,
  fuelEconomy: null,
  economyUnit: 'mpg' as const,
});
const fleet: FleetReport = {
  rows: [row(12, 40), row(13, 60)],
  totals: fuelOnlyTotals(100, 100),
};
const rpc = async (pattern: string, _payload: unknown, ctx: CallContext) => {
  asked.push({ pattern, actor: ctx.actor ?? null });
  if (pattern === REPORT_FLEET) {
    return fleet;
  }
  if (pattern === SCHEDULE_LIST) {
    const schedule = (id: number, machineId: number, title: string) =>
      ({
        id,
        machineId,
        machineName: `Loader ${machineId}`,
        title,
        status: 'due_soon',
        reason: 'Due in 2 days',
        nextDueDate: '2026-03-04',
        forecastDate: null,
        done: false,
      }) as unknown as Schedule;
    // The account's schedules, as schedule-service answers the account (the operator sees machine 12's here, whatever it answers).
    return { content: [schedule(9, 12, 'Oil'), schedule(10, 13, 'Grease')], totalPages: 1, totalElements: 2, number: 0, size: 100 };
  }
  throw new Error(`unexpected call ${pattern}`);
};

describe.each(await testEngines())('accounts and roles (%s)', (engine) => {
  let svc: ServiceUnderTest;
  /** account.member.saved, applied: an emit returns once it is sent, and its handler runs a moment later. */
  const member = async (who: Actor, name: string, machineIds: number[] | null = null, removed = false) => {
    await svc.emit(ACCOUNT_MEMBER_SAVED, {
      accountId: who.accountId,
      userId: who.userId,
      name,
      role: who.role,
      machineIds,
      removed,
      at: svc.clock.now().toISOString(),
    });
    await expectEventually(async () =>
      expect(await svc.get(DataSource).getRepository(AccountMemberEntity).findOneBy({ accountId: who.accountId, userId: who.userId })).toMatchObject({
        machineIds: machineIds && JSON.stringify(machineIds),
        removed,
      }),
    );
  };
  const statusChange = (scheduleId: number, machineId: number, accountId = userA.accountId) =>
    svc.emit(SCHEDULE_STATUS_CHANGED, {
      scheduleId,
      machineId,
      accountId,
      title: `Oil ${machineId}`,
      previousStatus: 'upcoming',
      status: 'due_soon',
      reason: 'Due in 5 days',
      reasonDimension: 'date',
      at: svc.clock.now().toISOString(),
    });
  const titles = async (who: Actor) => (await svc.send(NOTIFICATION_LIST, {}, who)).content.map((n) => n.title);

  beforeAll(async () => {
    svc = await ServiceUnderTest.start(engine, rpc);
    svc.clock.at = new Date('2026-03-02T06:00:00Z');
    await member(userA, 'Olga');
    await member(manager, 'Maria');
    await member(mechanic, 'Mel');
    await member(operator, 'Otto', [12]);
    await member(viewer, 'Vera');
    for (const machineId of [12, 13]) {
      await svc.emit(MACHINE_SAVED, { machineId, accountId: userA.accountId, name: `Loader ${machineId}`, at: svc.clock.now().toISOString() });
    }
    await statusChange(201, 12);
    await statusChange(202, 13);
    await svc.emit(INVENTORY_STOCK_CHANGED, {
      partId: 5,
      accountId: userA.accountId,
      name: 'Filter',
      quantity: 1,
      minStock: 2,
      at: svc.clock.now().toISOString(),
    });
    await expectEventually(async () => expect(await svc.send(NOTIFICATION_UNREAD_COUNT, {}, userA)).toBe(3));
  });
  afterAll(() => svc?.stop());

  it("shows the account's notifications to its members, each reading them for themselves; another account sees none", async () => {
    expect((await titles(manager)).sort()).toEqual(['Due soon: Oil 12 (Loader 12)', 'Due soon: Oil 13 (Loader 13)', 'Low stock: Filter (1 left, minimum 2)']);
    const [first] = (await svc.send(NOTIFICATION_LIST, {}, manager)).content;
    expect(await svc.send(NOTIFICATION_READ, { ids: [first.id] }, manager)).toEqual({ updated: 1 });
    expect(await svc.send(NOTIFICATION_UNREAD_COUNT, {}, manager)).toBe(2);
    // The owner's stays unread; B can neither see nor mark it.
    expect(await svc.send(NOTIFICATION_UNREAD_COUNT, {}, userA)).toBe(3);
    expect(await svc.send(NOTIFICATION_READ, { ids: [first.id] }, userB)).toEqual({ updated: 0 });
    expect(await titles(userB)).toEqual([]);
  });

  it('shows an operator the notifications of their machines only, and no low stock; a mechanic of every machine sees them all', async () => {
    expect(await titles(operator)).toEqual(['Due soon: Oil 12 (Loader 12)']);
    expect(await svc.send(NOTIFICATION_READ, {}, operator)).toEqual({ updated: 1 });
    expect(await svc.send(NOTIFICATION_UNREAD_COUNT, {}, operator)).toBe(0);
    expect(await svc.send(NOTIFICATION_UNREAD_COUNT, {}, mechanic)).toBe(3);
    // Assigned to machine 13 as well: its notification shows at once.
    await member(operator, 'Otto', [12, 13]);
    await expectEventually(async () => expect(await svc.send(NOTIFICATION_UNREAD_COUNT, {}, operator)).toBe(1));
  });

  it('keeps preferences per member: a manager changes theirs, not the owner’s, and only the owner of record sets the account’s zone', async () => {
    const wanted: NotificationPreferences = {
      digestTime: '06:30',
      timeZone: 'Europe/Paris',
      kinds: { maintenance: ['email'], lowStock: [], weeklyReport: ['email'], work: ['email'] },
    };
    expect(await svc.send(NOTIFICATION_PREFERENCES_UPDATE, wanted, manager)).toEqual(wanted);
    expect((await svc.send(NOTIFICATION_PREFERENCES_GET, {}, userA)).timeZone).toBe('UTC');
    // No in-app channel left: the manager's bell is empty, the owner's is not.
    expect(await svc.send(NOTIFICATION_UNREAD_COUNT, {}, manager)).toBe(0);
    expect(await svc.send(NOTIFICATION_UNREAD_COUNT, {}, userA)).toBe(3);
    await svc.flushOutbox();
    expect(svc.events(NOTIFICATION_TIME_ZONE_CHANGED).filter((e) => e.accountId === userA.accountId)).toEqual([]);
  });

  it('keeps webhooks per account: a manager adds one, the owner sees who; a viewer is refused; another account answers 404', async () => {
    const made = await svc.send(WEBHOOK_CREATE, { url: 'https://93.184.215.14/hook', events: ['ping'] }, manager);
    expect(made).toMatchObject({ createdBy: { id: manager.userId, name: 'Maria' }, updatedBy: null });
    expect(await svc.send(WEBHOOK_LIST, {}, userA)).toEqual([
      expect.objectContaining({ id: made.id, createdBy: { id: manager.userId, name: 'Maria' }, updatedBy: null }),
    ]);
    expect(await svc.send(WEBHOOK_LIST, {}, userB)).toEqual([]);
    expect(await svc.failure(WEBHOOK_DELETE, { id: made.id }, userB)).toMatchObject({ code: 'NOT_FOUND', message: 'Webhook not found' });
    for (const [who, role] of [
      [viewer, 'viewer'],
      [mechanic, 'mechanic'],
      [operator, 'operator'],
    ] as [Actor, AccountRole][]) {
      expect(await svc.failure(WEBHOOK_LIST, {}, who)).toMatchObject({ code: 'FORBIDDEN', message: `Your role (${role}) cannot manage webhooks` });
    }
    expect(await svc.send(WEBHOOK_DELETE, { id: made.id }, userA)).toEqual({ id: made.id });
  });

  it("serves a member's calendar as that member (an operator's role, account and machines), and none once they left", async () => {
    await member(operator, 'Otto', [12]);
    const { token } = await svc.send(CALENDAR_ROTATE, {}, operator);
    asked.length = 0;
    const feed = (await svc.send(CALENDAR_FEED, { token }, null)).ics;
    expect(feed).toContain('SUMMARY:Oil');
    expect(feed).not.toContain('Grease');
    expect(asked).toEqual([
      { pattern: SCHEDULE_LIST, actor: expect.objectContaining({ userId: operator.userId, accountId: userA.accountId, role: 'operator' }) },
    ]);
    // The owner's own link is another one.
    const mine = await svc.send(CALENDAR_ROTATE, {}, userA);
    expect(mine.token).not.toBe(token);
    await member(operator, 'Otto', [12, 13], true);
    await expectEventually(async () =>
      expect(await svc.failure(CALENDAR_FEED, { token }, null)).toMatchObject({ code: 'NOT_FOUND', message: 'Calendar not found' }),
    );
    expect((await svc.send(CALENDAR_FEED, { token: mine.token }, null)).ics).toMatch(/SUMMARY:Oil[\s\S]*SUMMARY:Grease|SUMMARY:Grease[\s\S]*SUMMARY:Oil/);
  });

  it('sends each member the weekly report as their role may read it: costs to the owner; to an operator their machine only and no money', async () => {
    await member(operator, 'Otto', [12]);
    svc.clock.at = new Date('2026-03-09T09:00:00Z');
    asked.length = 0;
    const reply = await svc.send(NOTIFICATION_WEEKLY_RUN, {}, admin);
    expect(reply).toMatchObject({ failed: 0 });
    // The figures are asked once for the account, as the account.
    expect(asked.filter((a) => a.pattern === REPORT_FLEET)).toEqual([
      { pattern: REPORT_FLEET, actor: expect.objectContaining({ userId: userA.accountId, accountId: userA.accountId, role: 'owner' }) },
    ]);
    await svc.flushOutbox();
    const mails = svc.events(NOTIFICATION_MAIL_REQUESTED).filter((m) => String(m.key).startsWith('weekly:'));
    const textOf = (who: Actor) => mails.find((m) => m.userId === who.userId)?.text as string;
    expect(textOf(userA)).toContain('Costs: $100.00 (fuel $100.00)');
    expect(textOf(operator)).toContain('Loader 12\n  Meters moved: 50 mi');
    expect(textOf(operator)).not.toMatch(/\$|Cost|Loader 13/);
    expect(mails.find((m) => m.userId === operator.userId)?.key).toBe(`weekly:${userA.accountId}:${operator.userId}:2026-03-02`);
    const inApp = async (who: Actor) => (await svc.send(NOTIFICATION_LIST, {}, who)).content.filter((n) => n.kind === 'weekly_report').map((n) => n.title);
    expect(await inApp(operator)).toEqual(['Weekly usage report 2026-03-02 to 2026-03-08']);
    expect(await inApp(userA)).toEqual(['Weekly usage report 2026-03-02 to 2026-03-08: $100.00']);
  });

  it('declares the right of each handler (the policy in one table)', () => {
    expect(handlerRights(WebhooksController)).toEqual({
      create: 'webhook.manage',
      list: 'webhook.manage',
      remove: 'webhook.manage',
      test: 'webhook.manage',
      deliveries: 'webhook.manage',
      retry: 'webhook.manage',
    });
    expect(handlerRights(CalendarController)).toEqual({ rotate: 'schedule.read' });
    // Every member has their own inbox, settings and devices.
    expect(handlerRights(NotificationsController)).toEqual({ list: null, unreadCount: null, read: null });
    expect(handlerRights(PreferencesController)).toEqual({ get: null, update: null });
    expect(handlerRights(PushController)).toEqual({ publicKey: null, subscribe: null, unsubscribe: null, test: null });
  });
});
