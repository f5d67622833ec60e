import { partBody, supplierBody } from './fuel-purchase.helpers.js';
import { ApiClient, createApprovedUser, createMachine, e2eDataDir, e2eProducts, expectEventually, readOutbox, type ApprovedUser } from '@wrenchlog/testing';
import { meterOf } from './machines.helpers.js';

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

describe.each(e2eProducts())('notifications (%s)', (mode, baseUrl) => {
  const api = new ApiClient(baseUrl);
  let a: ApprovedUser;
  let b: ApprovedUser;

  beforeAll(async () => {
    [a, b] = await Promise.all([createApprovedUser(api, { name: 'Notify A' }), createApprovedUser(api, { name: 'Notify B' })]);
  });

  it('a schedule that becomes due soon rings the bell of its owner only; mark one or all read', async () => {
    const machine = await createMachine(api, a.token, { name: 'Bell tractor', type: 'Tractor' });
    const hours = await meterOf(api, a.token, machine.id, 'hours');
    expect((await api.post(`/api/meters/${hours.id}/readings`, { value: 1000, readAt: inDays(-30) }, a.token)).status).toBe(201);
    const schedule = await api.post(
      `/api/machines/${machine.id}/schedules`,
      { title: 'Oil', serviceType: 'Oil Change', intervalHours: 250, recurring: true, anchor: 'completion', lastDoneHours: 1000 },
      a.token,
    );
    expect(schedule.status).toBe(201);
    expect((await api.post(`/api/meters/${hours.id}/readings`, { value: 1240, readAt: inDays(0) }, a.token)).status).toBe(201);

    await expectEventually(async () => {
      const count = await api.get('/api/notifications/unread-count', a.token);
      expect(count.status).toBe(200);
      expect(count.body).toBe(1);
    });
    const list = await api.get('/api/notifications?page=0&size=10', a.token);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ totalElements: 1, number: 0, size: 10 });
    expect(list.body.content[0]).toEqual({
      id: expect.any(Number),
      kind: 'schedule_due_soon',
      title: 'Due soon: Oil (Bell tractor)',
      machineId: machine.id,
      link: `/machines/${machine.id}?tab=schedules`,
      createdAt: expect.any(String),
      readAt: null,
    });
    expect((await api.get('/api/notifications/unread-count', b.token)).body).toBe(0);
    expect((await api.get('/api/notifications', b.token)).body.totalElements).toBe(0);

    const id = list.body.content[0].id;
    expect((await api.post('/api/notifications/read', { ids: [id] }, b.token)).body).toEqual({ updated: 0 });
    expect((await api.get('/api/notifications/unread-count', a.token)).body).toBe(1);
    const read = await api.post('/api/notifications/read', { ids: [id] }, a.token);
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ updated: 1 });
    expect((await api.get('/api/notifications/unread-count', a.token)).body).toBe(0);
    expect((await api.post('/api/notifications/read', {}, a.token)).body).toEqual({ updated: 0 });
    expect((await api.get('/api/notifications', a.token)).body.content[0].readAt).toEqual(expect.any(String));
  });

  it('says "Completed" when a service record completes a due schedule, not when an interval edit makes it upcoming', async () => {
    const c = await createApprovedUser(api, { name: 'Notify C' });
    const machine = await createMachine(api, c.token, { name: 'Edit tractor', type: 'Tractor' });
    const hours = await meterOf(api, c.token, machine.id, 'hours');
    expect((await api.post(`/api/meters/${hours.id}/readings`, { value: 1000, readAt: inDays(-30) }, c.token)).status).toBe(201);
    const settings = { title: 'Belts', serviceType: 'Inspection', intervalHours: 250, recurring: true, anchor: 'completion', lastDoneHours: 1000 };
    const schedule = await api.post(`/api/machines/${machine.id}/schedules`, settings, c.token);
    expect(schedule.status).toBe(201);
    expect((await api.post(`/api/meters/${hours.id}/readings`, { value: 1240, readAt: inDays(0) }, c.token)).status).toBe(201);
    const titles = async () => (await api.get('/api/notifications?page=0&size=20', c.token)).body.content.map((n: any) => n.title);
    await expectEventually(async () => expect(await titles()).toEqual(['Due soon: Belts (Edit tractor)']));

    // A longer interval takes it back to upcoming: no completion.
    expect((await api.put(`/api/schedules/${schedule.body.id}`, { ...settings, intervalHours: 500 }, c.token)).status).toBe(200);
    await expectEventually(async () => expect((await api.get(`/api/schedules/${schedule.body.id}`, c.token)).body.status).toBe('upcoming'));
    // Back to 250 h: due soon again (a new cycle), then a service record completes it.
    expect((await api.put(`/api/schedules/${schedule.body.id}`, { ...settings, lastDoneHours: null }, c.token)).status).toBe(200);
    await expectEventually(async () => expect(await titles()).toEqual(['Due soon: Belts (Edit tractor)', 'Due soon: Belts (Edit tractor)']));
    const record = await api.post(
      '/api/services/fastCreate',
      { title: 'Belts', machineId: machine.id, serviceDate: inDays(0), hours: 1245, completesScheduleIds: [schedule.body.id] },
      c.token,
    );
    expect(record.status).toBe(201);
    await expectEventually(async () =>
      expect(await titles()).toEqual(['Completed: Belts (Edit tractor)', 'Due soon: Belts (Edit tractor)', 'Due soon: Belts (Edit tractor)']),
    );
  });

  it('needs a sign-in and refuses bad input with a field message', async () => {
    expect((await api.get('/api/notifications')).status).toBe(401);
    expect((await api.get('/api/notifications/unread-count')).status).toBe(401);
    expect((await api.get('/api/notifications?size=1000', a.token)).status).toBe(400);
    const badIds = await api.post('/api/notifications/read', { ids: ['x'] }, a.token);
    expect(badIds.status).toBe(400);
    expect(badIds.body.message).toBe('Ids must be a list of notification IDs');
  });

  it('keeps preferences per user: a round trip, and a bad time, zone or channel answers 400', async () => {
    const defaults = await api.get('/api/notifications/preferences', b.token);
    expect(defaults.status).toBe(200);
    expect(defaults.body).toEqual({
      digestTime: '08:00',
      timeZone: 'UTC',
      kinds: {
        maintenance: ['inapp', 'email', 'push', 'webhook'],
        lowStock: ['inapp'],
        weeklyReport: ['inapp', 'email'],
        work: ['inapp', 'email', 'push', 'webhook'],
      },
    });
    const wanted = {
      digestTime: '18:45',
      timeZone: 'America/New_York',
      kinds: { maintenance: ['inapp', 'push', 'webhook'], lowStock: [], weeklyReport: ['email'], work: ['inapp'] },
    };
    const put = await api.put('/api/notifications/preferences', wanted, b.token);
    expect(put.status).toBe(200);
    expect(put.body).toEqual(wanted);
    expect((await api.get('/api/notifications/preferences', b.token)).body).toEqual(wanted);
    // A client from before issue 35 leaves `work` out: the choice stays.
    const { work: _work, ...older } = wanted.kinds;
    expect((await api.put('/api/notifications/preferences', { ...wanted, kinds: older }, b.token)).body).toEqual(wanted);
    expect((await api.get('/api/notifications/preferences', a.token)).body.timeZone).toBe('UTC');

    const bad = async (body: unknown, message: string) => {
      const res = await api.put('/api/notifications/preferences', body, b.token);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain(message);
    };
    await bad({ ...wanted, digestTime: '8:00' }, 'Digest time must be HH:MM');
    await bad({ ...wanted, digestTime: '24:00' }, 'Digest time must be HH:MM');
    await bad({ ...wanted, timeZone: 'Moon/Base' }, 'Time zone must be an IANA time zone');
    await bad({ ...wanted, kinds: { ...wanted.kinds, maintenance: ['sms'] } }, 'Channels must be a list of');
    await bad({ ...wanted, kinds: { maintenance: [] } }, 'Channels must be a list of');
    await bad({ digestTime: '08:00', timeZone: 'UTC' }, 'Kinds must give channels');
    expect((await api.get('/api/notifications/preferences', b.token)).body).toEqual(wanted);
  });

  it('emails the daily digest through user-service (the one mail path) once a day, to users with something due only', async () => {
    const [due, idle] = await Promise.all([createApprovedUser(api, { name: 'Digest due' }), createApprovedUser(api, { name: 'Digest idle' })]);
    // A digest time already past today, in UTC: the next scheduler pass is due to send it.
    const prefs = { digestTime: '00:00', timeZone: 'UTC', kinds: { maintenance: ['inapp', 'email'], lowStock: ['inapp'], weeklyReport: ['inapp'] } };
    expect((await api.put('/api/notifications/preferences', prefs, due.token)).status).toBe(200);
    expect((await api.put('/api/notifications/preferences', prefs, idle.token)).status).toBe(200);
    const machine = await createMachine(api, due.token, { name: 'Digest loader', type: 'Tractor' });
    const hours = await meterOf(api, due.token, machine.id, 'hours');
    expect(
      (
        await api.post(
          `/api/machines/${machine.id}/schedules`,
          { title: 'Hydraulic filter', serviceType: 'Filter', intervalHours: 100, recurring: true, anchor: 'completion', lastDoneHours: 0 },
          due.token,
        )
      ).status,
    ).toBe(201);
    expect((await api.post(`/api/meters/${hours.id}/readings`, { value: 95, readAt: inDays(0) }, due.token)).status).toBe(201);
    await expectEventually(async () => expect((await api.get('/api/notifications/unread-count', due.token)).body).toBe(1));

    const admin = await api.loginAsAdmin();
    const run = await api.post('/api/admin/jobs/5/run', {}, admin);
    expect(run.status).toBe(202);
    const digestsTo = (user: ApprovedUser) => readOutbox(e2eDataDir(mode)).filter((m) => m.to.includes(user.username) && m.subject.startsWith('Wrenchlog:'));
    await expectEventually(() => expect(digestsTo(due)).toHaveLength(1));
    const [mail] = digestsTo(due);
    expect(mail.subject).toBe('Wrenchlog: 1 maintenance item needs attention');
    expect(mail.text).toContain('Digest loader');
    expect(mail.text).toContain('  - Due soon: Hydraulic filter (5 h left)');

    // Once a day: another pass sends nothing more; the idle user got none.
    expect((await api.post('/api/admin/jobs/5/run', {}, admin)).status).toBe(202);
    await new Promise((r) => setTimeout(r, 1500));
    expect(digestsTo(due)).toHaveLength(1);
    expect(digestsTo(idle)).toHaveLength(0);
  });

  it("alerts when a part runs low or out of stock, once per change, on the owner's bell only", async () => {
    const [owner, other] = await Promise.all([createApprovedUser(api, { name: 'Stock owner' }), createApprovedUser(api, { name: 'Stock other' })]);
    const supplier = (await api.post('/api/suppliers', supplierBody(), owner.token)).body;
    const created = await api.post(
      '/api/parts',
      partBody(supplier.id, { name: 'Hydraulic filter', partNumber: 'HF-1', quantity: 5, minStock: 2 }),
      owner.token,
    );
    expect(created.status).toBe(201);
    const part = created.body;
    const titles = async () => (await api.get('/api/notifications', owner.token)).body.content.map((n: any) => [n.kind, n.title, n.link]);
    // The owner wants low stock alerts by email too.
    const prefs = { digestTime: '08:00', timeZone: 'UTC', kinds: { maintenance: ['inapp'], lowStock: ['inapp', 'email'], weeklyReport: [] } };
    expect((await api.put('/api/notifications/preferences', prefs, owner.token)).status).toBe(200);

    expect(
      (
        await api.put(
          `/api/parts/${part.id}`,
          { ...partBody(supplier.id, { name: 'Hydraulic filter', partNumber: 'HF-1', quantity: 2, minStock: 2 }) },
          owner.token,
        )
      ).status,
    ).toBe(200);
    await expectEventually(async () => expect(await titles()).toEqual([['low_stock', 'Low stock: Hydraulic filter (2 left, minimum 2)', `/parts/${part.id}`]]));
    // Still low: nothing new; out: a second alert; restocked: nothing.
    expect(
      (await api.put(`/api/parts/${part.id}`, partBody(supplier.id, { name: 'Hydraulic filter', partNumber: 'HF-1', quantity: 1, minStock: 2 }), owner.token))
        .status,
    ).toBe(200);
    expect(
      (await api.put(`/api/parts/${part.id}`, partBody(supplier.id, { name: 'Hydraulic filter', partNumber: 'HF-1', quantity: 0, minStock: 2 }), owner.token))
        .status,
    ).toBe(200);
    await expectEventually(async () =>
      expect((await titles()).map((t: string[]) => t[1])).toEqual(['Out of stock: Hydraulic filter', 'Low stock: Hydraulic filter (2 left, minimum 2)']),
    );
    expect(
      (await api.put(`/api/parts/${part.id}`, partBody(supplier.id, { name: 'Hydraulic filter', partNumber: 'HF-1', quantity: 9, minStock: 2 }), owner.token))
        .status,
    ).toBe(200);
    await new Promise((r) => setTimeout(r, 1000));
    expect(await titles()).toHaveLength(2);
    expect((await api.get('/api/notifications', other.token)).body.totalElements).toBe(0);
    await expectEventually(() => {
      const mails = readOutbox(e2eDataDir(mode)).filter((m) => m.to.includes(owner.username) && m.subject.includes('Hydraulic filter'));
      expect(mails.map((m) => m.subject).sort()).toEqual([
        'Wrenchlog: Low stock: Hydraulic filter (2 left, minimum 2)',
        'Wrenchlog: Out of stock: Hydraulic filter',
      ]);
    });
  });
});
