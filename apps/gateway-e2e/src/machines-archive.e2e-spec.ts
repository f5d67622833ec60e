import { ApiClient, createApprovedUser, e2eProducts, expectEventually, makeJpeg, serviceRecordFor, type ApprovedUser } from '@wrenchlog/testing';
import { createMachine, serviceRuns, upload } from './machines.helpers.js';

// Issue 18: a machine can be archived instead of deleted, and the delete dialog says what a delete takes.
describe.each(e2eProducts())('archived machines and history counts (%s)', (_mode, baseUrl) => {
  const api = new ApiClient(baseUrl);
  let owner: ApprovedUser;
  let other: ApprovedUser;

  const names = async (path: string, token = owner.token) => ((await api.get(path, token)).body as { name: string }[]).map((m) => m.name);

  beforeAll(async () => {
    [owner, other] = await Promise.all([createApprovedUser(api), createApprovedUser(api)]);
  });

  it('takes an archived machine out of the lists, keeps it readable, lists it under ?archived=true, and restores it', async () => {
    const kept = await createMachine(api, owner.token, { name: 'Kept Loader' });
    const old = await createMachine(api, owner.token, { name: 'Old Tractor', lastServicedDate: '2024-01-01' });
    expect(old.archived).toBe(false);

    const archived = await api.put('/api/machines/update', { id: old.id, archived: true }, owner.token);

    expect(archived.status).toBe(200);
    expect(archived.body).toMatchObject({ id: old.id, name: 'Old Tractor', archived: true, lastServicedDate: '2024-01-01' });
    expect(await names('/api/machines/all')).toEqual(['Kept Loader']);
    expect(await names('/api/machines/all?archived=false')).toEqual(['Kept Loader']);
    expect(await names('/api/machines/recentlyserviced')).toEqual(['Kept Loader']);
    expect(await names('/api/machines/all?archived=true')).toEqual(['Old Tractor']);
    expect((await api.get(`/api/machines/?machineId=${old.id}`, owner.token)).body).toMatchObject({ archived: true, name: 'Old Tractor' });
    // Saving the whole machine as a read returned it (the edit form) keeps it archived.
    const edited = await api.put('/api/machines/update', { ...archived.body, color: 'Green' }, owner.token);
    expect(edited.body).toMatchObject({ archived: true, color: 'Green' });

    const restored = await api.put('/api/machines/update', { id: old.id, archived: false }, owner.token);

    expect(restored.body.archived).toBe(false);
    expect(await names('/api/machines/all')).toEqual(['Kept Loader', 'Old Tractor']);
    expect(await names('/api/machines/all?archived=true')).toEqual([]);
    expect(kept.archived).toBe(false);
  });

  it("never shows or changes another user's machine through archiving, and refuses a bad filter or value with 400", async () => {
    const mine = await createMachine(api, owner.token, { name: 'Private Skid Steer' });

    expect((await api.put('/api/machines/update', { id: mine.id, archived: true }, other.token)).status).toBe(404);
    expect(await names('/api/machines/all?archived=true', other.token)).toEqual([]);
    const badFilter = await api.get('/api/machines/all?archived=maybe', owner.token);
    expect(badFilter.status).toBe(400);
    expect(badFilter.body).toMatchObject({ statusCode: 400, message: 'archived must be true or false' });
    const badValue = await api.put('/api/machines/update', { id: mine.id, archived: 'yes' }, owner.token);
    expect(badValue.status).toBe(400);
    expect(badValue.body.message).toContain('Archived must be true or false');
    expect((await api.get(`/api/machines/?machineId=${mine.id}`, owner.token)).body.archived).toBe(false);
  });

  it('does not archive a machine on create, whatever the body says', async () => {
    const res = await api.post('/api/machines/create', { name: 'Fresh', year: 2020, make: 'Kubota', model: 'L2501', archived: true }, owner.token);
    expect(res.status).toBe(201);
    expect(res.body.archived).toBe(false);
  });

  const everyService = ['service-record-service', 'fuel-purchase-service'].every(serviceRuns);
  (everyService ? it : it.skip)("counts the service, fuel and purchase records and the photos a delete would take, the caller's only", async () => {
    const machine = await createMachine(api, owner.token, { name: 'Counted Excavator' });
    const record = await serviceRecordFor(api, owner.token, machine.id);
    await serviceRecordFor(api, owner.token, machine.id, { title: 'Track tension' });
    const form = new FormData();
    form.append('images[0][original]', new Blob([new Uint8Array(await makeJpeg(320, 240))], { type: 'image/jpeg' }), 'a.jpg');
    expect((await api.request('POST', `/api/services/${record.id}/images`, { token: owner.token, raw: form })).status).toBe(201);
    const fuel = { machineId: machine.id, amount: 10, pricePerUnit: 3, totalPrice: 30, dateOfPurchase: '2026-11-01T08:00:00.000Z' };
    expect((await api.post('/api/fuel-records', fuel, owner.token)).status).toBe(201);
    const purchase = { partName: 'Filter', quantity: 1, price: 10, storeName: 'Shop', purchaseDate: '2026-11-01T08:00:00.000Z', machineId: machine.id };
    expect((await api.post('/api/purchases', purchase, owner.token)).status).toBe(201);
    expect(
      (await upload(api, 'POST', `/api/machines/${machine.id}/gallery`, [{ field: 'originals', bytes: await makeJpeg(320, 240) }], owner.token)).status,
    ).toBe(201);
    expect(
      (await upload(api, 'POST', `/api/machines/${machine.id}/profile-photo`, [{ field: 'original', bytes: await makeJpeg(320, 240) }], owner.token)).status,
    ).toBe(201);

    const res = await api.get(`/api/machines/${machine.id}/history-counts`, owner.token);

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ serviceRecords: 2, fuelRecords: 1, purchases: 1, photos: 3, documents: 0 });
    const foreign = await api.get(`/api/machines/${machine.id}/history-counts`, other.token);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ statusCode: 404, code: 'NOT_FOUND', message: 'Machine not found', correlationId: expect.any(String) });
    expect((await api.get('/api/machines/abc/history-counts', owner.token)).status).toBe(400);

    // Archiving keeps every record: the counts stay.
    await api.put('/api/machines/update', { id: machine.id, archived: true }, owner.token);
    await expectEventually(async () => {
      expect((await api.get(`/api/machines/${machine.id}/history-counts`, owner.token)).body).toEqual({
        serviceRecords: 2,
        fuelRecords: 1,
        purchases: 1,
        photos: 3,
        documents: 0,
      });
    });
    expect((await api.get(`/api/services/${record.id}`, owner.token)).status).toBe(200);
  });
});
