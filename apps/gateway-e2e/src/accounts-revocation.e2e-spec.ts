import { ApiClient, createApprovedUser, createMachine, e2eProducts, joinAccount, type JoinedMember } from '@wrenchlog/testing';

// Issue 32: a change of role or membership takes effect on that member's next request (the session
// version that already ends a disabled user's access), never when their access token expires.
describe.each(e2eProducts())("a member's rights after a change (%s)", (mode, baseUrl) => {
  const api = new ApiClient(baseUrl);
  let owner: string;
  let accountId: number;
  let machineId: number;

  beforeAll(async () => {
    owner = (await createApprovedUser(api, { name: 'Revoking Owner' })).token;
    accountId = (await api.get('/api/user/me', owner)).body.accountId as number;
    machineId = (await createMachine(api, owner, { name: 'Revoked loader' })).id as number;
  });

  /** A member signed in through their own client (which keeps the refresh cookie). */
  async function member(role: 'manager' | 'operator'): Promise<JoinedMember & { client: ApiClient; session: string }> {
    const joined = await joinAccount(api, mode, owner, role);
    const client = new ApiClient(baseUrl);
    const session = await client.login(joined.username, joined.password);
    expect((await client.get('/api/user/me', session)).body).toMatchObject({ accountId, role });
    return { ...joined, client, session };
  }

  it("refuses a lowered member's old token at once, and their next token has only the new role's rights", async () => {
    const m = await member('manager');
    expect((await m.client.post('/api/machines/create', { name: 'As manager', year: 2020, make: 'Deere', model: '5075E' }, m.session)).status).toBe(201);

    expect((await api.put(`/api/accounts/${accountId}/members/${m.id}`, { role: 'viewer' }, owner)).status).toBe(200);

    expect((await m.client.post('/api/machines/create', { name: 'Stale', year: 2020, make: 'Deere', model: '5075E' }, m.session)).status).toBe(401);
    const refreshed = await m.client.post('/api/auth/refresh');
    expect(refreshed.status).toBe(200);
    const token = refreshed.body.accessToken as string;
    expect((await m.client.get('/api/user/me', token)).body).toMatchObject({ accountId, role: 'viewer' });
    const refused = await m.client.post('/api/machines/create', { name: 'As viewer', year: 2020, make: 'Deere', model: '5075E' }, token);
    expect(refused.body).toMatchObject({ statusCode: 403, code: 'FORBIDDEN', message: 'Your role (viewer) cannot add or change machines' });
    expect((await m.client.get(`/api/machines/?machineId=${machineId}`, token)).status).toBe(200);
    const names = ((await api.get('/api/machines/all', owner)).body as { name: string }[]).map((x) => x.name);
    expect(names).toContain('As manager');
    expect(names).not.toContain('Stale');
  });

  it("ends a removed member's access to the account on their next request, and keeps what they added", async () => {
    const m = await member('operator');
    expect((await api.put(`/api/accounts/${accountId}/members/${m.id}`, { machineIds: [machineId] }, owner)).status).toBe(200);
    const session = (await m.client.post('/api/auth/refresh')).body.accessToken as string;
    const fuel = await m.client.post(
      '/api/fuel-records',
      { machineId, amount: 10, pricePerUnit: 3.5, totalPrice: 35, dateOfPurchase: new Date().toISOString(), currentMileage: 10 },
      session,
    );
    expect(fuel.status).toBe(201);

    expect((await api.delete(`/api/accounts/${accountId}/members/${m.id}`, owner)).status).toBe(204);

    expect((await m.client.get(`/api/machines/?machineId=${machineId}`, session)).status).toBe(401);
    const after = await m.client.post('/api/auth/refresh');
    if (after.status === 200) {
      // Signed in again, they are no longer in the owner's account.
      expect((await m.client.get('/api/user/me', after.body.accessToken)).body.accountId).not.toBe(accountId);
      expect((await m.client.get(`/api/machines/?machineId=${machineId}`, after.body.accessToken)).status).toBe(404);
    } else {
      expect(after.status).toBe(401);
    }
    const kept = (await api.get(`/api/fuel-records/${fuel.body.id}`, owner)).body;
    expect(kept).toMatchObject({ id: fuel.body.id, createdBy: { id: m.id, name: m.name } });
  });
});
