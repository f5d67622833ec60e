import { ApiClient, createApprovedUser, e2eProducts, joinAccount, type ApprovedUser, type JoinedMember } from '@wrenchlog/testing';
import { createMachineId } from './fuel-purchase.helpers.js';

// Issue 32: an operator sees no money, so their fuel form has no prices; changing their own record
// without them (as the web form sends it) keeps the prices the record was stored with.
const fill = (machineId: number, overrides: Record<string, unknown> = {}) => ({
  machineId,
  amount: 10,
  pricePerUnit: 3.5,
  totalPrice: 35,
  dateOfPurchase: '2026-11-20T14:30:00.000Z',
  notes: 'At the yard pump',
  ...overrides,
});

describe.each(e2eProducts())("an operator's own fuel record, without money (%s)", (mode, baseUrl) => {
  const api = new ApiClient(baseUrl);
  let owner: ApprovedUser;
  let operator: JoinedMember;
  let machineId: number;

  beforeAll(async () => {
    owner = await createApprovedUser(api, { name: 'Fleet Owner' });
    machineId = await createMachineId(api, owner.token);
    operator = await joinAccount(api, mode, owner.token, 'operator', { machineIds: [machineId], name: 'Otto Operator' });
  }, 60_000);

  it('updates it without prices (200, none answered), and the owner still sees the stored prices', async () => {
    const created = await api.post('/api/fuel-records', fill(machineId), operator.token);
    expect(created.status).toBe(201);
    expect(created.body).not.toHaveProperty('pricePerUnit');
    expect(created.body).not.toHaveProperty('totalPrice');

    // What the web form sends an operator's stored record back with: every field it shows, no price.
    const { pricePerUnit: _p, totalPrice: _t, ...withoutPrices } = fill(machineId, { amount: 12, notes: 'Corrected amount' });
    const updated = await api.put(`/api/fuel-records/${created.body.id}`, withoutPrices, operator.token);
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id: created.body.id, amount: 12, notes: 'Corrected amount', updatedBy: { id: operator.id } });
    expect(updated.body).not.toHaveProperty('pricePerUnit');
    expect(updated.body).not.toHaveProperty('totalPrice');

    // Prices an operator sends anyway (an empty or zero box) are not theirs to set: ignored.
    const zeroed = await api.put(`/api/fuel-records/${created.body.id}`, { ...withoutPrices, pricePerUnit: 0, totalPrice: 0 }, operator.token);
    expect(zeroed.status).toBe(200);

    const asOwner = await api.get(`/api/fuel-records/${created.body.id}`, owner.token);
    expect(asOwner.body).toMatchObject({ amount: 12, pricePerUnit: 3.5, totalPrice: 35, notes: 'Corrected amount' });
  });

  it('still asks every member who sees money for the prices (400 with the field)', async () => {
    const created = await api.post('/api/fuel-records', fill(machineId), owner.token);
    const { pricePerUnit: _p, totalPrice: _t, ...withoutPrices } = fill(machineId);
    const res = await api.put(`/api/fuel-records/${created.body.id}`, withoutPrices, owner.token);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('Total Price is required');
  });
  it("checks an operator's moneyless form where it is owned: bad input is a 400 with the field, and nothing changes", async () => {
    const created = await api.post('/api/fuel-records', fill(machineId), operator.token);
    const { pricePerUnit: _p, totalPrice: _t, ...withoutPrices } = fill(machineId, { amount: -1 });
    const res = await api.put(`/api/fuel-records/${created.body.id}`, withoutPrices, operator.token);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'amount' })]));
    const notAnObject = await api.put(`/api/fuel-records/${created.body.id}`, [1, 2], operator.token);
    expect(notAnObject.status).toBe(400);
    const asOwner = await api.get(`/api/fuel-records/${created.body.id}`, owner.token);
    expect(asOwner.body).toMatchObject({ amount: 10, pricePerUnit: 3.5, totalPrice: 35 });
  });
});
