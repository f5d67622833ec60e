import { ErrorCode, FORGOT_PASSWORD_REPLY, PASSWORD_LINK_INVALID } from '@wrenchlog/contracts';
import { aSession, aUser, FAKE_TX, FakeDatabase, liveFamilies, passwordServiceOver, realHasher } from '../../test/fakes.js';
import { hashToken } from '../common/token-hash.js';
import { PasswordService } from './password.service.js';

const hasher = realHasher();

describe(PasswordService.name, () => {
  let db: FakeDatabase;
  let sut: PasswordService;

  beforeEach(() => {
    db = new FakeDatabase();
    sut = passwordServiceOver(db, hasher);
  });

  const stored = (id: number) => db.tables.users.find((u) => u.id === id)!;
  /** The tokens of the links mailed to `to`, oldest first. */
  const mailedTokens = (to: string) => db.tables.mail.filter((m) => m.to === to).map((m) => /set-password\?token=([\w-]+)/.exec(m.text)![1]);
  const anOwner = async () => aUser(db, { passwordHash: await hasher.hash('Old-password-1') });

  describe('forgot', () => {
    it('mails an enabled account a reset link, storing only the hash of its token', async () => {
      const owner = await anOwner();

      const reply = await sut.forgot({ email: ` ${owner.username.toUpperCase()} `, publicUrl: 'http://evil.test' });

      expect(reply).toEqual({ message: FORGOT_PASSWORD_REPLY });
      const [token] = mailedTokens(owner.username);
      expect(db.tables.mail[0].text).toContain(`https://fleet.example.com/set-password?token=${token}`);
      expect(db.tables.passwordTokens).toEqual([expect.objectContaining({ userId: owner.id, purpose: 'reset', tokenHash: hashToken(token), usedAt: null })]);
      expect(JSON.stringify(db.tables.passwordTokens)).not.toContain(token);
    });

    it('answers every email alike but mails only an enabled account, at most once a minute', async () => {
      const pending = aUser(db, { enabled: false });
      const owner = await anOwner();

      const replies = [
        await sut.forgot({ email: pending.username }),
        await sut.forgot({ email: 'nobody@test' }),
        await sut.forgot({ email: owner.username }),
        await sut.forgot({ email: owner.username }),
      ];

      expect(new Set(replies.map((r) => r.message))).toEqual(new Set([FORGOT_PASSWORD_REPLY]));
      expect(mailedTokens(pending.username)).toEqual([]);
      expect(mailedTokens(owner.username)).toHaveLength(1);
    });
  });

  describe('setWithToken', () => {
    it('sets the password with the link once: the second use is refused', async () => {
      const owner = await anOwner();
      await sut.forgot({ email: owner.username });
      const [token] = mailedTokens(owner.username);

      await expect(sut.setWithToken({ token, password: 'First-password-1' })).resolves.toEqual({ username: owner.username });
      await expect(sut.setWithToken({ token, password: 'Second-password-2' })).rejects.toMatchObject({
        code: ErrorCode.BadRequest,
        details: [{ field: 'token', message: PASSWORD_LINK_INVALID }],
      });

      expect(await hasher.verify(stored(owner.id).passwordHash, 'First-password-1')).toBe(true);
    });

    it('lets only one of two uses at the same moment set the password', async () => {
      const owner = await anOwner();
      await sut.forgot({ email: owner.username });
      const [token] = mailedTokens(owner.username);

      const outcomes = await Promise.allSettled([
        sut.setWithToken({ token, password: 'First-password-1' }),
        sut.setWithToken({ token, password: 'Second-password-2' }),
      ]);

      expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
    });

    it('refuses a link once it expired, and an unknown one, leaving the password as it was', async () => {
      const owner = await anOwner();
      await sut.forgot({ email: owner.username });
      const [token] = mailedTokens(owner.username);
      db.tables.passwordTokens[0].expiresAt = new Date(Date.now() - 1000);

      await expect(sut.setWithToken({ token, password: 'New-password-2' })).rejects.toMatchObject({ code: ErrorCode.BadRequest });
      await expect(sut.setWithToken({ token: 'not-a-token', password: 'New-password-2' })).rejects.toMatchObject({ code: ErrorCode.BadRequest });

      expect(await hasher.verify(stored(owner.id).passwordHash, 'Old-password-1')).toBe(true);
    });

    it('refuses an older link once a newer one was sent', async () => {
      const owner = aUser(db, { enabled: false, passwordIsPlaceholder: true });
      await db.transaction(() => sut.sendSetupLink(FAKE_TX, stored(owner.id), undefined, false));
      await db.transaction(() => sut.sendSetupLink(FAKE_TX, stored(owner.id), undefined, false));
      const [older, newer] = mailedTokens(owner.username);

      await expect(sut.setWithToken({ token: older, password: 'New-password-2' })).rejects.toMatchObject({ code: ErrorCode.BadRequest });
      await expect(sut.setWithToken({ token: newer, password: 'New-password-2' })).resolves.toEqual({ username: owner.username });
    });

    it('ends every session of the account and clears the placeholder flag', async () => {
      const owner = aUser(db, { passwordIsPlaceholder: true });
      aSession(db, owner.id, 'laptop');
      aSession(db, owner.id, 'phone');
      await sut.forgot({ email: owner.username });

      await sut.setWithToken({ token: mailedTokens(owner.username)[0], password: 'New-password-2' });

      expect(liveFamilies(db, owner.id)).toEqual([]);
      expect(stored(owner.id)).toMatchObject({ passwordIsPlaceholder: false, sessionVersion: 1 });
    });
  });

  describe('change', () => {
    it('needs the current password, and a new one that differs from it', async () => {
      const owner = await anOwner();
      const actor = { userId: owner.id, adminLevel: 0, accountId: owner.id, role: 'owner' as const };

      await expect(sut.change(actor, { currentPassword: 'wrong-one', newPassword: 'New-password-3' })).rejects.toMatchObject({
        code: ErrorCode.Validation,
        details: [{ field: 'currentPassword', message: 'Current password is incorrect' }],
      });
      await expect(sut.change(actor, { currentPassword: 'Old-password-1', newPassword: 'Old-password-1' })).rejects.toMatchObject({
        code: ErrorCode.Validation,
        details: [{ field: 'newPassword', message: 'New password must be different from the current one' }],
      });
      expect(await hasher.verify(stored(owner.id).passwordHash, 'Old-password-1')).toBe(true);
    });

    it('keeps the calling session, ends the others and retires unused links', async () => {
      const owner = await anOwner();
      aSession(db, owner.id, 'here', hashToken('here-token'));
      aSession(db, owner.id, 'phone');
      await sut.forgot({ email: owner.username });

      const reply = await sut.change(
        { userId: owner.id, adminLevel: 0, accountId: owner.id, role: 'owner' as const },
        { currentPassword: 'Old-password-1', newPassword: 'New-password-3', refreshToken: 'here-token' },
      );

      expect(reply).toEqual({ endedSessions: 1 });
      expect(liveFamilies(db, owner.id)).toEqual(['here']);
      expect(db.tables.passwordTokens.every((t) => t.usedAt !== null)).toBe(true);
      expect(await hasher.verify(stored(owner.id).passwordHash, 'New-password-3')).toBe(true);
    });

    it("keeps no session for a refresh token of another user's", async () => {
      const owner = await anOwner();
      const other = aUser(db);
      aSession(db, other.id, 'theirs', hashToken('their-token'));
      aSession(db, owner.id, 'mine');

      const reply = await sut.change(
        { userId: owner.id, adminLevel: 0, accountId: owner.id, role: 'owner' as const },
        { currentPassword: 'Old-password-1', newPassword: 'New-password-3', refreshToken: 'their-token' },
      );

      expect(reply).toEqual({ endedSessions: 1 });
      expect(liveFamilies(db, other.id)).toEqual(['theirs']);
    });
  });
});
