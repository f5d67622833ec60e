import {
  ApiClient,
  createApprovedUser,
  createMachine,
  e2eProducts,
  expectEventually,
  joinAccount,
  type ApprovedUser,
  type JoinedMember,
} from '@wrenchlog/testing';
import { partBody, supplierBody } from './fuel-purchase.helpers.js';

// Issue 35's parts loop across the real services: a part line of an open work order reserves its
// quantity (5 in stock, 2 reserved: 3 available); below its minimum the part is to reorder, by
// supplier; "Draft orders" makes one Ordered purchase a part for each chosen supplier; marking one
// Purchased adds the stock; cancelling, deleting or completing the order releases the reservation,
// completing takes the parts out and the part's ledger names the order.

describe.each(e2eProducts())('parts loop (%s)', (mode, baseUrl) => {
  const api = new ApiClient(baseUrl);
  let owner: ApprovedUser;
  let stranger: ApprovedUser;
  let viewer: JoinedMember;
  let operator: JoinedMember;
  let mechanic: JoinedMember;
  let machineId: number;
  let hydraulics: number;
  let filters: number;
  let sealKit: number;
  let oilFilter: number;
  let plenty: number;

  const ok = <T = any>(res: { status: number; text: string; body: T }, status: number): T => {
    expect(`${res.status} ${res.status === status ? '' : res.text.slice(0, 300)}`.trim()).toBe(String(status));
    return res.body;
  };
  const part = async (id: number) => ok(await api.get(`/api/parts/${id}`, owner.token), 200);
  const newOrder = async (title: string) => ok(await api.post('/api/work-orders', { machineId, title }, owner.token), 201);
  const addPart = async (orderId: number, partId: number, quantity: number) =>
    ok(await api.post(`/api/work-orders/${orderId}/lines`, { kind: 'part', partId, quantity }, mechanic.token), 201);

  beforeAll(async () => {
    [owner, stranger] = await Promise.all([createApprovedUser(api, { name: 'Loop Owner' }), createApprovedUser(api, { name: 'Loop Stranger' })]);
    machineId = (await createMachine(api, owner.token, { name: 'Volvo L60H', type: 'Loader' })).id as number;
    viewer = await joinAccount(api, mode, owner.token, 'viewer');
    operator = await joinAccount(api, mode, owner.token, 'operator', { machineIds: [machineId] });
    mechanic = await joinAccount(api, mode, owner.token, 'mechanic', { name: 'Mia Mechanic' });
    hydraulics = ok(await api.post('/api/suppliers', supplierBody({ name: 'Heartland Hydraulics' }), owner.token), 201).id;
    filters = ok(await api.post('/api/suppliers', supplierBody({ name: 'Filter Depot' }), owner.token), 201).id;
    sealKit = ok(await api.post('/api/parts', partBody(hydraulics, { name: 'Seal kit', quantity: 5, minStock: 4, price: 89 }), owner.token), 201).id;
    oilFilter = ok(
      await api.post('/api/parts', partBody(filters, { name: 'Oil filter', partNumber: 'OF-1', quantity: 1, minStock: 3, price: 12.4 }), owner.token),
      201,
    ).id;
    plenty = ok(await api.post('/api/parts', partBody(hydraulics, { name: 'Grease', partNumber: 'GR-1', quantity: 10, minStock: 2 }), owner.token), 201).id;
    await expectEventually(async () => expect((await api.get(`/api/machines/${machineId}/issues`, owner.token)).status).toBe(200));
  }, 120_000);

  it('reserves a part line of an open order, follows its quantity, and releases it when the line goes', async () => {
    expect(await part(sealKit)).toMatchObject({ quantity: 5, reserved: 0, available: 5 });
    const order = await newOrder('Boom cylinder reseal');
    const line = await addPart(order.id, sealKit, 2);
    expect(await part(sealKit)).toMatchObject({ quantity: 5, reserved: 2, available: 3 });
    const page = ok(await api.get('/api/parts?search=Seal', viewer.token), 200);
    expect(page.content.find((p: { id: number }) => p.id === sealKit)).toMatchObject({ id: sealKit, reserved: 2, available: 3 });

    ok(await api.put(`/api/work-orders/${order.id}/lines/${line.id}`, { kind: 'part', partId: sealKit, quantity: 4 }, mechanic.token), 200);
    expect(await part(sealKit)).toMatchObject({ reserved: 4, available: 1 });
    ok(await api.delete(`/api/work-orders/${order.id}/lines/${line.id}`, mechanic.token), 204);
    expect(await part(sealKit)).toMatchObject({ reserved: 0, available: 5 });
    ok(await api.delete(`/api/work-orders/${order.id}`, owner.token), 204);
  });

  it('lists the parts below their minimum by supplier, and drafts one Ordered purchase a part for each supplier', async () => {
    const order = await newOrder('Reseal and filters');
    await addPart(order.id, sealKit, 2);
    const list = ok(await api.get('/api/parts/to-reorder', viewer.token), 200) as any[];
    // By supplier name: Filter Depot before Heartland Hydraulics; Grease (10 of min 2) is not there.
    expect(list.map((i) => i.partId)).toEqual([oilFilter, sealKit]);
    expect(list[1]).toMatchObject({
      partId: sealKit,
      name: 'Seal kit',
      quantity: 5,
      reserved: 2,
      available: 3,
      minStock: 4,
      supplierId: hydraulics,
      toOrder: 1,
    });
    expect(list[0]).toMatchObject({ partId: oilFilter, quantity: 1, reserved: 0, minStock: 3, supplierId: filters, supplier: 'Filter Depot', toOrder: 2 });
    expect(list.some((i) => i.partId === plenty)).toBe(false);

    const key = `reorder-${order.id}`;
    const draft = () =>
      api.request('POST', '/api/parts/reorder', { token: mechanic.token, body: { supplierIds: [hydraulics, filters] }, headers: { 'idempotency-key': key } });
    const drafts = ok(await draft(), 201) as any[];
    expect(drafts.map((d) => [d.supplierId, d.supplier, d.purchases.length])).toEqual([
      [hydraulics, 'Heartland Hydraulics', 1],
      [filters, 'Filter Depot', 1],
    ]);
    const seals = drafts[0].purchases[0];
    expect(seals).toMatchObject({
      partId: sealKit,
      partName: 'Seal kit',
      quantity: 1,
      price: 89,
      partStatus: 'Ordered',
      storeId: hydraulics,
      storeName: 'Heartland Hydraulics',
    });
    expect(drafts[1].purchases[0]).toMatchObject({ partId: oilFilter, quantity: 2, partStatus: 'Ordered', storeId: filters });
    // A retry answers the same purchases, and drafts nothing more.
    expect((ok(await draft(), 201) as any[]).map((d) => d.purchases.map((p: any) => p.id))).toEqual(drafts.map((d) => d.purchases.map((p: any) => p.id)));
    // On order: still below the minimum, nothing more to order.
    const after = ok(await api.get('/api/parts/to-reorder', owner.token), 200) as any[];
    expect(after.find((i) => i.partId === sealKit)).toMatchObject({ onOrder: 1, toOrder: 0 });

    // Marking it Purchased adds the stock (as purchases do): 6 in stock, 2 reserved, 4 available, no longer below 4.
    ok(await api.put(`/api/purchases/${seals.id}`, { ...seals, partStatus: 'Purchased' }, owner.token), 200);
    expect(await part(sealKit)).toMatchObject({ quantity: 6, reserved: 2, available: 4 });
    expect((ok(await api.get('/api/parts/to-reorder', owner.token), 200) as any[]).some((i) => i.partId === sealKit)).toBe(false);

    // Cancelling the order releases its reservation.
    ok(await api.put(`/api/work-orders/${order.id}`, { state: 'cancelled' }, owner.token), 200);
    expect(await part(sealKit)).toMatchObject({ quantity: 6, reserved: 0, available: 6 });
    // The ledger, newest first: the purchase, then the opening stock.
    const ledger = ok(await api.get(`/api/parts/${sealKit}/ledger`, viewer.token), 200) as any[];
    expect(ledger.slice(0, 2)).toMatchObject([
      { kind: 'purchase', delta: 1, quantityAfter: 6, purchaseId: seals.id, label: 'Heartland Hydraulics', by: { id: owner.id } },
      { kind: 'adjustment', delta: 5, quantityAfter: 5, label: 'Opening stock' },
    ]);
  });

  it('turns the reservation into the take on completion, reserves again when reopened, and the ledger names the order', async () => {
    const order = await newOrder('250-hour service');
    await addPart(order.id, plenty, 3);
    expect(await part(plenty)).toMatchObject({ quantity: 10, reserved: 3, available: 7 });
    const completedAt = new Date().toISOString().slice(0, 10);
    ok(await api.post(`/api/work-orders/${order.id}/complete`, { completedAt }, mechanic.token), 200);
    expect(await part(plenty)).toMatchObject({ quantity: 7, reserved: 0, available: 7 });
    const ledger = ok(await api.get(`/api/parts/${plenty}/ledger`, owner.token), 200) as any[];
    expect(ledger[0]).toMatchObject({
      kind: 'work-order-take',
      delta: -3,
      quantityAfter: 7,
      workOrderId: order.id,
      label: '250-hour service',
      by: { id: mechanic.id },
    });

    ok(await api.post(`/api/work-orders/${order.id}/reopen`, {}, owner.token), 200);
    expect(await part(plenty)).toMatchObject({ quantity: 10, reserved: 3, available: 7 });
    expect((ok(await api.get(`/api/parts/${plenty}/ledger`, owner.token), 200) as any[])[0]).toMatchObject({
      kind: 'work-order-return',
      delta: 3,
      workOrderId: order.id,
      label: '250-hour service',
    });
    // Deleting the open order releases it.
    ok(await api.delete(`/api/work-orders/${order.id}`, owner.token), 204);
    expect(await part(plenty)).toMatchObject({ quantity: 10, reserved: 0 });
  });

  it('keeps the loop to the inventory roles and the account', async () => {
    // A viewer reads the list and the ledger but drafts nothing; an operator has no inventory.
    expect((await api.post('/api/parts/reorder', { supplierIds: [filters] }, viewer.token)).status).toBe(403);
    expect((await api.get('/api/parts/to-reorder', operator.token)).status).toBe(403);
    expect((await api.get(`/api/parts/${sealKit}/ledger`, operator.token)).status).toBe(403);
    // Another account: its own (empty) list, our part's ledger is not found, our supplier is not its.
    expect(ok(await api.get('/api/parts/to-reorder', stranger.token), 200)).toEqual([]);
    expect((await api.get(`/api/parts/${sealKit}/ledger`, stranger.token)).status).toBe(404);
    const foreign = await api.post('/api/parts/reorder', { supplierIds: [filters] }, stranger.token);
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe('Each supplier must be one of your suppliers');
    const empty = await api.post('/api/parts/reorder', { supplierIds: [] }, owner.token);
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain('Choose at least one supplier');
  });
});
