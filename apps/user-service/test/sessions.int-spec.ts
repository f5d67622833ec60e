import { DataSource, IsNull } from 'typeorm';
import { RefreshTokenEntity } from '../src/auth/refresh-token.entity.js';
import { RefreshTokensRepository } from '../src/auth/refresh-tokens.repository.js';
import { SessionsService } from '../src/auth/sessions.service.js';
import { Transactions } from '../src/common/transactions.js';
import { UserEntity } from '../src/users/user.entity.js';
import { UsersRepository } from '../src/users/users.repository.js';
import { testDataSource } from './db.js';
import { ApiTokensRepository } from '../src/tokens/api-tokens.repository.js';

describe(SessionsService.name, () => {
  let ds: DataSource;
  let sessions: SessionsService;

  beforeAll(async () => {
    ds = await testDataSource();
    sessions = new SessionsService(new UsersRepository(ds), new RefreshTokensRepository(ds), new Transactions(ds), new ApiTokensRepository(ds));
  });

  afterAll(() => ds.destroy());

  const aUser = async (username: string) =>
    ds.getRepository(UserEntity).save({
      username,
      name: username,
      passwordHash: 'x',
      passwordIsPlaceholder: false,
      adminLevel: 0,
      enabled: true,
      userSelfDescription: null,
      createDate: new Date(),
    });
  const aFamily = (userId: number, familyId: string) =>
    ds.getRepository(RefreshTokenEntity).insert({
      familyId,
      userId,
      tokenHash: `${familyId}-hash`,
      createdAt: new Date(),
      expiresAt: new Date(Date.now() + 86_400_000),
      usedAt: null,
      revokedAt: null,
    });

  it('raises the session version and revokes every refresh-token family of that user only', async () => {
    const [ann, ben] = [await aUser('ann@example.com'), await aUser('ben@example.com')];
    await aFamily(ann.id, 'ann-laptop');
    await aFamily(ann.id, 'ann-phone');
    await aFamily(ben.id, 'ben-laptop');
    expect(await sessions.state(ann.id)).toEqual({ enabled: true, sessionVersion: 0 });

    await sessions.endSessions(ann.id);

    expect(await sessions.state(ann.id)).toEqual({ enabled: true, sessionVersion: 1 });
    expect(await sessions.state(ben.id)).toEqual({ enabled: true, sessionVersion: 0 });
    expect(await ds.getRepository(RefreshTokenEntity).countBy({ userId: ann.id, revokedAt: IsNull() })).toBe(0);
    expect(await ds.getRepository(RefreshTokenEntity).countBy({ userId: ben.id, revokedAt: IsNull() })).toBe(1);
  });

  it('commits with the credential change when given its transaction, and not when it rolls back', async () => {
    const cid = await aUser('cid@example.com');
    await expect(
      ds.transaction(async (manager) => {
        await sessions.endSessions(cid.id, manager);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await sessions.state(cid.id)).toEqual({ enabled: true, sessionVersion: 0 });

    await ds.transaction((manager) => sessions.endSessions(cid.id, manager));
    expect(await sessions.state(cid.id)).toEqual({ enabled: true, sessionVersion: 1 });
  });

  it('lists the users whose sessions ended since the previous answer, and nobody on the first call', async () => {
    const dee = await aUser('dee@example.com');
    const first = await sessions.ended(null);
    expect(first.userIds).toEqual([]);

    await sessions.endSessions(dee.id);
    const next = await sessions.ended(first.until);

    expect(next.userIds).toContain(dee.id);
    expect(Date.parse(next.until)).toBeGreaterThanOrEqual(Date.parse(first.until));
  });

  it('answers a missing user as disabled', async () => {
    expect(await sessions.state(999_999)).toEqual({ enabled: false, sessionVersion: 0 });
    expect(await sessions.state(2 ** 53)).toEqual({ enabled: false, sessionVersion: 0 });
  });
});
