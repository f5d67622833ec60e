import { ApiClient, createApprovedUser, e2eDataDir, e2eProducts, expectEventually, makeJpeg, readOutbox, uniqueEmail } from '@wrenchlog/testing';
import Database from 'better-sqlite3';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createMachine, fetchImage, upload } from './machines.helpers.js';

const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { sub: string; acc: number; rol: string };

// Accounts and roles (issue 32): every person signs in to an account, in which they have a role;
// accounts, members, invitations and switching (step 4).
describe.each(e2eProducts())('accounts (%s)', (mode, baseUrl) => {
  const api = new ApiClient(baseUrl);

  /** The token of the newest invitation emailed to `to`. */
  async function invitationToken(to: string): Promise<string> {
    let token = '';
    await expectEventually(() => {
      const found = readOutbox(e2eDataDir(mode)).filter((m) => m.to.includes(to) && m.subject.includes('invited you'));
      const match = /\/invitations\/([A-Za-z0-9_-]+)/.exec(found[found.length - 1]?.text ?? '');
      expect(match).not.toBeNull();
      token = match![1];
    });
    return token;
  }

  /** "table in file: n" for every table of every service's SQLite file still holding rows of the account. */
  function accountRowsLeft(accountId: number): string[] {
    const dir = join(e2eDataDir(mode), 'db');
    return readdirSync(dir)
      .filter((f) => f.endsWith('.sqlite'))
      .flatMap((file) => {
        const db = new Database(join(dir, file), { readonly: true });
        try {
          const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[];
          return tables.flatMap(({ name }) => {
            const columns = db.prepare(`SELECT name FROM pragma_table_info(?)`).all(name) as { name: string }[];
            if (!columns.some((c) => c.name === 'account_id')) {
              return [];
            }
            const { n } = db.prepare(`SELECT count(*) AS n FROM "${name}" WHERE account_id = ?`).get(accountId) as { n: number };
            // A refresh token remembers the account last used; its next refresh moves to another one.
            return n > 0 && !(file.startsWith('user-service') && name === 'refresh_tokens') ? [`${name} in ${file}: ${n}`] : [];
          });
        } finally {
          db.close();
        }
      });
  }

  it('gives a new person their own account, which they own, and signs them in to it', async () => {
    const [a, b] = await Promise.all([createApprovedUser(api, { name: 'Ridge Excavation' }), createApprovedUser(api, { name: 'Valley Farms' })]);

    const meA = (await api.get('/api/user/me', a.token)).body;
    const meB = (await api.get('/api/user/me', b.token)).body;
    expect(meA).toMatchObject({ id: a.id, name: 'Ridge Excavation', accountId: expect.any(Number), role: 'owner' });
    expect(meB).toMatchObject({ id: b.id, role: 'owner' });
    expect(meA.accountId).not.toBe(meB.accountId);
    expect(claimsOf(a.token)).toMatchObject({ acc: meA.accountId, rol: 'owner' });
    const accounts = (await api.get('/api/accounts', a.token)).body;
    expect(accounts).toEqual([
      { id: meA.accountId, name: 'Ridge Excavation', role: 'owner', machineCount: accounts[0].machineCount, memberCount: 1, current: true },
    ]);
    // machine-service counts (null while it cannot answer: a run with user-service alone)
    expect([0, null]).toContain(accounts[0].machineCount);
  });

  it('signs the first administrator in to an account of their own too', async () => {
    const admin = await api.loginAsAdmin();

    expect((await api.get('/api/user/me', admin)).body).toMatchObject({ adminLevel: 1, accountId: expect.any(Number), role: 'owner' });
  });

  it('creates, renames and switches accounts; the refresh cookie remembers the account and sign-in starts there', async () => {
    const session = new ApiClient(baseUrl);
    const user = await createApprovedUser(api, { name: 'Home Garage' });
    const token = await session.login(user.username, user.password);

    const created = await session.post('/api/accounts', { name: 'Company Fleet' }, token);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Company Fleet', role: 'owner', memberCount: 1, current: false });
    const tooLong = await session.post('/api/accounts', { name: 'x'.repeat(101) }, token);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors).toEqual([{ field: 'name', message: 'Account name must be at most 100 characters' }]);
    expect((await session.put(`/api/accounts/${created.body.id}`, { name: 'Company Fleet Ltd' }, token)).body).toMatchObject({ name: 'Company Fleet Ltd' });

    const switched = await session.post('/api/auth/switch-account', { accountId: created.body.id }, token);
    expect(switched.status).toBe(200);
    expect(switched.body).toEqual({ accessToken: expect.any(String), expiresIn: expect.any(Number), type: 'Bearer' });
    expect(claimsOf(switched.body.accessToken)).toMatchObject({ acc: created.body.id, rol: 'owner' });
    expect((await session.get('/api/user/me', switched.body.accessToken)).body).toMatchObject({ accountId: created.body.id });
    const refreshed = await session.post('/api/auth/refresh');
    expect(claimsOf(refreshed.body.accessToken).acc).toBe(created.body.id);
    expect(claimsOf(await new ApiClient(baseUrl).login(user.username, user.password)).acc).toBe(created.body.id);

    const stranger = await createApprovedUser(api);
    const strangerAccount = (await api.get('/api/user/me', stranger.token)).body.accountId;
    const refused = await session.post('/api/auth/switch-account', { accountId: strangerAccount }, refreshed.body.accessToken);
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ field: 'accountId', message: 'You are not a member of this account' }]);
  });

  it('invites a person who has a login: they accept signed in with the invited address, once; the owner manages them', async () => {
    const owner = await createApprovedUser(api, { name: 'Owner Yard' });
    const accountId = (await api.get('/api/user/me', owner.token)).body.accountId;
    const [mechanic, other] = await Promise.all([createApprovedUser(api, { name: 'Maria' }), createApprovedUser(api)]);

    const invited = await api.post(`/api/accounts/${accountId}/invitations`, { email: mechanic.username, role: 'mechanic' }, owner.token);
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({ id: expect.any(Number), email: mechanic.username, role: 'mechanic', expiresAt: expect.any(String) });
    const token = await invitationToken(mechanic.username);
    expect((await api.get(`/api/invitations/${token}`)).body).toMatchObject({ accountName: 'Owner Yard', inviter: 'Owner Yard', role: 'mechanic' });
    expect((await api.get(`/api/accounts/${accountId}/invitations`, owner.token)).body).toHaveLength(1);

    // It waits in the invited person's switcher too, and nobody else's.
    expect((await api.get('/api/user/invitations', mechanic.token)).body).toEqual([
      { id: invited.body.id, accountId, accountName: 'Owner Yard', inviter: 'Owner Yard', role: 'mechanic', expiresAt: invited.body.expiresAt },
    ]);
    expect((await api.get('/api/user/invitations', other.token)).body).toEqual([]);
    expect((await api.post(`/api/user/invitations/${invited.body.id}/accept`, undefined, other.token)).status).toBe(404);

    const foreign = await api.post(`/api/invitations/${token}/accept`, {}, other.token);
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors).toEqual([{ field: 'token', message: expect.stringContaining('sign in with that address') }]);
    const accepted = await api.post(`/api/invitations/${token}/accept`, {}, mechanic.token);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({ accountId, name: 'Owner Yard', role: 'mechanic' });
    expect((await api.post(`/api/invitations/${token}/accept`, {}, mechanic.token)).status).toBe(400);
    expect((await api.get('/api/user/invitations', mechanic.token)).body).toEqual([]);

    const members = await api.get(`/api/accounts/${accountId}/members`, owner.token);
    expect(members.body).toEqual([
      expect.objectContaining({ userId: owner.id, role: 'owner' }),
      { userId: mechanic.id, name: 'Maria', email: mechanic.username, role: 'mechanic', machineIds: null, joinedAt: expect.any(String), lastActiveAt: null },
    ]);

    // The mechanic's token for the account carries the role; lowered, their next request needs a new token.
    const mechanicSession = new ApiClient(baseUrl);
    await mechanicSession.login(mechanic.username, mechanic.password);
    const asMechanic = (await mechanicSession.post('/api/auth/switch-account', { accountId }, mechanic.token)).body.accessToken;
    expect(claimsOf(asMechanic)).toMatchObject({ acc: accountId, rol: 'mechanic' });
    expect((await api.get(`/api/accounts/${accountId}/members`, asMechanic)).status).toBe(403);
    const lowered = await api.put(`/api/accounts/${accountId}/members/${mechanic.id}`, { role: 'viewer' }, owner.token);
    expect(lowered.body).toMatchObject({ role: 'viewer' });
    expect((await api.get('/api/user/me', asMechanic)).status).toBe(401);
    const renewed = (await mechanicSession.post('/api/auth/refresh')).body.accessToken;
    expect(claimsOf(renewed)).toMatchObject({ acc: accountId, rol: 'viewer' });

    const lastOwner = await api.put(`/api/accounts/${accountId}/members/${owner.id}`, { role: 'manager' }, owner.token);
    expect(lastOwner.status).toBe(409);
    expect(lastOwner.body.message).toContain('at least one owner');
    expect(lastOwner.body.errors).toEqual([{ field: 'role', message: lastOwner.body.message }]);
    expect((await api.post(`/api/accounts/${accountId}/leave`, undefined, owner.token)).status).toBe(409);

    // A stranger is told nothing (404); an id not in plain digits is refused (400).
    expect((await api.delete(`/api/accounts/${accountId}/members/${mechanic.id}`, other.token)).status).toBe(404);
    expect((await api.delete(`/api/accounts/${accountId}/members/0x${mechanic.id.toString(16)}`, owner.token)).status).toBe(400);
    const pending = await api.post(`/api/accounts/${accountId}/invitations`, { email: other.username, role: 'viewer' }, owner.token);
    expect((await api.delete(`/api/accounts/${accountId}/invitations/${pending.body.id}`, other.token)).status).toBe(404);
    expect((await api.delete(`/api/accounts/${accountId}/invitations/${pending.body.id}.0`, owner.token)).status).toBe(400);
    expect((await api.delete(`/api/accounts/${accountId}/invitations/${pending.body.id}`, owner.token)).status).toBe(204);
    expect((await api.get(`/api/invitations/${await invitationToken(other.username)}`)).status).toBe(400);

    expect((await api.delete(`/api/accounts/${accountId}/members/${mechanic.id}`, owner.token)).status).toBe(204);
    expect((await api.get(`/api/accounts/${accountId}/members`, owner.token)).body).toHaveLength(1);
  });

  it('lets a new person join from the link with a name and password, signed in at once', async () => {
    const owner = await createApprovedUser(api, { name: 'Crew Base' });
    const accountId = (await api.get('/api/user/me', owner.token)).body.accountId;
    const email = uniqueEmail('joiner');
    const refusedRole = await api.post(`/api/accounts/${accountId}/invitations`, { email, role: 'admiral' }, owner.token);
    expect(refusedRole.status).toBe(400);
    expect(refusedRole.body.errors).toEqual([{ field: 'role', message: expect.stringContaining('Role must be one of') }]);
    const self = await api.post(`/api/accounts/${accountId}/invitations`, { email: owner.username, role: 'viewer' }, owner.token);
    expect(self.status).toBe(400);
    expect(self.body.errors).toEqual([{ field: 'email', message: expect.any(String) }]);

    await api.post(`/api/accounts/${accountId}/invitations`, { email, role: 'operator' }, owner.token);
    const joiner = new ApiClient(baseUrl);
    const token = await invitationToken(email);
    const missing = await joiner.post(`/api/invitations/${token}/accept`, { name: 'Olu' });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([{ field: 'password', message: 'Password is required' }]);

    const joined = await joiner.post(`/api/invitations/${token}/accept`, { name: 'Olu', password: 'Joiner-password-1' });
    expect(joined.status).toBe(200);
    expect(claimsOf(joined.body.accessToken)).toMatchObject({ acc: accountId, rol: 'operator' });
    expect(joiner.refreshCookie).toBeDefined();
    expect((await joiner.get('/api/user/me', joined.body.accessToken)).body).toMatchObject({ name: 'Olu', username: email, accountId, role: 'operator' });
    expect(claimsOf(await new ApiClient(baseUrl).login(email, 'Joiner-password-1')).acc).toBe(accountId);
  });

  it('deletes an account for its owner with the name confirmed; the administrator lists accounts with their counts', async () => {
    const owner = await createApprovedUser(api, { name: 'Short Lived' });
    const { body: account } = await api.post('/api/accounts', { name: 'Gone Soon' }, owner.token);
    const admin = await api.loginAsAdmin();

    expect((await api.get('/api/admin/accounts', admin)).body).toContainEqual(expect.objectContaining({ id: account.id, name: 'Gone Soon', memberCount: 1 }));
    expect((await api.get('/api/admin/accounts', owner.token)).status).toBe(403);

    const wrong = await api.delete(`/api/accounts/${account.id}`, owner.token, { confirmName: 'gone soon' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual([{ field: 'confirmName', message: expect.any(String) }]);
    expect((await api.delete(`/api/accounts/${account.id}`, owner.token, { confirmName: 'Gone Soon' })).status).toBe(204);
    const after = await new ApiClient(baseUrl).login(owner.username, owner.password);
    expect((await api.get('/api/accounts', after)).body.map((a: { id: number }) => a.id)).not.toContain(account.id);
    expect((await api.put(`/api/accounts/${account.id}`, { name: 'Back' }, after)).status).toBe(404);
  });

  it("deletes a deleted account's machines, records and stored photos in every service", async () => {
    const owner = await createApprovedUser(api, { name: 'Closing Down' });
    const { body: account } = await api.post('/api/accounts', { name: 'Old Yard' }, owner.token);
    const token = (await api.post('/api/auth/switch-account', { accountId: account.id }, owner.token)).body.accessToken as string;
    const machine = await createMachine(api, token, { name: 'Old loader' });
    expect((await api.post('/api/services/fastCreate', { title: 'Oil change', machineId: machine.id }, token)).status).toBe(201);
    const photo = await upload(api, 'POST', `/api/machines/${machine.id}/profile-photo`, [{ field: 'original', bytes: await makeJpeg(400, 300) }], token);
    expect(photo.status).toBe(201);
    await expectEventually(async () => expect((await fetchImage(baseUrl, photo.body.originalUrl)).status).toBe(200));

    expect((await api.delete(`/api/accounts/${account.id}`, owner.token, { confirmName: 'Old Yard' })).status).toBe(204);

    // image-worker deletes the account's objects from storage; every service its rows.
    await expectEventually(async () => expect((await fetchImage(baseUrl, photo.body.originalUrl)).status).toBe(404), 20000);
    if (mode === 'embedded') {
      await expectEventually(() => expect(accountRowsLeft(account.id)).toEqual([]), 20000);
    }
    const admin = await api.loginAsAdmin();
    expect((await api.get('/api/admin/accounts', admin)).body.map((a: { id: number }) => a.id)).not.toContain(account.id);
  });
});
