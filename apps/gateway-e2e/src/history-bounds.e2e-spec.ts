import { ApiClient, createApprovedUser, e2eProducts, expectEventually, serviceRecordFor, type ApprovedUser } from '@wrenchlog/testing';
import { createMachineId } from './fuel-purchase.helpers.js';

// Issue 25, item 9: a machine's history lists are bounded without paging, and paged on request.
const UNPAGED_MAX = 500;

const fuel = (machineId: number, day: number) => ({
  machineId,
  amount: 10,
  pricePerUnit: 3.5,
  totalPrice: 35,
  // One record a minute, so the newest first order is by this time.
  dateOfPurchase: new Date(Date.UTC(2026, 0, 1) + day * 60_000).toISOString(),
});

const purchase = (machineId: number, day: number) => ({
  partName: `Filter ${day}`,
  quantity: 1,
  price: 10,
  storeName: 'Parts Depot',
  partStatus: 'New',
  purchaseDate: new Date(Date.UTC(2026, 0, 1 + day)).toISOString(),
  machineId,
});

describe.each(e2eProducts())("a machine's history lists (%s)", (_mode, baseUrl) => {
  const api = new ApiClient(baseUrl);
  let owner: ApprovedUser;

  beforeAll(async () => {
    owner = await createApprovedUser(api, { name: 'History owner' });
  });

  it(`answers the newest ${UNPAGED_MAX} fuel records without paging, and every one page by page`, async () => {
    const machineId = await createMachineId(api, owner.token, 'Busy truck');
    const total = UNPAGED_MAX + 2;
    // The first record alone (it waits for the new machine to reach the fuel context), then tens at
    // once: 25 at once on a busy box (CI runs the fault suite beside this one) outran the RPC timeout.
    expect((await api.post('/api/fuel-records', fuel(machineId, 0), owner.token)).status).toBe(201);
    for (let start = 1; start < total; start += 10) {
      const batch = Array.from({ length: Math.min(10, total - start) }, (_, i) => api.post('/api/fuel-records', fuel(machineId, start + i), owner.token));
      expect((await Promise.all(batch)).map((r) => r.status)).toEqual(Array(Math.min(10, total - start)).fill(201));
    }
    const newest = new Date(Date.UTC(2026, 0, 1) + (total - 1) * 60_000).toISOString();

    const unpaged = await api.get(`/api/fuel-records/machine/${machineId}`, owner.token);
    expect(unpaged.status).toBe(200);
    expect(unpaged.body).toHaveLength(UNPAGED_MAX);
    expect(unpaged.body[0].dateOfPurchase).toBe(newest);
    expect(unpaged.body[UNPAGED_MAX - 1].dateOfPurchase).toBe(fuel(machineId, 2).dateOfPurchase);

    const first = await api.get(`/api/fuel-records/machine/${machineId}?page=0&size=100`, owner.token);
    expect(first.body).toMatchObject({ totalElements: total, totalPages: 6, number: 0, size: 100 });
    expect(first.body.content).toHaveLength(100);
    expect(first.body.content[0].dateOfPurchase).toBe(newest);
    const last = await api.get(`/api/fuel-records/machine/${machineId}?page=5&size=100`, owner.token);
    expect(last.body.content.map((r: { dateOfPurchase: string }) => r.dateOfPurchase)).toEqual([
      fuel(machineId, 1).dateOfPurchase,
      fuel(machineId, 0).dateOfPurchase,
    ]);
    const byDefault = await api.get(`/api/fuel-records/machine/${machineId}?page=1`, owner.token);
    expect(byDefault.body).toMatchObject({ number: 1, size: 50, totalElements: total });
    expect(byDefault.body.content[0].dateOfPurchase).toBe(unpaged.body[50].dateOfPurchase);
  });

  it('pages service records and part purchases of a machine on request, and keeps their unpaged shapes', async () => {
    const machineId = await createMachineId(api, owner.token, 'Small mower');
    for (const day of [1, 2, 3]) {
      await serviceRecordFor(api, owner.token, machineId, { title: `Service ${day}`, serviceDate: `2026-02-0${day}` });
      expect((await api.post('/api/purchases', purchase(machineId, day), owner.token)).status).toBe(201);
    }

    const services = await api.get(`/api/services/machine/${machineId}`, owner.token);
    expect(services.body.map((r: { title: string }) => r.title)).toEqual(['Service 3', 'Service 2', 'Service 1']);
    const servicePage = await api.get(`/api/services/machine/${machineId}?page=1&size=2`, owner.token);
    expect(servicePage.body).toMatchObject({ totalElements: 3, totalPages: 2, number: 1, size: 2 });
    expect(servicePage.body.content.map((r: { title: string }) => r.title)).toEqual(['Service 1']);

    const purchases = await api.get(`/api/purchases/getrecentForMachine/${machineId}`, owner.token);
    expect(Object.keys(purchases.body)).toEqual(['content']);
    expect(purchases.body.content.map((p: { partName: string }) => p.partName)).toEqual(['Filter 3', 'Filter 2', 'Filter 1']);
    const purchasePage = await api.get(`/api/purchases/getrecentForMachine/${machineId}?page=0&size=2`, owner.token);
    expect(purchasePage.body).toMatchObject({ totalElements: 3, totalPages: 2, number: 0, size: 2 });
    expect(purchasePage.body.content.map((p: { partName: string }) => p.partName)).toEqual(['Filter 3', 'Filter 2']);
  });

  it("keeps the spec's shapes of the other bounded lists (the bounds themselves are tested on the services)", async () => {
    const user = await createApprovedUser(api, { name: 'Bounded lists' });
    const machineId = await createMachineId(api, user.token, 'Loader');
    await serviceRecordFor(api, user.token, machineId, { title: 'Bucket pins', serviceDate: '2026-02-01' });
    const itemKeys = ['createdBy', 'id', 'lastServicedDate', 'lastUpdated', 'name', 'status', 'type', 'updatedBy'];
    for (const path of ['/api/machines/all', '/api/machines/recentlyserviced']) {
      const res = await api.get(path, user.token);
      expect(res.status).toBe(200);
      expect(res.body.map((m: { id: number }) => m.id)).toEqual([machineId]);
      expect(Object.keys(res.body[0]).sort()).toEqual(itemKeys);
    }
    expect((await api.get('/api/machines/all?archived=true', user.token)).body).toEqual([]);
    // schedule-service hears of the machine by its saved event: once it has, the create answers 201.
    let created = { status: 0, body: { id: 0 } };
    await expectEventually(async () => {
      created = await api.post(
        `/api/machines/${machineId}/schedules`,
        { title: 'Grease', serviceType: 'Maintenance', intervalDays: 7, recurring: true, anchor: 'completion' },
        user.token,
      );
      expect(created.status).toBe(201);
    });
    const schedules = await api.get(`/api/machines/${machineId}/schedules`, user.token);
    expect(schedules.status).toBe(200);
    expect(schedules.body.map((s: { id: number; title: string }) => [s.id, s.title])).toEqual([[created.body.id, 'Grease']]);
  });

  it('refuses a page size above 100 or a negative page with 400 and field messages', async () => {
    const machineId = await createMachineId(api, owner.token);
    for (const path of [`/api/fuel-records/machine/${machineId}`, `/api/services/machine/${machineId}`, `/api/purchases/getrecentForMachine/${machineId}`]) {
      const tooBig = await api.get(`${path}?size=101`, owner.token);
      expect(tooBig.status).toBe(400);
      expect(tooBig.body).toMatchObject({ statusCode: 400, code: 'VALIDATION', message: 'Size must be at most 100' });
      expect((await api.get(`${path}?page=-1`, owner.token)).status).toBe(400);
    }
  });
});
