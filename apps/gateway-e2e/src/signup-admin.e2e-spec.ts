import { ApiClient, createApprovedUser, e2eDataDir, e2eProducts, expectEventually, readOutbox, TEST_ADMIN, uniqueEmail, userIdOf } from '@wrenchlog/testing';

const PLACEHOLDER_MESSAGE = 'Please update the password before approving the user. The current password appears to be a placeholder.';

describe.each(e2eProducts())('signup, approval and user management (%s)', (mode, baseUrl) => {
  const api = new ApiClient(baseUrl);
  let admin: string;

  const signup = (overrides: Record<string, unknown> = {}) =>
    api.post('/api/admin/createuser', {
      username: uniqueEmail('signup'),
      name: 'New Owner',
      userSelfDescription: 'Two tractors and a mower. Referral code ABC',
      enabled: 1,
      createDate: new Date().toISOString(),
      ...overrides,
    });

  // A signup and its id, as the administrator's list shows it (the signup answers none).
  const signedUp = async (overrides: Record<string, unknown> = {}) => {
    const { body } = await signup(overrides);
    return { ...body, id: await userIdOf(api, admin, body.username) };
  };

  beforeAll(async () => {
    admin = await api.loginAsAdmin();
  });

  it('signs a user up without a token and answers the created user, disabled, without any password or hash', async () => {
    const username = uniqueEmail('Signup');
    const res = await signup({ username, password: 'Chosen-password-1', passwordHash: 'x' });

    expect(res.status).toBe(201);
    // No id: the answer must read the same whether or not the email has an account (issue 25).
    expect(res.body).toEqual({
      name: 'New Owner',
      username: username.toLowerCase(),
      createDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      enabled: 0,
      userSelfDescription: 'Two tractors and a mower. Referral code ABC',
      adminLevel: 0,
      passwordIsPlaceholder: true,
    });
  });

  it('cannot self-approve or self-promote: enabled and adminLevel in the signup are ignored', async () => {
    const username = uniqueEmail('promote');
    const res = await signup({ username, enabled: 1, adminLevel: 5, password: 'Chosen-password-1' });

    expect(res.status).toBe(201);
    expect(res.body.enabled).toBe(0);
    expect(res.body.adminLevel).toBe(0);
    // The password sent with the signup is not stored: it cannot sign in with it, and the account is pending anyway.
    const login = await api.post('/api/auth/login', { username, password: 'Chosen-password-1' });
    expect(login.status).toBe(401);
  });

  it('keeps a pending user out with ACCOUNT_PENDING until approval', async () => {
    const username = uniqueEmail('pending');
    await signup({ username });
    const id = await userIdOf(api, admin, username);
    expect((await api.put(`/api/admin/users/${id}`, { password: 'Pending-password-1' }, admin)).status).toBe(200);

    const res = await api.post('/api/auth/login', { username, password: 'Pending-password-1' });

    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      code: 'ACCOUNT_PENDING',
      message: 'Your account is waiting for approval. You will receive an email when you can sign in.',
    });
  });

  it('answers a signup for an email that has an account like a new one, and emails the owner instead', async () => {
    const username = uniqueEmail('dup');
    const first = await signup({ username, name: 'First Owner' });
    expect(first.status).toBe(201);

    const again = await signup({ username: username.toUpperCase(), name: 'Someone Else' });

    // Nothing tells the caller the email is taken: same status and shape as a new pending signup.
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ username, name: 'Someone Else', enabled: 0, adminLevel: 0, passwordIsPlaceholder: true });
    expect(Object.keys(again.body).sort()).toEqual(Object.keys(first.body).sort());
    expect(again.body).not.toHaveProperty('id');
    await expectEventually(() => {
      const mail = readOutbox(e2eDataDir(mode)).find((m) => m.to.includes(username) && m.subject === 'Someone tried to sign up with your email address');
      expect(mail).toBeDefined();
      expect(mail!.text).toContain('Hello First Owner,');
    });
    // The account is the first one still, and still pending.
    const id = await userIdOf(api, admin, username);
    const stored = await api.put(`/api/admin/users/${id}`, {}, admin);
    expect(stored.body).toMatchObject({ id, name: 'First Owner', enabled: 0 });
  });

  it('answers 400 with field messages for a signup without account name or with a bad email', async () => {
    const res = await api.post('/api/admin/createuser', { username: 'not-an-email', name: '' });

    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { field: 'username', message: 'Please enter a valid email address' },
      { field: 'name', message: 'Account name is required' },
    ]);
  });

  it('refuses approval when the password sent with it is a placeholder (more than 4 hyphens)', async () => {
    const user = await signedUp();

    const sent = await api.put(`/api/admin/approve/${user.id}`, { ...user, password: 'a-b-c-d-e-f' }, admin);

    expect(sent.status).toBe(409);
    expect(sent.body).toMatchObject({ code: 'CONFLICT', message: PLACEHOLDER_MESSAGE });
    const list = await api.get('/api/admin/users?page=0&size=100', admin);
    expect(list.body.find((u: { id: number }) => u.id === user.id)).toMatchObject({ enabled: 0, passwordIsPlaceholder: true });
  });

  it('approves a signup that has no password yet (issue 18: the user sets their own with the emailed link)', async () => {
    const user = await signedUp();

    const approved = await api.put(`/api/admin/approve/${user.id}`, { ...user }, admin);

    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ id: user.id, enabled: 1, passwordIsPlaceholder: true });
  });

  it('approves with a password sent in the approval body, and emails the user a link to choose their own', async () => {
    const username = uniqueEmail('approved');
    const user = await signedUp({ username, name: 'Dana Fleet' });

    const res = await api.put(`/api/admin/approve/${user.id}`, { ...user, password: 'Approved-password-1' }, admin);

    expect(res.status).toBe(200);
    expect(res.body.enabled).toBe(1);
    expect(res.body).not.toHaveProperty('password');
    expect(res.body).not.toHaveProperty('passwordHash');
    await expect(api.login(username, 'Approved-password-1')).resolves.toEqual(expect.any(String));
    await expectEventually(() => {
      const mail = readOutbox(e2eDataDir(mode)).find((m) => m.to.includes(username));
      expect(mail).toBeDefined();
      expect(mail!.subject).toBe('Your Wrenchlog account is approved');
      expect(mail!.text).toContain('Hello Dana Fleet,');
      expect(mail!.text).toContain('Choose your password with this link');
      expect(mail!.text).toContain('Your administrator also set a password for you');
      expect(mail!.text).not.toContain('Approved-password-1');
    });
  });

  it('updates a user but never the username, and stores a new password as a hash', async () => {
    const created = await createApprovedUser(api, { name: 'Before' });

    const res = await api.put(
      `/api/admin/users/${created.id}`,
      { id: created.id, username: 'someone-else@wrenchlog.test', name: 'After', userSelfDescription: 'edited', password: 'Changed-password-2', enabled: 1 },
      admin,
    );

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: created.id, username: created.username, name: 'After', userSelfDescription: 'edited', enabled: 1 });
    expect(JSON.stringify(res.body)).not.toContain('Changed-password-2');
    await expect(api.login(created.username, 'Changed-password-2')).resolves.toEqual(expect.any(String));
    expect((await api.post('/api/auth/login', { username: created.username, password: created.password })).status).toBe(401);
  });

  it('answers 404 for a user that does not exist and 400 for a malformed id', async () => {
    expect((await api.put('/api/admin/users/99999999', { name: 'x' }, admin)).status).toBe(404);
    expect((await api.put('/api/admin/approve/99999999', {}, admin)).status).toBe(404);
    expect((await api.put('/api/admin/users/abc', { name: 'x' }, admin)).status).toBe(400);
  });

  it('lists users newest first, 5 per page by default, never with a password or hash', async () => {
    const a = await userIdOf(api, admin, (await signup()).body.username);
    const b = await userIdOf(api, admin, (await signup()).body.username);

    const first = await api.get('/api/admin/users', admin);
    const paged = await api.get('/api/admin/users?page=0&size=2', admin);
    const next = await api.get('/api/admin/users?page=1&size=2', admin);

    expect(first.status).toBe(200);
    expect(Array.isArray(first.body)).toBe(true);
    expect(first.body).toHaveLength(5);
    expect(paged.body.map((u: { id: number }) => u.id)).toEqual([b, a]);
    expect(next.body[0].id).toBeLessThan(a);
    for (const user of first.body) {
      expect(Object.keys(user).sort()).toEqual([
        'adminLevel',
        'createDate',
        'enabled',
        'id',
        'name',
        'passwordIsPlaceholder',
        'userSelfDescription',
        'username',
      ]);
      expect([0, 1]).toContain(user.enabled);
    }
    expect(JSON.stringify(first.body)).not.toMatch(/argon2|password"/);
  });

  it('lets a signed-in test user exist through the helper', async () => {
    const user = await createApprovedUser(api);
    const me = await api.get('/api/user/me', user.token);

    expect(me.status).toBe(200);
    expect(me.body).toEqual({ id: user.id, name: 'Test User', username: user.username, adminLevel: 0, accountId: expect.any(Number), role: 'owner' });
  });

  it('refuses every admin call to a signed-in non-admin with 403 and to a caller without a token with 401', async () => {
    const user = await createApprovedUser(api);
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/admin/users'],
      ['PUT', `/api/admin/users/${user.id}`, { name: 'Me' }],
      ['PUT', `/api/admin/approve/${user.id}`, {}],
      ['GET', '/api/admin/contacts'],
      ['GET', '/api/admin/jobs'],
      ['POST', '/api/admin/jobs/1/run', {}],
    ];
    for (const [method, path, body] of calls) {
      const asUser = await api.request(method, path, { token: user.token, body });
      const anonymous = await api.request(method, path, { body });
      expect({ path, status: asUser.status, code: asUser.body.code }).toEqual({ path, status: 403, code: 'FORBIDDEN' });
      expect({ path, status: anonymous.status }).toEqual({ path, status: 401 });
    }
  });

  it('keeps the first administrator an administrator', async () => {
    const me = await api.get('/api/user/me', admin);

    expect(me.body).toMatchObject({ username: TEST_ADMIN.username, adminLevel: 1 });
  });
});

describe.each(e2eProducts())('admin user edits (%s)', (_mode, baseUrl) => {
  const api = new ApiClient(baseUrl);

  it("treats null fields of an edit as unchanged, disables with enabled 0 and ends that user's sessions", async () => {
    const admin = await api.loginAsAdmin();
    const user = await createApprovedUser(api, { name: 'Stays' });

    const nulls = await api.put(`/api/admin/users/${user.id}`, { name: null, enabled: null, password: null }, admin);
    const disabled = await api.put(`/api/admin/users/${user.id}`, { enabled: 0 }, admin);

    expect(nulls.status).toBe(200);
    expect(nulls.body).toMatchObject({ name: 'Stays', enabled: 1 });
    expect(disabled.body.enabled).toBe(0);
    expect((await api.post('/api/auth/login', { username: user.username, password: user.password })).status).toBe(403);
  });

  it('does not let an admin disable their own account', async () => {
    const admin = await api.loginAsAdmin();
    const me = await api.get('/api/user/me', admin);

    const res = await api.put(`/api/admin/users/${me.body.id}`, { enabled: 0 }, admin);

    expect(res.status).toBe(409);
    expect(res.body.message).toBe('You cannot disable your own account.');
  });
});
