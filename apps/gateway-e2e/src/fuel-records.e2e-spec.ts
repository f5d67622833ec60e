import { ApiClient, createApprovedUser, e2eProducts, expectEventually, type ApprovedUser } from '@wrenchlog/testing';
import { createMachineId } from './fuel-purchase.helpers.js';

const fill = (machineId: number, overrides: Record<string, unknown> = {}) => ({
  machineId,
  amount: 12.5,
  pricePerUnit: 3.459,
  totalPrice: 43.24,
  dateOfPurchase: '2026-11-20T14:30:00.000Z',
  notes: 'Top off before the job',
  storeName: 'Casey’s',
  storeCity: 'Ames',
  storeState: 'IA',
  currentHours: 812.5,
  currentMileage: 45_600,
  lastMileage: 45_300,
  ...overrides,
});

describe.each(e2eProducts())('fuel records (%s)', (_mode, baseUrl) => {
  const api = new ApiClient(baseUrl);
  let a: ApprovedUser;
  let b: ApprovedUser;

  beforeAll(async () => {
    [a, b] = await Promise.all([createApprovedUser(api, { name: 'Fuel A' }), createApprovedUser(api, { name: 'Fuel B' })]);
  });

  it('creates a record with 201 and answers every field, exact money and the computed mpg', async () => {
    const machineId = await createMachineId(api, a.token);
    const res = await api.post('/api/fuel-records', fill(machineId), a.token);

    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      createdBy: { id: a.id, name: 'Fuel A' },
      updatedBy: null,
      machineId,
      amount: 12.5,
      pricePerUnit: 3.459,
      totalPrice: 43.24,
      dateOfPurchase: '2026-11-20T14:30:00.000Z',
      dateCreated: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      notes: 'Top off before the job',
      storeName: 'Casey’s',
      storeCity: 'Ames',
      storeState: 'IA',
      currentHours: 812.5,
      currentMileage: 45_600,
      lastMileage: 45_300,
      fullTank: true,
      missedPrevious: false,
      mpg: 24,
    });
    expect((await api.get(`/api/fuel-records/${res.body.id}`, a.token)).body).toEqual(res.body);
  });

  it('keeps the fill flags (issue 22): a partial fill or one after a missed fill-up has no mpg, an update without them keeps them, a bad one is 400', async () => {
    const machineId = await createMachineId(api, a.token);
    const partial = await api.post('/api/fuel-records', fill(machineId, { fullTank: false }), a.token);
    expect(partial.status).toBe(201);
    expect(partial.body).toMatchObject({ fullTank: false, missedPrevious: false, mpg: null });
    const { fullTank: _f, missedPrevious: _m, ...withoutFlags } = partial.body;
    const kept = await api.put(`/api/fuel-records/${partial.body.id}`, { ...withoutFlags, notes: 'edited' }, a.token);
    expect(kept.body).toMatchObject({ notes: 'edited', fullTank: false, mpg: null });
    const missed = await api.put(`/api/fuel-records/${partial.body.id}`, { ...kept.body, fullTank: true, missedPrevious: true }, a.token);
    expect(missed.body).toMatchObject({ fullTank: true, missedPrevious: true, mpg: null });
    const bad = await api.post('/api/fuel-records', fill(machineId, { fullTank: 'yes' }), a.token);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('fullTank must be true or false');
  });

  it('makes one record when the same create (one Idempotency-Key) arrives four times at once', async () => {
    const machineId = await createMachineId(api, a.token);
    const headers = { 'idempotency-key': `same-moment-${machineId}-${Date.now()}` };
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => api.request('POST', '/api/fuel-records', { token: a.token, body: fill(machineId), headers })),
    );

    expect(answers.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    expect(new Set(answers.map((r) => r.body.id)).size).toBe(1);
    expect((await api.get(`/api/fuel-records/machine/${machineId}`, a.token)).body).toHaveLength(1);
  });

  it('takes the fast form: current moment, empty store fields, null hours and mileage, and answers mpg null', async () => {
    const res = await api.post(
      '/api/fuel-records',
      {
        machineId: await createMachineId(api, a.token),
        amount: 10,
        pricePerUnit: 3.1,
        totalPrice: 31,
        dateOfPurchase: new Date().toISOString(),
        notes: '',
        storeName: '',
        storeCity: '',
        storeState: '',
        currentHours: null,
        currentMileage: null,
        lastMileage: null,
      },
      a.token,
    );

    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ storeName: null, currentMileage: null, lastMileage: null, mpg: null });
  });

  it("answers 400 with the spec's messages for every missing field", async () => {
    const res = await api.post('/api/fuel-records', {}, a.token);

    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION');
    expect(res.body.errors).toEqual([
      { field: 'machineId', message: 'Machine is required' },
      { field: 'amount', message: 'This field is required' },
      { field: 'pricePerUnit', message: 'This field is required' },
      { field: 'totalPrice', message: 'Total Price is required' },
      { field: 'dateOfPurchase', message: 'This field is required' },
    ]);
  });

  it("answers 'Value must be at least {min}' below the minimums, and accepts the minimums themselves", async () => {
    const machineId = await createMachineId(api, a.token);
    const low = await api.post('/api/fuel-records', fill(machineId, { amount: 0.09, pricePerUnit: 0.009, totalPrice: 0 }), a.token);
    const edge = await api.post('/api/fuel-records', fill(machineId, { amount: 0.1, pricePerUnit: 0.01, totalPrice: 0.01 }), a.token);
    const noMachine = await api.post('/api/fuel-records', fill(0), a.token);

    expect(low.status).toBe(400);
    expect(low.body.errors).toEqual([
      { field: 'amount', message: 'Value must be at least 0.1' },
      { field: 'pricePerUnit', message: 'Value must be at least 0.01' },
      { field: 'totalPrice', message: 'Value must be at least 0.01' },
    ]);
    expect(edge.status).toBe(201);
    expect(noMachine.status).toBe(400);
    expect(noMachine.body.errors).toEqual([{ field: 'machineId', message: 'Machine is required' }]);
  });

  it('answers mpg only when current mileage is greater than last and all values are present', async () => {
    // Each on a machine of its own: a machine's first full fill is computed from the last mileage it gives
    // (a later one from the machine's previous full fill, issue 22's full-to-full rule: reports.e2e-spec.ts).
    const mpg = async (overrides: Record<string, unknown>) =>
      (await api.post('/api/fuel-records', fill(await createMachineId(api, a.token), overrides), a.token)).body.mpg;

    expect(await mpg({ currentMileage: 10_333, lastMileage: 10_000, amount: 11.1 })).toBe(30);
    expect(await mpg({ currentMileage: 10_250.5, lastMileage: 10_000, amount: 9.3 })).toBe(26.9);
    expect(await mpg({ currentMileage: 10_000, lastMileage: 10_000 })).toBeNull();
    expect(await mpg({ currentMileage: 9_000, lastMileage: 10_000 })).toBeNull();
    expect(await mpg({ lastMileage: null })).toBeNull();
  });

  it("lists a machine's records newest dateOfPurchase first, and latest answers the newest one's currentMileage", async () => {
    const machineId = await createMachineId(api, a.token);
    const post = async (dateOfPurchase: string, currentMileage: number) =>
      (await api.post('/api/fuel-records', fill(machineId, { dateOfPurchase, currentMileage, lastMileage: currentMileage - 200 }), a.token)).body.id as number;
    const march = await post('2026-03-01T09:00:00.000Z', 1200);
    const may = await post('2026-05-01T09:00:00.000Z', 1600);
    const april = await post('2026-04-01T09:00:00.000Z', 1400);

    const list = await api.get(`/api/fuel-records/machine/${machineId}`, a.token);
    const latest = await api.get(`/api/fuel-records/machine/${machineId}/latest`, a.token);

    expect(list.status).toBe(200);
    expect(list.body.map((r: { id: number }) => r.id)).toEqual([may, april, march]);
    expect(latest.status).toBe(200);
    expect(latest.body).toMatchObject({ id: may, currentMileage: 1600 });
  });

  it('answers 200 with JSON null as latest, and an empty list, for a machine without records', async () => {
    const machineId = await createMachineId(api, a.token);
    const latest = await api.get(`/api/fuel-records/machine/${machineId}/latest`, a.token);
    const list = await api.get(`/api/fuel-records/machine/${machineId}`, a.token);

    expect(latest.status).toBe(200);
    expect(latest.headers.get('content-type')).toMatch(/^application\/json/);
    expect(latest.text).toBe('null');
    expect(list.body).toEqual([]);
  });

  it('updates with the object a read returned (computed fields ignored) and deletes with 204', async () => {
    const machineId = await createMachineId(api, a.token);
    const created = (await api.post('/api/fuel-records', fill(machineId), a.token)).body;

    const updated = await api.put(
      `/api/fuel-records/${created.id}`,
      { ...created, amount: 15, totalPrice: 51.89, currentMileage: 45_750, mpg: 999, dateCreated: '2000-01-01T00:00:00.000Z' },
      a.token,
    );
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id: created.id, amount: 15, totalPrice: 51.89, mpg: 30, dateCreated: created.dateCreated });

    const removed = await api.delete(`/api/fuel-records/${created.id}`, a.token);
    expect(removed.status).toBe(204);
    expect(removed.text).toBe('');
    expect((await api.get(`/api/fuel-records/${created.id}`, a.token)).status).toBe(404);
  });

  it("answers 404 to another user on every call with a record's id, and the owner's record is unchanged", async () => {
    const machineId = await createMachineId(api, a.token);
    const created = (await api.post('/api/fuel-records', fill(machineId), a.token)).body;

    const read = await api.get(`/api/fuel-records/${created.id}`, b.token);
    const update = await api.put(`/api/fuel-records/${created.id}`, fill(machineId, { notes: 'not yours' }), b.token);
    const remove = await api.delete(`/api/fuel-records/${created.id}`, b.token);
    const list = await api.get(`/api/fuel-records/machine/${machineId}`, b.token);
    const latest = await api.get(`/api/fuel-records/machine/${machineId}/latest`, b.token);

    expect([read.status, update.status, remove.status]).toEqual([404, 404, 404]);
    expect(read.body).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'Fuel record not found', correlationId: expect.any(String) });
    expect(list.body).toEqual([]);
    expect(latest.body).toBeNull();
    expect((await api.get(`/api/fuel-records/${created.id}`, a.token)).body).toEqual(created);
  });

  it("refuses a machine that is not one of the caller's (another user's, nonexistent, beyond the id range) and stores nothing", async () => {
    const theirs = await createMachineId(api, b.token);
    const mine = await createMachineId(api, a.token);
    const kept = (await api.post('/api/fuel-records', fill(mine), a.token)).body;
    const notFound = { statusCode: 404, code: 'NOT_FOUND', message: 'Machine not found', correlationId: expect.any(String) };

    for (const machineId of [theirs, 2_000_000_000]) {
      expect((await api.post('/api/fuel-records', fill(machineId), a.token)).body).toEqual(notFound);
      expect((await api.put(`/api/fuel-records/${kept.id}`, fill(machineId), a.token)).body).toEqual(notFound);
    }
    for (const machineId of [1e308, 2 ** 53, 2 ** 31]) {
      const res = await api.post('/api/fuel-records', fill(machineId), a.token);
      expect([400, 404]).toContain(res.status);
      expect(res.body).toMatchObject({ statusCode: res.status, code: expect.any(String), correlationId: expect.any(String) });
    }
    expect((await api.get(`/api/fuel-records/machine/${theirs}`, b.token)).body).toEqual([]);
    expect((await api.get(`/api/fuel-records/machine/${mine}`, a.token)).body).toEqual([kept]);
  });

  it('needs a token, and refuses a path id that is not a positive whole number', async () => {
    expect((await api.get('/api/fuel-records/machine/1')).status).toBe(401);
    expect((await api.post('/api/fuel-records', fill(1))).status).toBe(401);
    expect((await api.get('/api/fuel-records/abc', a.token)).status).toBe(400);
    expect((await api.get('/api/fuel-records/0', a.token)).status).toBe(400);
  });

  it("deletes a machine's fuel records when the machine is deleted", async () => {
    const machineId = await createMachineId(api, a.token);
    const record = (await api.post('/api/fuel-records', fill(machineId), a.token)).body;
    expect(record.id).toEqual(expect.any(Number));

    expect((await api.delete(`/api/machines/${machineId}`, a.token)).status).toBe(204);

    await expectEventually(async () => {
      expect((await api.get(`/api/fuel-records/${record.id}`, a.token)).status).toBe(404);
    });
    expect((await api.get(`/api/fuel-records/machine/${machineId}`, a.token)).body).toEqual([]);
  });
});
