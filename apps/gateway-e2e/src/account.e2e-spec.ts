import {
  ApiClient,
  createApprovedUser,
  e2eDataDir,
  e2eProducts,
  expectEventually,
  readOutbox,
  uniqueEmail,
  userIdOf,
  type OutboxMail,
} from '@wrenchlog/testing';
import Database from 'better-sqlite3';
import { join } from 'node:path';

const LINK_INVALID = 'This link has expired or was already used. Ask for a new one on the sign-in page (Forgot password?).';
const FORGOT_REPLY = 'If an account exists for this email, we have sent it a link to choose a new password. The link expires after 1 hour.';
const houseError = (statusCode: number, code: string, message: string | RegExp) => ({
  statusCode,
  code,
  message: typeof message === 'string' ? message : expect.stringMatching(message),
  correlationId: expect.any(String),
});

// Issue 18: set-password links (approval, forgotten password), password change and account name.
describe.each(e2eProducts())('account basics (%s)', (mode, baseUrl) => {
  const api = new ApiClient(baseUrl);
  let admin: string;

  const mails = (to: string, subject: string): OutboxMail[] => readOutbox(e2eDataDir(mode)).filter((m) => m.to.includes(to) && m.subject === subject);

  /** The token of the newest link with this subject to this address, once the mail is out. */
  async function emailedToken(to: string, subject: string, count = 1): Promise<string> {
    let token = '';
    await expectEventually(() => {
      const found = mails(to, subject);
      expect(found).toHaveLength(count);
      const match = /\/set-password\?token=([A-Za-z0-9_-]+)/.exec(found[found.length - 1].text);
      expect(match).not.toBeNull();
      token = match![1];
    });
    return token;
  }

  async function signUp(name = 'Nia Newcomer'): Promise<{ id: number; username: string }> {
    const username = uniqueEmail('onboard');
    const res = await api.post('/api/admin/createuser', {
      username,
      name,
      userSelfDescription: 'Two mowers',
      enabled: 1,
      createDate: new Date().toISOString(),
    });
    expect(res.status).toBe(201);
    return { id: await userIdOf(api, admin, username), username };
  }

  async function approvedWithLink(): Promise<{ id: number; username: string; token: string }> {
    const user = await signUp();
    expect((await api.put(`/api/admin/approve/${user.id}`, {}, admin)).status).toBe(200);
    return { ...user, token: await emailedToken(user.username, 'Your Wrenchlog account is approved') };
  }

  beforeAll(async () => {
    admin = await api.loginAsAdmin();
  });

  it('approves a signup without a password and emails a single-use link at the product address; the link sets the password once', async () => {
    const user = await signUp('Dana Fleet');
    const approved = await api.put(`/api/admin/approve/${user.id}`, {}, admin);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ enabled: 1, passwordIsPlaceholder: true });

    const token = await emailedToken(user.username, 'Your Wrenchlog account is approved');
    const mail = mails(user.username, 'Your Wrenchlog account is approved')[0];
    expect(mail.text).toContain('Hello Dana Fleet,');
    // PUBLIC_URL when distributed, the first request's address when embedded: both are this product's.
    expect(mail.text).toContain(`${baseUrl}/set-password?token=${token}`);
    expect(mail.text).toContain('expires after 48 hours');
    expect(mail.text).not.toContain('localhost:3000');

    const set = await api.post('/api/auth/set-password', { token, password: 'My-own-password-1' });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ username: user.username });
    await expect(api.login(user.username, 'My-own-password-1')).resolves.toEqual(expect.any(String));
    const list = await api.get('/api/admin/users?page=0&size=100', admin);
    expect(list.body.find((u: { id: number }) => u.id === user.id)).toMatchObject({ passwordIsPlaceholder: false });

    const again = await api.post('/api/auth/set-password', { token, password: 'Someone-else-pw-2' });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject(houseError(400, 'BAD_REQUEST', LINK_INVALID));
    await expect(api.login(user.username, 'My-own-password-1')).resolves.toEqual(expect.any(String));
  });

  it('refuses a weak password, an unknown and an empty token with a field message, and keeps the link usable', async () => {
    const { token, username } = await approvedWithLink();

    const weak = await api.post('/api/auth/set-password', { token, password: 'short' });
    const unknown = await api.post('/api/auth/set-password', { token: `${token}x`, password: 'Long-enough-pw-1' });
    const empty = await api.post('/api/auth/set-password', { token: '', password: 'Long-enough-pw-1' });
    const object = await api.post('/api/auth/set-password', { token: { $ne: null }, password: 'Long-enough-pw-1' });

    expect(weak.status).toBe(400);
    expect(weak.body).toMatchObject({
      ...houseError(400, 'VALIDATION', /Password must be at least 8 characters/),
      errors: [{ field: 'password', message: 'Password must be at least 8 characters' }],
    });
    expect(unknown.body).toMatchObject(houseError(400, 'BAD_REQUEST', LINK_INVALID));
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual([{ field: 'token', message: 'The link is incomplete' }]);
    expect(object.status).toBe(400);
    expect((await api.post('/api/auth/set-password', { token, password: 'Long-enough-pw-1' })).status).toBe(200);
    await expect(api.login(username, 'Long-enough-pw-1')).resolves.toEqual(expect.any(String));
  });

  if (mode === 'embedded') {
    it('refuses an expired link', async () => {
      const { id, token } = await approvedWithLink();
      // The link's 48 hours are over: move its expiry into the past in the user service's database.
      const db = new Database(join(e2eDataDir(mode), 'db', 'user-service.sqlite'));
      try {
        db.prepare("UPDATE password_tokens SET expires_at = '2020-01-01 00:00:00.000' WHERE user_id = ?").run(id);
      } finally {
        db.close();
      }

      const res = await api.post('/api/auth/set-password', { token, password: 'Too-late-pass-1' });

      expect(res.status).toBe(400);
      expect(res.body).toMatchObject(houseError(400, 'BAD_REQUEST', LINK_INVALID));
    });
  }

  it('answers a forgotten password the same whether or not the email has an account, and emails only an enabled one', async () => {
    const owner = await createApprovedUser(api, { name: 'Rosa Reset' });
    const pending = await signUp();
    const nobody = uniqueEmail('nobody');

    const answers = await Promise.all([owner.username, pending.username, nobody].map((email) => api.post('/api/auth/forgot-password', { email })));

    for (const res of answers) {
      expect(res.status).toBe(202);
      expect(res.body).toEqual({ message: FORGOT_REPLY });
    }
    const token = await emailedToken(owner.username, 'Choose a new Wrenchlog password');
    expect(mails(owner.username, 'Choose a new Wrenchlog password')[0].text).toContain(`${baseUrl}/set-password?token=`);
    expect(readOutbox(e2eDataDir(mode)).filter((m) => m.to.includes(pending.username) || m.to.includes(nobody))).toEqual([]);

    // The reset ends every session of the account and the old password.
    const refreshBefore = api.refreshCookie;
    expect((await api.post('/api/auth/set-password', { token, password: 'Reset-password-2' })).status).toBe(200);
    expect((await api.request('POST', '/api/auth/refresh', { headers: { cookie: refreshBefore! } })).status).toBe(401);
    expect((await api.post('/api/auth/login', { username: owner.username, password: owner.password })).status).toBe(401);
    await expect(api.login(owner.username, 'Reset-password-2')).resolves.toEqual(expect.any(String));
  });

  it('refuses a forgotten-password request without a valid email with a field message', async () => {
    const bad = await api.post('/api/auth/forgot-password', { email: 'not-an-email' });
    const missing = await api.post('/api/auth/forgot-password', {});

    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      ...houseError(400, 'VALIDATION', /valid email/),
      errors: [{ field: 'email', message: 'Please enter a valid email address' }],
    });
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0]).toMatchObject({ field: 'email' });
  });

  it('changes the password with the current one, ends the other sessions and keeps this one', async () => {
    const owner = await createApprovedUser(api);
    const here = new ApiClient(baseUrl);
    const elsewhere = new ApiClient(baseUrl);
    const token = await here.login(owner.username, owner.password);
    await elsewhere.login(owner.username, owner.password);

    const res = await here.post('/api/auth/change-password', { currentPassword: owner.password, newPassword: 'Changed-password-9' }, token);

    expect(res.status).toBe(200);
    expect(res.body.endedSessions).toBeGreaterThanOrEqual(2); // elsewhere and createApprovedUser's own sign-in
    expect((await elsewhere.post('/api/auth/refresh')).status).toBe(401);
    expect((await here.post('/api/auth/refresh')).status).toBe(200);
    expect((await api.post('/api/auth/login', { username: owner.username, password: owner.password })).status).toBe(401);
    await expect(api.login(owner.username, 'Changed-password-9')).resolves.toEqual(expect.any(String));
  });

  it('refuses a wrong current password, a weak or unchanged new one, and a caller without a token', async () => {
    const owner = await createApprovedUser(api);

    const wrong = await api.post('/api/auth/change-password', { currentPassword: 'not-my-password', newPassword: 'Changed-password-9' }, owner.token);
    const weak = await api.post('/api/auth/change-password', { currentPassword: owner.password, newPassword: 'short' }, owner.token);
    const same = await api.post('/api/auth/change-password', { currentPassword: owner.password, newPassword: owner.password }, owner.token);
    const anonymous = await api.post('/api/auth/change-password', { currentPassword: owner.password, newPassword: 'Changed-password-9' });

    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      ...houseError(400, 'VALIDATION', 'Current password is incorrect'),
      errors: [{ field: 'currentPassword', message: 'Current password is incorrect' }],
    });
    expect(weak.status).toBe(400);
    expect(weak.body.errors).toEqual([{ field: 'newPassword', message: 'Password must be at least 8 characters' }]);
    expect(same.status).toBe(400);
    expect(same.body.errors).toEqual([{ field: 'newPassword', message: 'New password must be different from the current one' }]);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ statusCode: 401, code: 'UNAUTHORIZED', correlationId: expect.any(String) });
    await expect(api.login(owner.username, owner.password)).resolves.toEqual(expect.any(String));
  });

  it('renames the signed-in account, and refuses an empty or too long name', async () => {
    const owner = await createApprovedUser(api, { name: 'Before Name' });

    const renamed = await api.put('/api/user/me', { name: '  Reyes Rentals  ' }, owner.token);
    const blank = await api.put('/api/user/me', { name: '   ' }, owner.token);
    const long = await api.put('/api/user/me', { name: 'x'.repeat(121) }, owner.token);
    const anonymous = await api.put('/api/user/me', { name: 'Nobody' });

    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({
      id: owner.id,
      name: 'Reyes Rentals',
      username: owner.username,
      adminLevel: 0,
      accountId: expect.any(Number),
      role: 'owner',
    });
    expect((await api.get('/api/user/me', owner.token)).body.name).toBe('Reyes Rentals');
    expect(blank.status).toBe(400);
    expect(blank.body).toMatchObject({ code: 'VALIDATION', errors: [{ field: 'name', message: 'Account name is required' }] });
    expect(long.status).toBe(400);
    expect(long.body.errors).toEqual([{ field: 'name', message: 'Account name must be at most 120 characters' }]);
    expect(anonymous.status).toBe(401);
    expect((await api.get('/api/user/me', owner.token)).body.name).toBe('Reyes Rentals');
  });

  it('says an account awaits approval only to someone with its password', async () => {
    const user = await signUp();
    expect((await api.put(`/api/admin/users/${user.id}`, { password: 'Pending-password-1' }, admin)).status).toBe(200);

    const right = await api.post('/api/auth/login', { username: user.username, password: 'Pending-password-1' });
    const wrong = await api.post('/api/auth/login', { username: user.username, password: 'Guessed-password-1' });

    expect(right.status).toBe(403);
    expect(right.body.code).toBe('ACCOUNT_PENDING');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual(houseError(401, 'UNAUTHORIZED', 'Invalid email or password'));
  });
});
