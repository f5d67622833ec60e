import { ApiClient, createApprovedUser, createMachine, e2eProducts, type ApprovedUser } from '@wrenchlog/testing';

// Issue 25, item 3: disabling a user or an admin's password reset ends access on the next request,
// not when the access token expires.
describe.each(e2eProducts())("ending a user's sessions (%s)", (_mode, baseUrl) => {
  const admin = new ApiClient(baseUrl);
  let adminToken: string;
  const sessionOver = { statusCode: 401, code: 'UNAUTHORIZED', message: expect.any(String), correlationId: expect.any(String) };

  beforeAll(async () => {
    adminToken = await admin.loginAsAdmin();
  });

  /** A user signed in through their own client (which keeps the refresh cookie), already using the app. */
  async function signedIn(): Promise<{ user: ApprovedUser; client: ApiClient; token: string }> {
    const user = await createApprovedUser(admin);
    const client = new ApiClient(baseUrl);
    const token = await client.login(user.username, user.password);
    await createMachine(client, token, { name: 'Before' });
    expect((await client.get('/api/machines/all', token)).status).toBe(200);
    return { user, client, token };
  }

  it("refuses a disabled user's old access token on the next request, and their refresh", async () => {
    const { user, client, token } = await signedIn();
    const bystander = await createApprovedUser(admin);

    expect((await admin.put(`/api/admin/users/${user.id}`, { enabled: 0 }, adminToken)).status).toBe(200);

    expect((await client.get('/api/machines/all', token)).body).toEqual(sessionOver);
    const create = await client.post('/api/machines/create', { name: 'After', year: 2020, make: 'Deere', model: '5075E' }, token);
    expect(create.body).toEqual(sessionOver);
    expect((await client.get('/api/user/me', token)).status).toBe(401);
    expect((await client.post('/api/auth/refresh')).status).toBe(401);
    // Someone else's session goes on.
    expect((await admin.get('/api/user/me', bystander.token)).status).toBe(200);

    // Enabled again, the user signs in anew; the old token stays refused and nothing was created.
    expect((await admin.put(`/api/admin/users/${user.id}`, { enabled: 1 }, adminToken)).status).toBe(200);
    expect((await client.get('/api/machines/all', token)).status).toBe(401);
    const fresh = await client.login(user.username, user.password);
    expect((await client.get('/api/machines/all', fresh)).body.map((m: { name: string }) => m.name)).toEqual(['Before']);
  });

  it("refuses the old access token and refresh after an admin's password reset, and the new password signs in", async () => {
    const { user, client, token } = await signedIn();

    expect((await admin.put(`/api/admin/users/${user.id}`, { password: 'Reset-by-admin-1' }, adminToken)).status).toBe(200);

    expect((await client.get('/api/machines/all', token)).body).toEqual(sessionOver);
    expect((await client.post('/api/auth/refresh')).status).toBe(401);
    expect((await admin.post('/api/auth/login', { username: user.username, password: user.password })).status).toBe(401);
    const fresh = await client.login(user.username, 'Reset-by-admin-1');
    expect((await client.get('/api/machines/all', fresh)).status).toBe(200);
  });

  it('keeps the session of a user whose name alone was changed', async () => {
    const { user, client, token } = await signedIn();

    expect((await admin.put(`/api/admin/users/${user.id}`, { name: 'Renamed' }, adminToken)).status).toBe(200);

    expect((await client.get('/api/user/me', token)).body).toMatchObject({ id: user.id, name: 'Renamed' });
  });
});
