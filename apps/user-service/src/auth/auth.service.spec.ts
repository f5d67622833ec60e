import { ErrorCode } from '@wrenchlog/contracts';
import {
  aUser,
  fakeAccounts,
  fakeMemberships,
  fakeRefreshTokens,
  FakeDatabase,
  fakeTransactions,
  fakeUsers,
  liveFamilies,
  realHasher,
  testEnv,
} from '../../test/fakes.js';
import { hashToken } from '../common/token-hash.js';
import { AuthService } from './auth.service.js';

const hasher = realHasher();

describe(AuthService.name, () => {
  let db: FakeDatabase;
  let sut: AuthService;

  beforeEach(() => {
    db = new FakeDatabase();
    sut = new AuthService(
      fakeUsers(db),
      fakeAccounts(db),
      fakeMemberships(db),
      fakeRefreshTokens(db),
      fakeTransactions(db),
      hasher,
      testEnv({ REFRESH_TOKEN_TTL_DAYS: '7' }),
    );
  });

  const anAccount = async (enabled = true) => aUser(db, { username: 'dana@test', enabled, passwordHash: await hasher.hash('Right-password-1') });

  it('signs in with the email in any case and starts a family whose token is stored only as a hash', async () => {
    const user = await anAccount();

    const grant = await sut.login({ username: ' DANA@test ', password: 'Right-password-1' });

    expect(grant.user).toEqual({ id: user.id, adminLevel: 0, name: user.name, sessionVersion: 0 });
    expect(grant.membership).toEqual({ accountId: user.id, role: 'owner' });
    expect(Date.parse(grant.refreshExpiresAt) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    expect(db.tables.refreshTokens).toEqual([
      expect.objectContaining({ userId: user.id, tokenHash: hashToken(grant.refreshToken), usedAt: null, revokedAt: null }),
    ]);
  });

  it('refuses a wrong password and an unknown email alike, and a pending account with its own code', async () => {
    await anAccount(false);

    await expect(sut.login({ username: 'dana@test', password: 'Wrong-password-1' })).rejects.toMatchObject({
      code: ErrorCode.Unauthorized,
      message: 'Invalid email or password',
    });
    await expect(sut.login({ username: 'nobody@test', password: 'Right-password-1' })).rejects.toMatchObject({
      code: ErrorCode.Unauthorized,
      message: 'Invalid email or password',
    });
    await expect(sut.login({ username: 'dana@test', password: 'Right-password-1' })).rejects.toMatchObject({ code: ErrorCode.AccountPending });
    expect(db.tables.refreshTokens).toEqual([]);
  });

  it('signs a person who belongs to no account out with a message saying so', async () => {
    const user = await anAccount();
    db.tables.memberships = db.tables.memberships.filter((m) => m.userId !== user.id);

    await expect(sut.login({ username: 'dana@test', password: 'Right-password-1' })).rejects.toMatchObject({
      code: ErrorCode.Unauthorized,
      message: 'Your account has no access to any fleet. Ask an owner to invite you.',
    });
  });

  it('rotates a refresh token within its family, keeping the family expiry', async () => {
    await anAccount();
    const first = await sut.login({ username: 'dana@test', password: 'Right-password-1' });

    const second = await sut.refresh(first.refreshToken);

    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(second.refreshExpiresAt).toBe(first.refreshExpiresAt);
    const [used, fresh] = db.tables.refreshTokens;
    expect(used.usedAt).not.toBeNull();
    expect(fresh).toMatchObject({ familyId: used.familyId, usedAt: null, revokedAt: null });
  });

  it('revokes the whole family when a rotated token comes again', async () => {
    const user = await anAccount();
    const first = await sut.login({ username: 'dana@test', password: 'Right-password-1' });
    const second = await sut.refresh(first.refreshToken);

    await expect(sut.refresh(first.refreshToken)).rejects.toMatchObject({ code: ErrorCode.Unauthorized });

    expect(liveFamilies(db, user.id)).toEqual([]);
    await expect(sut.refresh(second.refreshToken)).rejects.toMatchObject({ code: ErrorCode.Unauthorized });
  });

  it('ends the session of an account disabled since it signed in', async () => {
    const user = await anAccount();
    const grant = await sut.login({ username: 'dana@test', password: 'Right-password-1' });
    db.tables.users.find((u) => u.id === user.id)!.enabled = false;

    await expect(sut.refresh(grant.refreshToken)).rejects.toMatchObject({ code: ErrorCode.Unauthorized });

    expect(liveFamilies(db, user.id)).toEqual([]);
  });

  it('logs out by revoking the family of the presented token only', async () => {
    const user = await anAccount();
    const laptop = await sut.login({ username: 'dana@test', password: 'Right-password-1' });
    await sut.login({ username: 'dana@test', password: 'Right-password-1' });

    await expect(sut.logout(laptop.refreshToken)).resolves.toEqual({ revoked: true });
    await expect(sut.logout('unknown')).resolves.toEqual({ revoked: false });

    expect(liveFamilies(db, user.id)).toHaveLength(1);
    await expect(sut.refresh(laptop.refreshToken)).rejects.toMatchObject({ code: ErrorCode.Unauthorized });
  });
});
