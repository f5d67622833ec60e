import { ApiClient, createApprovedUser, createMachine, e2eProducts, type ApprovedUser } from '@wrenchlog/testing';

const today = new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

describe.each(e2eProducts())('meters and readings (%s)', (_mode, baseUrl) => {
  const api = new ApiClient(baseUrl);
  let a: ApprovedUser;
  let b: ApprovedUser;

  /** A machine of A and its two meters (they come by event; A reads its own writes, issue 37). */
  const machineWithMeters = async (fields: Record<string, unknown> = {}) => {
    const machine = await createMachine(api, a.token, fields);
    const res = await api.get(`/api/machines/${machine.id}/meters`, a.token);
    expect(res.status).toBe(200);
    const meters: any[] = res.body;
    expect(meters).toHaveLength(2);
    return { machine, distance: meters.find((m) => m.kind === 'distance'), hours: meters.find((m) => m.kind === 'hours') };
  };

  beforeAll(async () => {
    [a, b] = await Promise.all([createApprovedUser(api, { name: 'Meters A' }), createApprovedUser(api, { name: 'Meters B' })]);
  });

  it('gives a new machine an odometer in miles and an hour meter, with no reading yet', async () => {
    const { machine, distance, hours } = await machineWithMeters();
    expect(distance).toEqual({
      id: expect.any(Number),
      machineId: machine.id,
      kind: 'distance',
      unit: 'mi',
      label: 'Odometer',
      currentValue: null,
      currentReadAt: null,
      stale: false,
      ratePerDay: null,
      manualRatePerDay: null,
      rolloverValue: 1_000_000,
    });
    expect(hours).toMatchObject({ kind: 'hours', unit: 'h', currentValue: null });
  });

  it('adds readings, refuses one out of sequence with 422 and its neighbours, and follows the latest-dated value', async () => {
    const { machine, distance } = await machineWithMeters();
    const first = await api.post(`/api/meters/${distance.id}/readings`, { value: 45_000, readAt: daysAgo(40) }, a.token);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      meterId: distance.id,
      machineId: machine.id,
      value: 45_000,
      lifetimeValue: 45_000,
      readAt: daysAgo(40),
      void: false,
      source: 'manual',
      sourceId: null,
    });
    const second = await api.post(`/api/meters/${distance.id}/readings`, { value: 46_000, readAt: daysAgo(20) }, a.token);
    expect(second.status).toBe(201);

    const refused = await api.post(`/api/meters/${distance.id}/readings`, { value: 44_000, readAt: daysAgo(10) }, a.token);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      statusCode: 422,
      code: 'METER_OUT_OF_SEQUENCE',
      correlationId: expect.any(String),
      neighbours: { before: { id: second.body.id, value: 46_000 }, after: null },
    });

    const decimals = await api.post(`/api/meters/${distance.id}/readings`, { value: 46_100.5, readAt: today }, a.token);
    expect(decimals.status).toBe(422);
    expect(decimals.body).toMatchObject({ code: 'UNPROCESSABLE', errors: [{ field: 'value', message: 'Distance readings must be whole numbers' }] });

    // A typo saved as void is kept but ignored; the current value is the latest-dated one, not the maximum.
    const typo = await api.post(`/api/meters/${distance.id}/readings`, { value: 460_000, readAt: daysAgo(30), void: true }, a.token);
    expect(typo.status).toBe(201);
    const meters = (await api.get(`/api/machines/${machine.id}/meters`, a.token)).body;
    expect(meters.find((m: any) => m.kind === 'distance')).toMatchObject({ currentValue: 46_000, currentReadAt: daysAgo(20), stale: false, ratePerDay: 50 });

    const page = await api.get(`/api/meters/${distance.id}/readings?page=0&size=2`, a.token);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ totalElements: 3, totalPages: 2, number: 0, size: 2 });
    expect(page.body.content.map((r: any) => r.readAt)).toEqual([daysAgo(20), daysAgo(30)]);

    // Unvoiding the typo would break the sequence.
    const unvoid = await api.put(`/api/readings/${typo.body.id}`, { void: false }, a.token);
    expect(unvoid.status).toBe(422);
    const voided = await api.put(`/api/readings/${second.body.id}`, { void: true }, a.token);
    expect(voided.status).toBe(200);
    expect(voided.body.void).toBe(true);
    expect((await api.get(`/api/machines/${machine.id}/meters`, a.token)).body.find((m: any) => m.kind === 'distance')).toMatchObject({
      currentValue: 45_000,
      stale: true,
    });
  });

  it('carries the lifetime value across a replacement and a flagged rollover', async () => {
    const { machine, hours } = await machineWithMeters();
    await api.post(`/api/meters/${hours.id}/readings`, { value: 9_990, readAt: daysAgo(10) }, a.token);
    const wrapped = await api.post(`/api/meters/${hours.id}/readings`, { value: 12.5, readAt: daysAgo(8), rollover: true }, a.token);
    expect(wrapped.status).toBe(201);
    expect(wrapped.body).toMatchObject({ value: 12.5, lifetimeValue: 10_012.5, rollover: true });
    const replaced = await api.post(`/api/meters/${hours.id}/replacement`, { newStartValue: 0, readAt: daysAgo(5) }, a.token);
    expect(replaced.status).toBe(201);
    expect(replaced.body).toMatchObject({ value: 0, lifetimeValue: 10_012.5, replacement: true });
    await api.post(`/api/meters/${hours.id}/readings`, { value: 20, readAt: today }, a.token);
    const meter = (await api.get(`/api/machines/${machine.id}/meters`, a.token)).body.find((m: any) => m.kind === 'hours');
    expect(meter).toMatchObject({ currentValue: 10_032.5, currentReadAt: today });
    // The machine's hours follow the meter (issue 18, item 16).
    expect((await api.get(`/api/machines/?machineId=${machine.id}`, a.token)).body.hours).toBe(10_032.5);
  });

  it("answers another user's machine, meter and reading as 404", async () => {
    const { machine, distance } = await machineWithMeters();
    const reading = await api.post(`/api/meters/${distance.id}/readings`, { value: 10, readAt: today }, a.token);
    expect((await api.get(`/api/machines/${machine.id}/meters`, b.token)).status).toBe(404);
    expect((await api.post(`/api/meters/${distance.id}/readings`, { value: 20, readAt: today }, b.token)).status).toBe(404);
    expect((await api.get(`/api/meters/${distance.id}/readings`, b.token)).status).toBe(404);
    expect((await api.put(`/api/readings/${reading.body.id}`, { void: true }, b.token)).status).toBe(404);
    expect((await api.post(`/api/meters/${distance.id}/replacement`, { newStartValue: 0, readAt: today }, b.token)).status).toBe(404);
    expect((await api.get(`/api/machines/999999/meters`, a.token)).status).toBe(404);
  });

  it('refuses bad readings with a field message and writes nothing', async () => {
    const { distance } = await machineWithMeters();
    for (const [body, field] of [
      [{ value: -1, readAt: today }, 'value'],
      [{ value: 'abc', readAt: today }, 'value'],
      [{ value: 5, readAt: '2025-02-30' }, 'readAt'],
      [{ value: 5 }, 'readAt'],
    ] as const) {
      const res = await api.post(`/api/meters/${distance.id}/readings`, body, a.token);
      expect(res.status).toBe(400);
      expect(res.body.errors.map((e: any) => e.field)).toContain(field);
    }
    expect((await api.get(`/api/meters/${distance.id}/readings`, a.token)).body.totalElements).toBe(0);
  });

  it('keeps a reading of a service record and of a fuel record linked to them: edit edits it, delete deletes it', async () => {
    const { machine, distance, hours } = await machineWithMeters();
    const record = await api.post('/api/services/fastCreate', { title: 'Oil', machineId: machine.id, serviceDate: daysAgo(3), miles: 1200 }, a.token);
    expect(record.status).toBe(201);
    const page = (await api.get(`/api/meters/${distance.id}/readings`, a.token)).body;
    expect(page.content.map((r: any) => [r.source, r.sourceId, r.value, r.readAt])).toEqual([['service_record', record.body.id, 1200, daysAgo(3)]]);
    expect((await api.put(`/api/services/${record.body.id}`, { ...record.body, miles: 1250 }, a.token)).status).toBe(200);
    expect((await api.get(`/api/meters/${distance.id}/readings`, a.token)).body.content.map((r: any) => r.value)).toEqual([1250]);

    const fuel = await api.post(
      '/api/fuel-records',
      {
        machineId: machine.id,
        amount: 10,
        pricePerUnit: 3,
        totalPrice: 30,
        dateOfPurchase: `${daysAgo(1)}T12:00:00.000Z`,
        currentHours: 310.5,
        currentMileage: 1300,
        lastMileage: 1250,
      },
      a.token,
    );
    expect(fuel.status).toBe(201);
    const hoursPage = (await api.get(`/api/meters/${hours.id}/readings`, a.token)).body;
    expect(hoursPage.content.map((r: any) => [r.source, r.sourceId, r.value])).toEqual([['fuel_record', fuel.body.id, 310.5]]);
    // Item 16: the machine's miles follow the meter (the fuel record's 1300).
    expect((await api.get(`/api/machines/?machineId=${machine.id}`, a.token)).body).toMatchObject({ miles: 1300, hours: 310.5 });

    expect((await api.delete(`/api/services/${record.body.id}`, a.token)).status).toBe(204);
    expect((await api.delete(`/api/fuel-records/${fuel.body.id}`, a.token)).status).toBe(204);
    expect((await api.get(`/api/meters/${distance.id}/readings`, a.token)).body.totalElements).toBe(0);
    expect((await api.get(`/api/meters/${hours.id}/readings`, a.token)).body.totalElements).toBe(0);
  });

  it("adds a manual reading when the user sets the machine's miles", async () => {
    const { machine, distance } = await machineWithMeters();
    const res = await api.put('/api/machines/update', { ...machine, miles: 46_000 }, a.token);
    expect(res.status).toBe(200);
    const page = (await api.get(`/api/meters/${distance.id}/readings`, a.token)).body;
    expect(page.content.map((r: any) => [r.source, r.value, r.readAt])).toEqual([['manual', 46_000, today]]);
  });

  it('lets fuel records dated before an excavator was created with hours 2,450 keep their readings (issue 38)', async () => {
    const { machine, hours } = await machineWithMeters({ type: 'Excavator', hours: 2450 });
    const readingsOf = async () => ((await api.get(`/api/meters/${hours.id}/readings`, a.token)).body.content as any[]).map((r) => [r.source, r.value, r.void]);
    expect(await readingsOf()).toEqual([['manual', 2450, false]]);
    // July to September: entered after the machine, dated before the day its hours were typed.
    for (const [ago, value] of [
      [130, 2480],
      [100, 2530],
      [70, 2590],
    ]) {
      const fuel = await api.post(
        '/api/fuel-records',
        { machineId: machine.id, amount: 40, pricePerUnit: 4, totalPrice: 160, dateOfPurchase: `${daysAgo(ago)}T12:00:00.000Z`, currentHours: value },
        a.token,
      );
      expect(fuel.status).toBe(201);
    }
    expect(await readingsOf()).toEqual([
      ['manual', 2450, true],
      ['fuel_record', 2590, false],
      ['fuel_record', 2530, false],
      ['fuel_record', 2480, false],
    ]);
    expect((await api.get(`/api/machines/?machineId=${machine.id}`, a.token)).body).toMatchObject({ hours: 2590 });
  });
});
