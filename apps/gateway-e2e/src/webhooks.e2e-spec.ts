import { ApiClient, createApprovedUser, createMachine, e2eProducts, expectEventually, type ApprovedUser } from '@wrenchlog/testing';
import { WebhookReceiver } from './webhook-receiver.js';
import { meterOf } from './machines.helpers.js';

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

describe.each(e2eProducts())('signed webhooks (%s)', (mode, baseUrl) => {
  const api = new ApiClient(baseUrl);
  let a: ApprovedUser;
  let b: ApprovedUser;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    [a, b] = await Promise.all([createApprovedUser(api, { name: 'Hooks A' }), createApprovedUser(api, { name: 'Hooks B' })]);
  });
  afterAll(() => receiver?.stop());

  /** A webhook of `user` at a receiver path, its secret registered with the receiver. */
  const endpoint = async (user: ApprovedUser, path: string, events: string[]) => {
    const res = await api.post('/api/webhooks', { url: receiver.url(path), events }, user.token);
    expect(res.status).toBe(201);
    receiver.secretFor(path, res.body.secret);
    return res.body;
  };

  it('creates an endpoint with a secret shown once, pings it signed, and logs the delivery', async () => {
    const path = `/${mode}/ping`;
    const created = await endpoint(a, path, ['ping', 'schedule.due_soon']);
    expect(created).toEqual({
      id: expect.any(Number),
      url: receiver.url(path),
      events: ['schedule.due_soon', 'ping'],
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{32}$/),
      createdAt: expect.any(String),
      createdBy: { id: a.id, name: 'Hooks A' },
      updatedBy: null,
    });
    const listed = await api.get('/api/webhooks', a.token);
    expect(listed.body).toEqual([
      {
        id: created.id,
        url: receiver.url(path),
        events: ['schedule.due_soon', 'ping'],
        createdAt: created.createdAt,
        createdBy: { id: a.id, name: 'Hooks A' },
        updatedBy: null,
      },
    ]);
    expect((await api.get('/api/webhooks', b.token)).body).toEqual([]);

    const test = await api.post(`/api/webhooks/${created.id}/test`, {}, a.token);
    expect(test.status).toBe(201);
    expect(test.body).toMatchObject({ webhookId: created.id, event: 'ping', status: 'pending', attempts: 0 });
    await expectEventually(() => expect(receiver.at(path)).toHaveLength(1));
    const ping = receiver.at(path)[0];
    expect(ping.verified).toMatchObject({ id: test.body.messageId, type: 'ping', data: { webhookId: created.id } });
    expect(ping.headers['webhook-id']).toBe(test.body.messageId);
    expect(ping.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/=]+$/);
    await expectEventually(async () => {
      const log = await api.get(`/api/webhooks/${created.id}/deliveries`, a.token);
      expect(log.body).toEqual([
        expect.objectContaining({ id: test.body.id, event: 'ping', status: 'delivered', attempts: 1, httpStatus: 200, error: null, nextAttemptAt: null }),
      ]);
    });

    // Another user sees none of it.
    expect((await api.get(`/api/webhooks/${created.id}/deliveries`, b.token)).status).toBe(404);
    expect((await api.post(`/api/webhooks/${created.id}/test`, {}, b.token)).status).toBe(404);
    expect((await api.post(`/api/webhooks/deliveries/${test.body.id}/retry`, {}, b.token)).status).toBe(404);
    expect((await api.delete(`/api/webhooks/${created.id}`, b.token)).status).toBe(404);
    expect((await api.delete(`/api/webhooks/${created.id}`, a.token)).status).toBe(204);
    expect((await api.get('/api/webhooks', a.token)).body).toEqual([]);
  });

  it('delivers schedule.due_soon and record.created to the endpoints that want them, each verified', async () => {
    const path = `/${mode}/events`;
    const other = `/${mode}/records-only`;
    await endpoint(a, path, ['schedule.due_soon', 'schedule.overdue']);
    await endpoint(a, other, ['record.created', 'record.updated', 'record.deleted']);
    const machine = await createMachine(api, a.token, { name: 'Hook tractor', type: 'Tractor' });
    // Known to schedule-service once its meters exist.
    await meterOf(api, a.token, machine.id, 'hours');
    const schedule = await api.post(
      `/api/machines/${machine.id}/schedules`,
      { title: 'Grease', serviceType: 'Lubrication', intervalHours: 100, recurring: true, anchor: 'completion', lastDoneHours: 0 },
      a.token,
    );
    expect(schedule.status).toBe(201);
    const fuel = await api.post(
      '/api/fuel-records',
      { machineId: machine.id, amount: 10, pricePerUnit: 4, totalPrice: 40, dateOfPurchase: `${inDays(0)}T12:00:00.000Z`, currentHours: 90 },
      a.token,
    );
    expect(fuel.status).toBe(201);

    await expectEventually(() => expect(receiver.at(path).map((r) => r.verified?.type)).toEqual(['schedule.due_soon']));
    expect(receiver.at(path)[0].verified!.data).toMatchObject({
      scheduleId: schedule.body.id,
      machineId: machine.id,
      machineName: 'Hook tractor',
      title: 'Grease',
      status: 'due_soon',
    });
    await expectEventually(() => expect(receiver.at(other).map((r) => r.verified?.type)).toEqual(['record.created']));
    expect(receiver.at(other)[0].verified!.data).toMatchObject({ recordType: 'fuel', recordId: fuel.body.id, machineId: machine.id, hours: 90 });

    expect((await api.delete(`/api/fuel-records/${fuel.body.id}`, a.token)).status).toBe(204);
    await expectEventually(() => expect(receiver.at(other).map((r) => r.verified?.type)).toEqual(['record.created', 'record.deleted']));
    expect(receiver.received.every((r) => r.verified !== null)).toBe(true);
  });

  it('delivers a part purchase as record.created, record.updated and record.deleted with its data', async () => {
    const path = `/${mode}/purchases`;
    await endpoint(a, path, ['record.created', 'record.updated', 'record.deleted']);
    const body = {
      partName: 'Drive belt',
      partNumber: 'DB-42',
      quantity: 2,
      price: 12.5,
      storeName: 'Farm store',
      partStatus: 'New',
      purchaseDate: `${inDays(0)}T12:00:00.000Z`,
      machineId: 0,
      partId: null,
      storeId: 0,
      userId: 0,
    };
    const created = await api.post('/api/purchases', body, a.token);
    expect(created.status).toBe(201);
    await expectEventually(() => expect(receiver.at(path).map((r) => r.verified?.type)).toEqual(['record.created']));
    expect(receiver.at(path)[0].verified!.data).toEqual({
      recordType: 'purchase',
      recordId: created.body.id,
      machineId: null,
      date: inDays(0),
      partName: 'Drive belt',
      costCents: 2500,
      notes: null,
    });

    expect((await api.put(`/api/purchases/${created.body.id}`, { ...created.body, quantity: 3 }, a.token)).status).toBe(200);
    await expectEventually(() => expect(receiver.at(path).map((r) => r.verified?.type)).toEqual(['record.created', 'record.updated']));
    expect(receiver.at(path)[1].verified!.data).toMatchObject({ recordType: 'purchase', recordId: created.body.id, costCents: 3750 });

    // B's webhooks hear nothing of A's purchases.
    const bPath = `/${mode}/purchases-b`;
    await endpoint(b, bPath, ['record.deleted']);
    expect((await api.delete(`/api/purchases/${created.body.id}`, a.token)).status).toBe(204);
    await expectEventually(() => expect(receiver.at(path).map((r) => r.verified?.type)).toEqual(['record.created', 'record.updated', 'record.deleted']));
    expect(receiver.at(path)[2].verified!.data).toEqual({ recordType: 'purchase', recordId: created.body.id, machineId: null });
    expect(receiver.at(bPath)).toEqual([]);
  });

  it('delivers meter.reading.created for a reading entered by hand and one from a fuel record, and none of a void one', async () => {
    const path = `/${mode}/readings`;
    await endpoint(a, path, ['meter.reading.created']);
    const machine = await createMachine(api, a.token, { name: 'Reading mower', type: 'Mower' });
    const hours = await meterOf(api, a.token, machine.id, 'hours');
    const manual = await api.post(`/api/meters/${hours.id}/readings`, { value: 12.5, readAt: inDays(-2) }, a.token);
    expect(manual.status).toBe(201);
    expect((await api.post(`/api/meters/${hours.id}/readings`, { value: 9999, readAt: inDays(-1), void: true }, a.token)).status).toBe(201);
    const fuel = await api.post(
      '/api/fuel-records',
      { machineId: machine.id, amount: 5, pricePerUnit: 4, totalPrice: 20, dateOfPurchase: `${inDays(0)}T12:00:00.000Z`, currentHours: 20 },
      a.token,
    );
    expect(fuel.status).toBe(201);

    // Each delivery goes out on its own: the order of arrival is not fixed.
    await expectEventually(() =>
      expect(
        receiver
          .at(path)
          .map((r) => r.verified?.data.source)
          .sort(),
      ).toEqual(['fuel_record', 'manual']),
    );
    const bySource = (source: string) => receiver.at(path).find((r) => r.verified?.data.source === source)!.verified!;
    const [first, second] = [bySource('manual'), bySource('fuel_record')];
    expect(first).toMatchObject({
      type: 'meter.reading.created',
      data: {
        readingId: manual.body.id,
        meterId: hours.id,
        machineId: machine.id,
        kind: 'hours',
        unit: 'h',
        value: 12.5,
        lifetimeValue: 12.5,
        date: inDays(-2),
        source: 'manual',
        sourceId: null,
      },
    });
    expect(second).toMatchObject({
      type: 'meter.reading.created',
      data: { meterId: hours.id, machineId: machine.id, value: 20, date: inDays(0), source: 'fuel_record', sourceId: fuel.body.id },
    });
  });

  it('a receiver that fails or hangs holds up no other; a failure is logged for a retry, and Retry retries it', async () => {
    const good = await endpoint(a, `/${mode}/good`, ['ping']);
    const failing = await endpoint(a, `/${mode}/failing`, ['ping']);
    const hanging = await endpoint(a, `/${mode}/hanging`, ['ping']);
    receiver.answer(`/${mode}/failing`, { status: 503, headers: { 'retry-after': '600' } });
    receiver.answer(`/${mode}/hanging`, 'hang');
    await api.post(`/api/webhooks/${hanging.id}/test`, {}, a.token);
    await expectEventually(() => expect(receiver.at(`/${mode}/hanging`)).toHaveLength(1));
    const failed = await api.post(`/api/webhooks/${failing.id}/test`, {}, a.token);
    await api.post(`/api/webhooks/${good.id}/test`, {}, a.token);
    // Both answered while the hanging receiver still holds its request.
    await expectEventually(() => expect(receiver.at(`/${mode}/good`)).toHaveLength(1), 5000);
    await expectEventually(async () => {
      const [row] = (await api.get(`/api/webhooks/${failing.id}/deliveries`, a.token)).body;
      expect(row).toMatchObject({ status: 'pending', attempts: 1, httpStatus: 503, error: 'HTTP 503' });
      // Retry-After: 600 s, longer than the first 1 min retry.
      expect(Date.parse(row.nextAttemptAt) - Date.parse(row.lastAttemptAt)).toBe(600_000);
    }, 5000);

    receiver.answer(`/${mode}/failing`, { status: 204 });
    const retried = await api.post(`/api/webhooks/deliveries/${failed.body.id}/retry`, {}, a.token);
    expect(retried.status).toBe(200);
    await expectEventually(async () => {
      const [row] = (await api.get(`/api/webhooks/${failing.id}/deliveries`, a.token)).body;
      expect(row).toMatchObject({ status: 'delivered', attempts: 2, httpStatus: 204 });
    });
    const attempts = receiver.at(`/${mode}/failing`);
    expect(attempts).toHaveLength(2);
    // The same webhook-id on each attempt, each signed afresh.
    expect(new Set(attempts.map((r) => r.headers['webhook-id'])).size).toBe(1);
    expect(attempts.every((r) => r.verified !== null)).toBe(true);
  });

  it('refuses a bad URL or event list with a field message', async () => {
    const bad = async (body: unknown, message: string) => {
      const res = await api.post('/api/webhooks', body, a.token);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain(message);
    };
    await bad({ url: 'ftp://example.com/hook', events: ['ping'] }, 'URL must be an http:// or https:// address');
    await bad({ url: 'not a url', events: ['ping'] }, 'URL must be an http:// or https:// address');
    await bad({ url: `https://example.com/${'a'.repeat(2000)}`, events: ['ping'] }, 'URL must be at most 2000 characters');
    await bad({ url: 'https://no-such-host.invalid/hook', events: ['ping'] }, 'URL host does not resolve');
    await bad({ url: receiver.url('/x'), events: [] }, 'Events must be a non-empty list');
    await bad({ url: receiver.url('/x'), events: ['schedule.exploded'] }, 'Events must be a non-empty list');
    expect((await api.post('/api/webhooks', { url: receiver.url('/x'), events: ['ping'] })).status).toBe(401);
    expect((await api.get('/api/webhooks/abc/deliveries', a.token)).status).toBe(400);
  });
});
