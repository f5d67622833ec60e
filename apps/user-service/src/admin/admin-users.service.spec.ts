import { handlerCallers } from '@wrenchlog/platform';
import { AdminUsersController } from './admin-users.controller.js';
import { ErrorCode, PLACEHOLDER_PASSWORD_MESSAGE, type Actor } from '@wrenchlog/contracts';
import {
  aSession,
  aUser,
  FakeDatabase,
  fakeMemberEvents,
  fakeSessions,
  fakeTransactions,
  fakeUsers,
  liveFamilies,
  newUsersOver,
  passwordServiceOver,
  realHasher,
} from '../../test/fakes.js';
import { AdminUsersService } from './admin-users.service.js';

const hasher = realHasher();

describe(AdminUsersService.name, () => {
  let db: FakeDatabase;
  let sut: AdminUsersService;
  let admin: Actor;

  beforeEach(() => {
    db = new FakeDatabase();
    sut = new AdminUsersService(
      fakeUsers(db),
      newUsersOver(db),
      fakeTransactions(db),
      hasher,
      passwordServiceOver(db, hasher),
      fakeSessions(db),
      fakeMemberEvents(db),
    );
    admin = { userId: aUser(db, { adminLevel: 1, username: 'admin@test' }).id, adminLevel: 1, accountId: 1, role: 'owner' };
  });

  const stored = (id: number) => db.tables.users.find((u) => u.id === id)!;
  const mailsTo = (to: string) => db.tables.mail.filter((m) => m.to === to);
  /** A signup waiting for approval, on its unusable placeholder password. */
  const pending = () => aUser(db, { enabled: false, passwordIsPlaceholder: true, passwordHash: 'placeholder-hash' });

  describe('signup', () => {
    it('starts every account disabled, without admin rights, on a placeholder password, whatever the payload says', async () => {
      const payload = {
        username: '  New.Owner@Example.com ',
        name: ' New Owner ',
        userSelfDescription: ' fleet ',
        enabled: 1,
        adminLevel: 5,
        password: 'Chosen-1',
      };

      const reply = await sut.signup(payload);

      const user = db.tables.users.find((u) => u.username === 'new.owner@example.com')!;
      expect(user).toMatchObject({ name: 'New Owner', userSelfDescription: 'fleet', enabled: false, adminLevel: 0, passwordIsPlaceholder: true });
      expect(await hasher.verify(user.passwordHash, 'Chosen-1')).toBe(false);
      expect(reply).toEqual({
        name: 'New Owner',
        username: 'new.owner@example.com',
        createDate: expect.any(String),
        enabled: 0,
        userSelfDescription: 'fleet',
        adminLevel: 0,
        passwordIsPlaceholder: true,
      });
      expect(db.tables.mail).toEqual([]);
    });

    it('gives the new person their own account, named after the account name they signed up with, as its owner', async () => {
      await sut.signup({ username: 'yard@example.com', name: ' Ridge Excavation ', publicUrl: 'https://fleet.example.com' });

      const user = db.tables.users.find((u) => u.username === 'yard@example.com')!;
      expect(db.tables.accounts).toContainEqual({ id: user.id, name: 'Ridge Excavation', createdAt: user.createDate });
      expect(db.tables.memberships.filter((m) => m.userId === user.id)).toEqual([
        expect.objectContaining({ accountId: user.id, userId: user.id, role: 'owner', joinedAt: user.createDate, machineIds: null }),
      ]);
      expect(db.tables.memberEvents).toEqual([expect.objectContaining({ accountId: user.id, userId: user.id, name: 'Ridge Excavation', role: 'owner' })]);
    });

    it('answers an email that has an account like a new signup, creates nothing and tells the owner', async () => {
      const owner = aUser(db, { username: 'owner@test', name: 'Owner' });

      const reply = await sut.signup({ username: 'OWNER@test', name: 'Someone Else', publicUrl: 'http://10.0.0.5:3000' });

      expect(reply).toMatchObject({ username: 'owner@test', name: 'Someone Else', enabled: 0, passwordIsPlaceholder: true });
      expect(reply).not.toHaveProperty('id');
      expect(db.tables.users.filter((u) => u.username === 'owner@test')).toEqual([stored(owner.id)]);
      expect(stored(owner.id)).toMatchObject({ name: 'Owner', enabled: true });
      expect(mailsTo('owner@test')).toEqual([expect.objectContaining({ subject: 'Someone tried to sign up with your email address' })]);
      expect(mailsTo('owner@test')[0].text).toContain('https://fleet.example.com/login');
    });
  });

  describe('approval', () => {
    it('refuses an approval whose password is a placeholder, changing and sending nothing', async () => {
      const user = pending();

      await expect(sut.approve(admin, { id: user.id, password: 'a-b-c-d-e-f' })).rejects.toMatchObject({
        code: ErrorCode.Conflict,
        message: PLACEHOLDER_PASSWORD_MESSAGE,
      });

      expect(stored(user.id)).toMatchObject({ enabled: false, passwordHash: 'placeholder-hash' });
      expect(db.tables.mail).toEqual([]);
    });

    it('refuses it even for an account that is already enabled', async () => {
      const user = aUser(db, { passwordHash: 'real-hash' });

      await expect(sut.approve(admin, { id: user.id, password: 'a-b-c-d-e-f' })).rejects.toMatchObject({ code: ErrorCode.Conflict });

      expect(stored(user.id).passwordHash).toBe('real-hash');
    });

    it('refuses an edit that enables a disabled account with a placeholder password, by the same rule', async () => {
      const user = pending();

      await expect(sut.update(admin, { id: user.id, enabled: 1, password: 'one-two-three-four-five-six', name: 'Renamed' })).rejects.toMatchObject({
        code: ErrorCode.Conflict,
        message: PLACEHOLDER_PASSWORD_MESSAGE,
      });

      expect(stored(user.id)).toMatchObject({ enabled: false, name: user.name });
    });

    it('lets an edit of an account already enabled store a placeholder-looking password, flagged as a placeholder', async () => {
      const user = aUser(db);

      const view = await sut.update(admin, { id: user.id, enabled: 1, password: 'one-two-three-four-five-six' });

      expect(view).toMatchObject({ enabled: 1, passwordIsPlaceholder: true });
      expect(await hasher.verify(stored(user.id).passwordHash, 'one-two-three-four-five-six')).toBe(true);
    });

    it('approves a signup without a password: enabled, and emailed a single-use link to set their own', async () => {
      const user = pending();
      aSession(db, user.id, 'old');

      const view = await sut.approve(admin, { id: user.id, publicUrl: 'http://10.0.0.5:3000' });

      expect(view).toMatchObject({ id: user.id, enabled: 1, passwordIsPlaceholder: true });
      expect(stored(user.id).enabled).toBe(true);
      const [mail] = mailsTo(user.username);
      expect(mail.subject).toBe('Your Wrenchlog account is approved');
      expect(mail.text).toMatch(/https:\/\/fleet\.example\.com\/set-password\?token=[\w-]+/);
      expect(mail.text).toContain('Nobody else knows your password');
      expect(db.tables.passwordTokens).toEqual([expect.objectContaining({ userId: user.id, purpose: 'setup', usedAt: null })]);
      // No credential changed: the sessions stay.
      expect(liveFamilies(db, user.id)).toEqual(['old']);
    });

    it('approves with a password: stored as a hash, the sessions end, and the email says an administrator set one', async () => {
      const user = pending();
      aSession(db, user.id, 'old');

      const view = await sut.approve(admin, { id: user.id, password: 'Approved-password-1' });

      expect(view).toMatchObject({ enabled: 1, passwordIsPlaceholder: false });
      expect(await hasher.verify(stored(user.id).passwordHash, 'Approved-password-1')).toBe(true);
      expect(liveFamilies(db, user.id)).toEqual([]);
      expect(stored(user.id).sessionVersion).toBe(1);
      expect(mailsTo(user.username)[0].text).toContain('Your administrator also set a password for you');
    });

    it('sends no new link when an enabled account is approved again', async () => {
      const user = aUser(db);

      await sut.approve(admin, { id: user.id });

      expect(db.tables.mail).toEqual([]);
    });
  });

  describe('update', () => {
    it('changes the name and description, trimmed, and leaves the rest as it was', async () => {
      const user = aUser(db, { userSelfDescription: 'before', passwordHash: 'h' });

      const view = await sut.update(admin, { id: user.id, name: '  After ', userSelfDescription: '  ' });

      expect(view).toMatchObject({ name: 'After', userSelfDescription: null, enabled: 1 });
      expect(stored(user.id)).toMatchObject({ name: 'After', userSelfDescription: null, passwordHash: 'h', sessionVersion: 0 });
      // "Added by" follows the new name: one ACCOUNT_MEMBER_SAVED per membership of the person.
      expect(db.tables.memberEvents).toEqual([expect.objectContaining({ userId: user.id, accountId: user.id, name: 'After' })]);
    });

    it('ends the sessions of an account it disables', async () => {
      const user = aUser(db);
      aSession(db, user.id, 'laptop');

      const view = await sut.update(admin, { id: user.id, enabled: 0 });

      expect(view.enabled).toBe(0);
      expect(liveFamilies(db, user.id)).toEqual([]);
      expect(stored(user.id).sessionVersion).toBe(1);
    });

    it('never lets administrators disable their own account', async () => {
      await expect(sut.update(admin, { id: admin.userId, enabled: false })).rejects.toMatchObject({
        code: ErrorCode.Conflict,
        message: 'You cannot disable your own account.',
      });

      expect(stored(admin.userId).enabled).toBe(true);
    });

    it('answers 404 for an account that does not exist', async () => {
      await expect(sut.update(admin, { id: 999, name: 'x' })).rejects.toMatchObject({ code: ErrorCode.NotFound });
      await expect(sut.approve(admin, { id: 999 })).rejects.toMatchObject({ code: ErrorCode.NotFound });
    });
  });

  it('lists accounts newest first, a page at a time, without passwords', async () => {
    const [a, b] = [aUser(db), aUser(db)];

    const first = await sut.list(0, 2);
    const second = await sut.list(1, 2);

    expect(first.map((u) => u.id)).toEqual([b.id, a.id]);
    expect(second.map((u) => u.id)).toEqual([admin.userId]);
    expect(JSON.stringify(first)).not.toContain('password"');
  });

  it('is reached by administrators only: every handler takes @AdminCaller() (403 before the service runs)', () => {
    expect(handlerCallers(AdminUsersController)).toEqual({ list: 'admin', update: 'admin', approve: 'admin' });
  });
});
