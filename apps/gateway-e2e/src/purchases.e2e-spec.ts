import { ApiClient, createApprovedUser, e2eProducts, expectEventually, type ApprovedUser } from '@wrenchlog/testing';
import { createMachineId, createPart } from './fuel-purchase.helpers.js';

/** What the SPA's part purchase form posts (userId 0 and storeId 0 included). */
const purchase = (overrides: Record<string, unknown> = {}) => ({
  partName: 'Hydraulic Hose Assembly',
  partNumber: 'H-0836-12',
  partDescription: '1/2 in x 36 in, JIC both ends',
  partUrl: 'https://parts.example.com/h-0836-12',
  quantity: 2,
  price: 94.4,
  storeName: 'Heartland Hydraulics',
  storeCity: 'Kansas City',
  storeState: 'MO',
  partStatus: 'New',
  purchaseDate: '2026-11-18T13:00:00.000Z',
  machineId: 0,
  partId: null,
  createDate: '2026-11-18T13:05:00.000Z',
  userId: 0,
  storeId: 0,
  ...overrides,
});

describe.each(e2eProducts())('part purchases (%s)', (_mode, baseUrl) => {
  const api = new ApiClient(baseUrl);
  let a: ApprovedUser;
  let b: ApprovedUser;

  beforeAll(async () => {
    [a, b] = await Promise.all([createApprovedUser(api, { name: 'Purchases A' }), createApprovedUser(api, { name: 'Purchases B' })]);
  });

  it("creates with 201 for the signed-in user whatever userId the body says, with the server's createDate", async () => {
    const machineId = await createMachineId(api, a.token);
    const res = await api.post('/api/purchases', purchase({ machineId, userId: b.id }), a.token);

    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      createdBy: { id: a.id, name: 'Purchases A' },
      updatedBy: null,
      partName: 'Hydraulic Hose Assembly',
      partNumber: 'H-0836-12',
      partDescription: '1/2 in x 36 in, JIC both ends',
      partUrl: 'https://parts.example.com/h-0836-12',
      quantity: 2,
      price: 94.4,
      storeName: 'Heartland Hydraulics',
      storeCity: 'Kansas City',
      storeState: 'MO',
      storeAddress: null,
      partStatus: 'New',
      purchaseDate: '2026-11-18T13:00:00.000Z',
      createDate: expect.not.stringMatching(/^2026-11-18T13:05/),
      machineId,
      partId: null,
      userId: a.id,
      storeId: null,
    });
    expect((await api.get(`/api/purchases/${res.body.id}`, a.token)).body).toEqual(res.body);
  });

  it('makes one purchase when the same create (one Idempotency-Key) arrives four times at once', async () => {
    const machineId = await createMachineId(api, a.token);
    const headers = { 'idempotency-key': `same-moment-${machineId}-${Date.now()}` };
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => api.request('POST', '/api/purchases', { token: a.token, body: purchase({ machineId }), headers })),
    );

    expect(answers.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    expect(new Set(answers.map((r) => r.body.id)).size).toBe(1);
    expect((await api.get(`/api/purchases/getrecentForMachine/${machineId}`, a.token)).body.content).toHaveLength(1);
  });

  it('defaults the status to New when the form leaves it out', async () => {
    const { partStatus: _omitted, ...withoutStatus } = purchase();
    const res = await api.post('/api/purchases', withoutStatus, a.token);

    expect(res.status).toBe(201);
    expect(res.body.partStatus).toBe('New');
  });

  it("answers 400 with the spec's message for every required field", async () => {
    const res = await api.post('/api/purchases', { partStatus: null }, a.token);

    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { field: 'partName', message: 'Part name is required' },
      { field: 'quantity', message: 'Quantity is required' },
      { field: 'price', message: 'Price is required' },
      { field: 'partStatus', message: 'Status is required' },
      { field: 'purchaseDate', message: 'Purchase date is required' },
      { field: 'storeName', message: 'Store name is required' },
    ]);
  });

  it('refuses a quantity below 1, a negative price, a price finer than a cent and an unknown status', async () => {
    const res = await api.post('/api/purchases', purchase({ quantity: 0, price: -1, partStatus: 'Shipped' }), a.token);
    const cents = await api.post('/api/purchases', purchase({ price: 9.999 }), a.token);
    const edge = await api.post('/api/purchases', purchase({ quantity: 1, price: 0 }), a.token);

    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { field: 'quantity', message: 'Quantity must be at least 1' },
      { field: 'price', message: 'Price must be at least 0' },
      { field: 'partStatus', message: 'Status must be one of New, Ordered, Cancelled, Purchased' },
    ]);
    expect(cents.body.errors).toEqual([{ field: 'price', message: 'Value must have at most 2 decimal places' }]);
    expect(edge.status).toBe(201);
  });

  it('pages the recent purchases newest purchaseDate first, 12 per page by default', async () => {
    const fresh = await createApprovedUser(api, { name: 'Pager' });
    for (let day = 1; day <= 14; day++) {
      const res = await api.post(
        '/api/purchases',
        purchase({ partName: `Part ${day}`, purchaseDate: `2026-10-${String(day).padStart(2, '0')}T12:00:00.000Z` }),
        fresh.token,
      );
      expect(res.status).toBe(201);
    }

    const first = await api.get('/api/purchases/getrecent', fresh.token);
    const second = await api.get('/api/purchases/getrecent?page=1&size=12', fresh.token);
    const small = await api.get('/api/purchases/getrecent?page=2&size=5', fresh.token);

    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ totalElements: 14, totalPages: 2, number: 0, size: 12 });
    expect(first.body.content.map((p: { partName: string }) => p.partName).slice(0, 3)).toEqual(['Part 14', 'Part 13', 'Part 12']);
    expect(second.body.content.map((p: { partName: string }) => p.partName)).toEqual(['Part 2', 'Part 1']);
    expect(small.body).toMatchObject({ totalPages: 3, number: 2, size: 5 });
    expect(small.body.content).toHaveLength(4);
    expect((await api.get('/api/purchases/getrecent?size=1000', fresh.token)).status).toBe(400);
  });

  it("answers a machine's purchases as {content}, newest first", async () => {
    const machineId = await createMachineId(api, a.token);
    const older = (await api.post('/api/purchases', purchase({ machineId, purchaseDate: '2026-01-05T12:00:00.000Z' }), a.token)).body;
    const newer = (await api.post('/api/purchases', purchase({ machineId, purchaseDate: '2026-02-05T12:00:00.000Z' }), a.token)).body;

    const res = await api.get(`/api/purchases/getrecentForMachine/${machineId}`, a.token);

    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['content']);
    expect(res.body.content.map((p: { id: number }) => p.id)).toEqual([newer.id, older.id]);
  });

  it('updates with the full purchase (200) and deletes with 204', async () => {
    const created = (await api.post('/api/purchases', purchase(), a.token)).body;

    const updated = await api.put(`/api/purchases/${created.id}`, { ...created, partStatus: 'Ordered', quantity: 3, userId: 0 }, a.token);
    expect(updated.status).toBe(200);
    expect(updated.body).toEqual({ ...created, partStatus: 'Ordered', quantity: 3, updatedBy: { id: a.id, name: 'Purchases A' } });

    expect((await api.delete(`/api/purchases/${created.id}`, a.token)).status).toBe(204);
    expect((await api.get(`/api/purchases/${created.id}`, a.token)).status).toBe(404);
  });

  it('adds the quantity to the named inventory part once when the purchase becomes Purchased, however the status moves', async () => {
    const { partId } = await createPart(api, a.token, { quantity: 5, minStock: 2 });
    const stock = async () => (await api.get(`/api/parts/${partId}`, a.token)).body.quantity as number;
    const created = (await api.post('/api/purchases', purchase({ partId, quantity: 4, partStatus: 'Ordered' }), a.token)).body;
    expect(await stock()).toBe(5);

    for (const partStatus of ['Purchased', 'New', 'Purchased', 'Ordered', 'Purchased']) {
      expect((await api.put(`/api/purchases/${created.id}`, { ...created, partStatus }, a.token)).status).toBe(200);
    }
    expect(await stock()).toBe(9);

    // A corrected quantity moves stock by the difference; Cancelled takes the units back.
    await api.put(`/api/purchases/${created.id}`, { ...created, partStatus: 'Purchased', quantity: 6 }, a.token);
    expect(await stock()).toBe(11);
    await api.put(`/api/purchases/${created.id}`, { ...created, partStatus: 'Cancelled', quantity: 6 }, a.token);
    expect(await stock()).toBe(5);
  });

  it('takes the quantity of a deleted Purchased purchase back out of stock, once, also when the delete is sent several times at once', async () => {
    const { partId } = await createPart(api, a.token, { quantity: 1, minStock: 0 });
    const stock = async () => (await api.get(`/api/parts/${partId}`, a.token)).body.quantity as number;
    const created = (await api.post('/api/purchases', purchase({ partId, quantity: 5, partStatus: 'Purchased' }), a.token)).body;
    expect(await stock()).toBe(6);

    const deletes = await Promise.all(Array.from({ length: 3 }, () => api.delete(`/api/purchases/${created.id}`, a.token)));

    expect(deletes.map((r) => r.status).sort()).toEqual([204, 404, 404]);
    expect(await stock()).toBe(1);
    expect((await api.delete(`/api/purchases/${created.id}`, a.token)).status).toBe(404);
    expect(await stock()).toBe(1);
  });

  it('counts once when several requests mark the same purchase Purchased at the same time', async () => {
    const { partId } = await createPart(api, a.token, { quantity: 0, minStock: 1 });
    const created = (await api.post('/api/purchases', purchase({ partId, quantity: 3, partStatus: 'Ordered' }), a.token)).body;

    const results = await Promise.all(
      Array.from({ length: 6 }, () => api.put(`/api/purchases/${created.id}`, { ...created, partStatus: 'Purchased' }, a.token)),
    );

    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect((await api.get(`/api/parts/${partId}`, a.token)).body).toMatchObject({ quantity: 3, stockStatus: 'in-stock' });
  });

  it("answers 404 to another user on every call with a purchase's id, and to another user's part id, leaving everything unchanged", async () => {
    const { partId, supplierId } = await createPart(api, a.token, { quantity: 1 });
    const created = (await api.post('/api/purchases', purchase({ partName: 'Mine' }), a.token)).body;

    const read = await api.get(`/api/purchases/${created.id}`, b.token);
    const update = await api.put(`/api/purchases/${created.id}`, purchase({ partName: 'Stolen' }), b.token);
    const remove = await api.delete(`/api/purchases/${created.id}`, b.token);
    const foreignPart = await api.post('/api/purchases', purchase({ partId, partStatus: 'Purchased', quantity: 50 }), b.token);
    const foreignStore = await api.post('/api/purchases', purchase({ storeId: supplierId }), b.token);
    const list = await api.get('/api/purchases/getrecent', b.token);

    expect([read.status, update.status, remove.status]).toEqual([404, 404, 404]);
    expect(read.body.message).toBe('Purchase not found');
    expect(foreignPart.status).toBe(404);
    expect(foreignPart.body.message).toBe('Part not found');
    expect(foreignStore.status).toBe(404);
    expect(list.body.content.some((p: { id: number }) => p.id === created.id)).toBe(false);
    expect((await api.get(`/api/purchases/${created.id}`, a.token)).body).toEqual(created);
    expect((await api.get(`/api/parts/${partId}`, a.token)).body.quantity).toBe(1);
  });

  it("refuses a machine that is not one of the caller's (another user's, nonexistent, beyond the id range) and stores nothing", async () => {
    const theirs = await createMachineId(api, b.token);
    const kept = (await api.post('/api/purchases', purchase(), a.token)).body;
    const before = (await api.get('/api/purchases/getrecent?size=1', a.token)).body.totalElements;
    const notFound = { statusCode: 404, code: 'NOT_FOUND', message: 'Machine not found', correlationId: expect.any(String) };

    for (const machineId of [theirs, 2_000_000_000]) {
      expect((await api.post('/api/purchases', purchase({ machineId }), a.token)).body).toEqual(notFound);
      expect((await api.put(`/api/purchases/${kept.id}`, purchase({ machineId }), a.token)).body).toEqual(notFound);
    }
    for (const machineId of [1e308, 2 ** 53, 2 ** 31]) {
      const res = await api.post('/api/purchases', purchase({ machineId }), a.token);
      expect([400, 404]).toContain(res.status);
      expect(res.body).toMatchObject({ statusCode: res.status, code: expect.any(String), correlationId: expect.any(String) });
    }
    expect((await api.get('/api/purchases/getrecent?size=1', a.token)).body.totalElements).toBe(before);
    expect((await api.get(`/api/purchases/${kept.id}`, a.token)).body).toEqual(kept);
    expect((await api.get(`/api/purchases/getrecentForMachine/${theirs}`, b.token)).body).toEqual({ content: [] });
  });

  it('needs a token', async () => {
    expect((await api.get('/api/purchases/getrecent')).status).toBe(401);
    expect((await api.post('/api/purchases', purchase())).status).toBe(401);
  });

  it("deletes a machine's purchases when the machine is deleted", async () => {
    const machineId = await createMachineId(api, a.token);
    const created = (await api.post('/api/purchases', purchase({ machineId }), a.token)).body;
    const elsewhere = (await api.post('/api/purchases', purchase({ machineId: await createMachineId(api, a.token) }), a.token)).body;

    expect((await api.delete(`/api/machines/${machineId}`, a.token)).status).toBe(204);

    await expectEventually(async () => {
      expect((await api.get(`/api/purchases/${created.id}`, a.token)).status).toBe(404);
    });
    expect((await api.get(`/api/purchases/getrecentForMachine/${machineId}`, a.token)).body).toEqual({ content: [] });
    expect((await api.get(`/api/purchases/${elsewhere.id}`, a.token)).status).toBe(200);
  });
});
