import { ApiClient, createApprovedUser, e2eProducts } from '@wrenchlog/testing';

// Accounts and roles (issue 32): every person signs in to an account, in which they have a role.
describe.each(e2eProducts())('accounts (%s)', (_mode, baseUrl) => {
  const api = new ApiClient(baseUrl);

  it('gives a new person their own account, which they own, and signs them in to it', async () => {
    const [a, b] = await Promise.all([createApprovedUser(api, { name: 'Ridge Excavation' }), createApprovedUser(api, { name: 'Valley Farms' })]);

    const meA = (await api.get('/api/user/me', a.token)).body;
    const meB = (await api.get('/api/user/me', b.token)).body;
    expect(meA).toMatchObject({ id: a.id, name: 'Ridge Excavation', accountId: a.id, role: 'owner' });
    expect(meB).toMatchObject({ id: b.id, accountId: b.id, role: 'owner' });
    const claims = JSON.parse(Buffer.from(a.token.split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({ acc: a.id, rol: 'owner' });
  });

  it('signs the first administrator in to an account of their own too', async () => {
    const admin = await api.loginAsAdmin();

    expect((await api.get('/api/user/me', admin)).body).toMatchObject({ adminLevel: 1, accountId: expect.any(Number), role: 'owner' });
  });
});
