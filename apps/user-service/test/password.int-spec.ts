import { loadEnv } from '@wrenchlog/platform';
import { createHash } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { kdfLimiterFrom } from '../src/auth/kdf-limiter.js';
import { PasswordHasher } from '../src/auth/password-hasher.js';
import { RefreshTokenEntity } from '../src/auth/refresh-token.entity.js';
import { RefreshTokensRepository } from '../src/auth/refresh-tokens.repository.js';
import { SessionsService } from '../src/auth/sessions.service.js';
import { Transactions } from '../src/common/transactions.js';
import { UserEnv } from '../src/config/user-env.js';
import { MailMessageEntity } from '../src/mail/mail-message.entity.js';
import { MailQueue } from '../src/mail/mail-queue.js';
import { MailTransport } from '../src/mail/mail-transport.js';
import { PasswordTokenEntity } from '../src/password/password-token.entity.js';
import { PasswordTokensRepository } from '../src/password/password-tokens.repository.js';
import { PasswordService } from '../src/password/password.service.js';
import { UserEntity } from '../src/users/user.entity.js';
import { UsersRepository } from '../src/users/users.repository.js';
import { testDataSource } from './db.js';
import { ApiTokensRepository } from '../src/tokens/api-tokens.repository.js';

/** A mail server that is down: messages stay in the queue table, where the test reads them. */
class DownTransport extends MailTransport {
  async send(): Promise<void> {
    throw new Error('connect ECONNREFUSED');
  }
}

const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');

describe(PasswordService.name, () => {
  let ds: DataSource;
  let queue: MailQueue;
  let service: PasswordService;
  let hasher: PasswordHasher;
  const env = loadEnv(UserEnv, { PUBLIC_URL: 'https://fleet.example.com' });

  async function anOwner(enabled = true): Promise<UserEntity> {
    return ds.getRepository(UserEntity).save({
      username: `owner-${Math.random().toString(36).slice(2)}@test`,
      name: 'Owner',
      passwordHash: await hasher.hash('Old-password-1'),
      passwordIsPlaceholder: false,
      adminLevel: 0,
      enabled,
      userSelfDescription: null,
      createDate: new Date(),
    });
  }

  /** The token of every link mailed to `to`, oldest first. */
  async function mailedTokens(to: string): Promise<string[]> {
    const rows = await ds.getRepository(MailMessageEntity).find({ where: { recipient: to }, order: { id: 'ASC' } });
    return rows.map((r) => /set-password\?token=([A-Za-z0-9_-]+)/.exec(r.body)![1]);
  }

  beforeEach(async () => {
    ds = await testDataSource();
    hasher = new PasswordHasher(kdfLimiterFrom(env));
    queue = new MailQueue(ds, new DownTransport(), env);
    const [users, transactions] = [new UsersRepository(ds), new Transactions(ds)];
    const sessions = new SessionsService(users, new RefreshTokensRepository(ds), transactions, new ApiTokensRepository(ds));
    service = new PasswordService(users, new PasswordTokensRepository(ds), transactions, sessions, hasher, queue, env);
  });

  afterEach(async () => {
    await queue.onApplicationShutdown();
    await ds.destroy();
  });

  it('stores only a hash of the emailed token, links to PUBLIC_URL, and refuses the link once it expired', async () => {
    const owner = await anOwner();
    await service.forgot({ email: owner.username.toUpperCase(), publicUrl: 'http://evil.test' });
    const [token] = await mailedTokens(owner.username);
    const [body] = (await ds.getRepository(MailMessageEntity).findBy({ recipient: owner.username })).map((m) => m.body);

    expect(body).toContain(`https://fleet.example.com/set-password?token=${token}`);
    const stored = await ds.getRepository(PasswordTokenEntity).findOneByOrFail({ userId: owner.id });
    expect(stored.tokenHash).toBe(sha256(token));
    expect(JSON.stringify(await ds.getRepository(PasswordTokenEntity).find())).not.toContain(token);

    await ds.getRepository(PasswordTokenEntity).update({ id: stored.id }, { expiresAt: new Date(Date.now() - 1000) });
    await expect(service.setWithToken({ token, password: 'New-password-2' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('sends no link to a pending or unknown account, and at most one a minute to the same account', async () => {
    const pending = await anOwner(false);
    const owner = await anOwner();

    const replies = [
      await service.forgot({ email: pending.username }),
      await service.forgot({ email: 'nobody@test' }),
      await service.forgot({ email: owner.username }),
      await service.forgot({ email: owner.username }),
    ];

    expect(new Set(replies.map((r) => r.message)).size).toBe(1);
    expect(await mailedTokens(pending.username)).toEqual([]);
    expect(await mailedTokens(owner.username)).toHaveLength(1);
  });

  it('lets a link set the password only once, even when used twice at the same moment, and ends every session', async () => {
    const owner = await anOwner();
    await ds.getRepository(RefreshTokenEntity).insert({
      familyId: 'f1',
      userId: owner.id,
      tokenHash: 'a'.repeat(64),
      createdAt: new Date(),
      expiresAt: new Date(Date.now() + 86400000),
      usedAt: null,
      revokedAt: null,
    });
    await service.forgot({ email: owner.username });
    const [token] = await mailedTokens(owner.username);

    const outcomes = await Promise.allSettled([
      service.setWithToken({ token, password: 'First-password-1' }),
      service.setWithToken({ token, password: 'Second-password-2' }),
    ]);

    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const user = await ds.getRepository(UserEntity).findOneByOrFail({ id: owner.id });
    const winner = outcomes[0].status === 'fulfilled' ? 'First-password-1' : 'Second-password-2';
    expect(await hasher.verify(user.passwordHash, winner)).toBe(true);
    expect((await ds.getRepository(RefreshTokenEntity).findOneByOrFail({ familyId: 'f1' })).revokedAt).not.toBeNull();
  });

  it('changes the password with the current one and keeps only the calling session', async () => {
    const owner = await anOwner();
    const live = { createdAt: new Date(), expiresAt: new Date(Date.now() + 86400000), usedAt: null, revokedAt: null };
    await ds.getRepository(RefreshTokenEntity).insert([
      { familyId: 'here', userId: owner.id, tokenHash: sha256('here-token'), ...live },
      { familyId: 'phone', userId: owner.id, tokenHash: sha256('phone-token'), ...live },
    ]);
    const actor = { userId: owner.id, adminLevel: 0, accountId: owner.id, role: 'owner' as const };

    await expect(service.change(actor, { currentPassword: 'wrong-one', newPassword: 'New-password-3' })).rejects.toMatchObject({
      code: 'VALIDATION',
      details: [{ field: 'currentPassword', message: 'Current password is incorrect' }],
    });
    const reply = await service.change(actor, { currentPassword: 'Old-password-1', newPassword: 'New-password-3', refreshToken: 'here-token' });

    expect(reply).toEqual({ endedSessions: 1 });
    const families = await ds.getRepository(RefreshTokenEntity).find({ order: { familyId: 'ASC' } });
    expect(families.map((f) => [f.familyId, f.revokedAt === null])).toEqual([
      ['here', true],
      ['phone', false],
    ]);
  });
});
