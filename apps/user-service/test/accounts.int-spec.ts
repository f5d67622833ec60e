import {
  ACCOUNT_MEMBER_SAVED,
  ADMIN_ACCOUNT_LIST,
  MACHINE_LIST,
  USER_ACCOUNT_CREATE,
  USER_ACCOUNT_DEFAULTS,
  USER_ACCOUNT_DELETE,
  USER_ACCOUNT_LIST,
  USER_ACCOUNT_NAMES,
  USER_ACCOUNT_RENAME,
  USER_AUTH_LOGIN,
  USER_AUTH_REFRESH,
  USER_AUTH_SWITCH,
  USER_INVITATION_ACCEPT,
  USER_INVITATION_ACCEPT_MINE,
  USER_INVITATION_MINE,
  USER_INVITATION_CANCEL,
  USER_INVITATION_CREATE,
  USER_INVITATION_JOIN,
  USER_INVITATION_LIST,
  USER_INVITATION_PREVIEW,
  USER_ME_UPDATE,
  USER_PREFERENCES_UPDATE,
  USER_MEMBER_LEAVE,
  USER_MEMBER_LIST,
  USER_MEMBER_REMOVE,
  USER_MEMBER_UPDATE,
  type AccountRole,
  type Actor,
} from '@wrenchlog/contracts';
import { expectEventually, testEngines } from '@wrenchlog/testing';
import { ServiceUnderTest } from '@wrenchlog/testing/nest';
import { DataSource } from 'typeorm';
import { MemberEvents } from '../src/accounts/member-events.js';
import { AppModule } from '../src/app.module.js';
import { PasswordHasher } from '../src/auth/password-hasher.js';
import { UserEnv } from '../src/config/user-env.js';
import { MailMessageEntity } from '../src/mail/mail-message.entity.js';
import { NewUsers } from '../src/users/new-users.js';
import { UsersRepository } from '../src/users/users.repository.js';

const PASSWORD = 'Right-password-1';

// Accounts, members, invitations and switching (issue 32, step 4) on the real module and database.
describe.each(await testEngines())('accounts, members and invitations (%s)', (engine) => {
  let svc: ServiceUnderTest;
  /** machine-service's machines per account, as MACHINE_LIST answers them. */
  const machines = new Map<number, number[]>();
  let seq = 0;

  beforeAll(async () => {
    svc = await ServiceUnderTest.start(engine, {
      name: 'user-accounts',
      env: UserEnv,
      module: (env) => AppModule.register(env),
      vars: { ADMIN_EMAIL: 'admin@example.com', ADMIN_PASSWORD: 'admin-password-1' },
      rpc: async (pattern, payload: { archived?: boolean }, ctx) => {
        if (pattern !== MACHINE_LIST) {
          throw new Error(`unexpected call ${pattern}`);
        }
        return payload.archived ? [] : (machines.get(ctx.actor!.accountId) ?? []).map((id) => ({ id, name: `M${id}` }));
      },
    });
  }, 60_000);

  afterAll(() => svc?.stop());

  /** A person with their own account (as signup leaves them), and their actor in it. */
  async function aPerson(name = `Person ${++seq}`): Promise<{ actor: Actor; email: string; name: string }> {
    const email = `p${Date.now()}-${++seq}@example.com`;
    const user = await svc.get(NewUsers).create({
      username: email,
      name,
      passwordHash: await svc.get(PasswordHasher).hash(PASSWORD),
      passwordIsPlaceholder: false,
      adminLevel: 0,
      enabled: true,
      userSelfDescription: null,
      createDate: new Date(),
    });
    const grant = await svc.send(USER_AUTH_LOGIN, { username: email, password: PASSWORD }, null);
    return { actor: { userId: user.id, adminLevel: 0, accountId: grant.membership.accountId, role: 'owner' }, email, name };
  }

  /** The token of the newest invitation mail to `email`. */
  async function linkTo(email: string): Promise<string> {
    const mail = await svc
      .get(DataSource)
      .getRepository(MailMessageEntity)
      .findOne({ where: { recipient: email }, order: { id: 'DESC' } });
    return /\/invitations\/([A-Za-z0-9_-]+)/.exec(mail!.body)![1];
  }

  /** `member` joins `owner`'s account with `role` through an accepted invitation. */
  async function join(owner: Actor, member: { actor: Actor; email: string }, role: AccountRole, machineIds?: number[]): Promise<Actor> {
    await svc.send(USER_INVITATION_CREATE, { accountId: owner.accountId, email: member.email, role, machineIds }, owner);
    await svc.send(USER_INVITATION_ACCEPT, { token: await linkTo(member.email) }, member.actor);
    return { ...member.actor, accountId: owner.accountId, role };
  }

  const sessionVersion = async (userId: number) => (await svc.get(UsersRepository).byId(userId))!.sessionVersion;

  it('gives new accounts ids above every user and account id, with the caller as owner, and lists them with their counts', async () => {
    const { actor } = await aPerson();
    machines.set(actor.accountId, [1, 2, 3]);

    const created = await svc.send(USER_ACCOUNT_CREATE, { name: '  Hill Farm  ' }, actor);

    const [maxUser] = await svc.get(DataSource).query('SELECT MAX(id) AS m FROM users');
    expect(created.id).toBeGreaterThan(Number(maxUser.m));
    expect(created).toMatchObject({ name: 'Hill Farm', role: 'owner', memberCount: 1 });
    expect(await svc.send(USER_ACCOUNT_LIST, {}, actor)).toEqual([
      { id: actor.accountId, name: expect.any(String), role: 'owner', machineCount: 3, memberCount: 1, current: true },
      { id: created.id, name: 'Hill Farm', role: 'owner', machineCount: 0, memberCount: 1, current: false },
    ]);
    // The names alone, for a service labelling what it answers across the caller's accounts (my-work).
    expect(await svc.send(USER_ACCOUNT_NAMES, {}, actor)).toEqual([
      { id: actor.accountId, name: expect.any(String) },
      { id: created.id, name: 'Hill Farm' },
    ]);
    expect(await svc.failure(USER_ACCOUNT_CREATE, { name: 'x'.repeat(101) }, actor)).toMatchObject({
      code: 'VALIDATION',
      details: [{ field: 'name', message: 'Account name must be at most 100 characters' }],
    });
    await expect(svc.send(USER_ACCOUNT_RENAME, { accountId: created.id, name: 'Hill Farms' }, actor)).resolves.toMatchObject({ name: 'Hill Farms' });
  });

  it('invites by email: the link (7 days, once) is accepted by the invited address only, and the member is announced', async () => {
    const owner = (await aPerson()).actor;
    const [mechanic, stranger] = [await aPerson('Maria'), await aPerson()];
    machines.set(owner.accountId, [11, 12]);

    const invitation = await svc.send(
      USER_INVITATION_CREATE,
      { accountId: owner.accountId, email: mechanic.email.toUpperCase(), role: 'mechanic', machineIds: [12] },
      owner,
    );
    expect(Date.parse(invitation.expiresAt) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    const token = await linkTo(mechanic.email);
    expect(await svc.send(USER_INVITATION_PREVIEW, { token }, null)).toMatchObject({ role: 'mechanic', email: mechanic.email, inviter: expect.any(String) });
    expect(await svc.send(USER_INVITATION_LIST, { accountId: owner.accountId }, owner)).toEqual([
      expect.objectContaining({ id: invitation.id, email: mechanic.email }),
    ]);

    expect(await svc.failure(USER_INVITATION_ACCEPT, { token }, stranger.actor)).toMatchObject({ code: 'BAD_REQUEST', details: [{ field: 'token' }] });
    expect(await svc.send(USER_INVITATION_MINE, {}, mechanic.actor)).toEqual([
      expect.objectContaining({ id: invitation.id, accountId: owner.accountId, role: 'mechanic' }),
    ]);
    expect(await svc.send(USER_INVITATION_MINE, {}, stranger.actor)).toEqual([]);
    expect(await svc.failure(USER_INVITATION_ACCEPT_MINE, { invitationId: invitation.id }, stranger.actor)).toMatchObject({ code: 'NOT_FOUND' });
    await expect(svc.send(USER_INVITATION_ACCEPT, { token }, mechanic.actor)).resolves.toMatchObject({ accountId: owner.accountId, role: 'mechanic' });
    expect(await svc.failure(USER_INVITATION_ACCEPT_MINE, { invitationId: invitation.id }, mechanic.actor)).toMatchObject({ code: 'NOT_FOUND' });
    expect(await svc.failure(USER_INVITATION_ACCEPT, { token }, mechanic.actor)).toMatchObject({ code: 'BAD_REQUEST', details: [{ field: 'token' }] });
    expect(await svc.failure(USER_INVITATION_PREVIEW, { token }, null)).toMatchObject({ code: 'BAD_REQUEST' });

    expect(await svc.send(USER_MEMBER_LIST, { accountId: owner.accountId }, owner)).toEqual([
      expect.objectContaining({ userId: owner.userId, role: 'owner', machineIds: null }),
      expect.objectContaining({ userId: mechanic.actor.userId, name: 'Maria', email: mechanic.email, role: 'mechanic', machineIds: [12], lastActiveAt: null }),
    ]);
    await expectEventually(() =>
      expect(svc.events(ACCOUNT_MEMBER_SAVED)).toContainEqual(
        expect.objectContaining({
          accountId: owner.accountId,
          userId: mechanic.actor.userId,
          name: 'Maria',
          role: 'mechanic',
          machineIds: [12],
          removed: false,
        }),
      ),
    );
  });

  it('refuses each bad invitation with a clear 4xx and a field message, writing nothing', async () => {
    const owner = await aPerson();
    const member = await aPerson();
    const other = (await aPerson()).actor;
    machines.set(owner.actor.accountId, [21]);
    machines.set(other.accountId, [31]);
    const manager = await join(owner.actor, member, 'manager');
    const invite = (email: string, role: string, by: Actor = owner.actor, machineIds?: number[]) =>
      svc.failure(USER_INVITATION_CREATE, { accountId: owner.actor.accountId, email, role: role as AccountRole, machineIds }, by);

    expect(await invite(owner.email, 'viewer')).toMatchObject({ code: 'VALIDATION', details: [{ field: 'email' }] });
    expect(await invite(member.email, 'viewer')).toMatchObject({
      code: 'VALIDATION',
      details: [{ field: 'email', message: `${member.email} is already a member of this account` }],
    });
    expect(await invite('new@example.com', 'admiral')).toMatchObject({ code: 'VALIDATION', details: [{ field: 'role' }] });
    expect(await invite('new@example.com', 'operator', owner.actor, [21, 31])).toMatchObject({ code: 'VALIDATION', details: [{ field: 'machineIds' }] });
    expect(await invite('new@example.com', 'owner', manager)).toMatchObject({ code: 'FORBIDDEN' });
    expect(await invite('new@example.com', 'viewer', other)).toMatchObject({ code: 'NOT_FOUND', message: 'Account not found' });
    expect(await svc.send(USER_INVITATION_LIST, { accountId: owner.actor.accountId }, owner.actor)).toEqual([]);
  });

  it('spends neither an expired nor a cancelled link; a new person joins with a name and password and is signed in', async () => {
    const owner = (await aPerson()).actor;
    const email = `new-${Date.now()}@example.com`;
    const first = await svc.send(USER_INVITATION_CREATE, { accountId: owner.accountId, email, role: 'operator' }, owner);
    const cancelled = await linkTo(email);
    await svc.send(USER_INVITATION_CANCEL, { accountId: owner.accountId, invitationId: first.id }, owner);
    expect(await svc.failure(USER_INVITATION_JOIN, { token: cancelled, name: 'Olu', password: PASSWORD }, null)).toMatchObject({ code: 'BAD_REQUEST' });

    await svc.send(USER_INVITATION_CREATE, { accountId: owner.accountId, email, role: 'operator' }, owner);
    const expired = await linkTo(email);
    await svc
      .get(DataSource)
      .query(
        `UPDATE invitations SET expires_at = ${engine === 'postgres' ? "now() - interval '1 day'" : "'2000-01-01 00:00:00.000'"} WHERE email = '${email}'`,
      );
    expect(await svc.failure(USER_INVITATION_JOIN, { token: expired, name: 'Olu', password: PASSWORD }, null)).toMatchObject({ code: 'BAD_REQUEST' });

    await svc.send(USER_INVITATION_CREATE, { accountId: owner.accountId, email, role: 'operator' }, owner);
    const grant = await svc.send(USER_INVITATION_JOIN, { token: await linkTo(email), name: 'Olu', password: PASSWORD }, null);
    expect(grant).toMatchObject({ user: { name: 'Olu' }, membership: { accountId: owner.accountId, role: 'operator' }, refreshToken: expect.any(String) });
    await expect(svc.send(USER_AUTH_LOGIN, { username: email, password: PASSWORD }, null)).resolves.toMatchObject({
      membership: { accountId: owner.accountId },
    });

    // A person who has a login signs in to accept: the link does not make a second one.
    const other = (await aPerson()).actor;
    await svc.send(USER_INVITATION_CREATE, { accountId: other.accountId, email, role: 'viewer' }, other);
    expect(await svc.failure(USER_INVITATION_JOIN, { token: await linkTo(email), name: 'Olu', password: PASSWORD }, null)).toMatchObject({ code: 'CONFLICT' });
  });

  it('lets owners and managers change roles and assignments, raising the member session version; managers never touch owners', async () => {
    const owner = await aPerson();
    const [m, o] = [await aPerson(), await aPerson()];
    machines.set(owner.actor.accountId, [41, 42]);
    const manager = await join(owner.actor, m, 'manager');
    const operator = await join(owner.actor, o, 'operator', [41]);
    const before = await sessionVersion(operator.userId);

    await expect(svc.send(USER_MEMBER_UPDATE, { accountId: owner.actor.accountId, userId: operator.userId, role: 'viewer' }, manager)).resolves.toMatchObject({
      role: 'viewer',
      machineIds: null,
    });
    expect(await sessionVersion(operator.userId)).toBe(before + 1);
    await expect(
      svc.send(USER_MEMBER_UPDATE, { accountId: owner.actor.accountId, userId: operator.userId, role: 'operator', machineIds: [42] }, owner.actor),
    ).resolves.toMatchObject({ role: 'operator', machineIds: [42] });

    expect(await svc.failure(USER_MEMBER_UPDATE, { accountId: owner.actor.accountId, userId: owner.actor.userId, role: 'viewer' }, manager)).toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(await svc.failure(USER_MEMBER_UPDATE, { accountId: owner.actor.accountId, userId: manager.userId, role: 'owner' }, manager)).toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(await svc.failure(USER_MEMBER_UPDATE, { accountId: owner.actor.accountId, userId: manager.userId, role: 'viewer' }, operator)).toMatchObject({
      code: 'FORBIDDEN',
      message: 'Your role (operator) cannot manage members',
    });
    const stranger = (await aPerson()).actor;
    expect(await svc.failure(USER_MEMBER_UPDATE, { accountId: owner.actor.accountId, userId: operator.userId, machineIds: [99] }, stranger)).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await svc.failure(USER_MEMBER_UPDATE, { accountId: owner.actor.accountId, userId: operator.userId, machineIds: [99] }, owner.actor)).toMatchObject({
      code: 'VALIDATION',
      details: [{ field: 'machineIds' }],
    });
  });

  it('keeps an owner: the last one cannot be demoted, removed or leave (409); members are removed and leave, announced as removed', async () => {
    const owner = await aPerson();
    const [a, b] = [await aPerson(), await aPerson()];
    const viewer = await join(owner.actor, a, 'viewer');
    const coOwner = await join(owner.actor, b, 'owner');
    const accountId = owner.actor.accountId;

    await svc.send(USER_MEMBER_LEAVE, { accountId }, coOwner);
    expect(await svc.failure(USER_MEMBER_LEAVE, { accountId }, owner.actor)).toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('at least one owner'),
    });
    expect(await svc.failure(USER_MEMBER_UPDATE, { accountId, userId: owner.actor.userId, role: 'manager' }, owner.actor)).toMatchObject({ code: 'CONFLICT' });
    expect(await svc.failure(USER_MEMBER_REMOVE, { accountId, userId: owner.actor.userId }, owner.actor)).toMatchObject({ code: 'CONFLICT' });

    const before = await sessionVersion(viewer.userId);
    await expect(svc.send(USER_MEMBER_REMOVE, { accountId, userId: viewer.userId }, owner.actor)).resolves.toEqual({ endedSessionsOf: [viewer.userId] });
    expect(await sessionVersion(viewer.userId)).toBe(before + 1);
    expect(await svc.failure(USER_MEMBER_LIST, { accountId }, viewer)).toMatchObject({ code: 'NOT_FOUND' });
    expect((await svc.send(USER_MEMBER_LIST, { accountId }, owner.actor)).map((m) => m.userId)).toEqual([owner.actor.userId]);
    await expectEventually(() =>
      expect(svc.events(ACCOUNT_MEMBER_SAVED)).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ accountId, userId: viewer.userId, removed: true }),
          expect.objectContaining({ accountId, userId: coOwner.userId, removed: true }),
        ]),
      ),
    );
  });

  it('never leaves an account without an owner under concurrent demotions: one wins, the other is refused', async () => {
    const owner = await aPerson();
    const coOwner = await join(owner.actor, await aPerson(), 'owner');
    const accountId = owner.actor.accountId;

    const outcomes = await Promise.allSettled([
      svc.send(USER_MEMBER_UPDATE, { accountId, userId: owner.actor.userId, role: 'manager' }, owner.actor),
      svc.send(USER_MEMBER_UPDATE, { accountId, userId: coOwner.userId, role: 'manager' }, coOwner),
    ]);

    expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect((outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult).reason).toMatchObject({ code: 'CONFLICT' });
    const members = await svc.send(USER_MEMBER_LIST, { accountId }, outcomes[0].status === 'fulfilled' ? coOwner : owner.actor);
    expect(members.filter((m) => m.role === 'owner')).toHaveLength(1);
  });

  it('switches accounts: the refresh token remembers the account, and the next sign-in starts in the last one used', async () => {
    const owner = (await aPerson()).actor;
    const person = await aPerson();
    await join(owner, person, 'mechanic');
    const first = await svc.send(USER_AUTH_LOGIN, { username: person.email, password: PASSWORD }, null);
    expect(first.membership).toEqual({ accountId: person.actor.accountId, role: 'owner' });

    const switched = await svc.send(USER_AUTH_SWITCH, { accountId: owner.accountId, refreshToken: first.refreshToken }, person.actor);
    expect(switched.membership).toEqual({ accountId: owner.accountId, role: 'mechanic' });
    const refreshed = await svc.send(USER_AUTH_REFRESH, { refreshToken: switched.refreshToken }, null);
    expect(refreshed.membership).toEqual({ accountId: owner.accountId, role: 'mechanic' });
    await expect(svc.send(USER_AUTH_LOGIN, { username: person.email, password: PASSWORD }, null)).resolves.toMatchObject({
      membership: { accountId: owner.accountId, role: 'mechanic' },
    });

    const stranger = (await aPerson()).actor;
    expect(await svc.failure(USER_AUTH_SWITCH, { accountId: stranger.accountId, refreshToken: refreshed.refreshToken }, person.actor)).toMatchObject({
      code: 'VALIDATION',
      details: [{ field: 'accountId', message: 'You are not a member of this account' }],
    });
    // Nothing half-written: the refused switch did not use the token up.
    await expect(svc.send(USER_AUTH_REFRESH, { refreshToken: refreshed.refreshToken }, null)).resolves.toMatchObject({
      membership: { accountId: owner.accountId },
    });
  });

  it('deletes an account only for its owner with its name confirmed, with its members, ending their tokens', async () => {
    const owner = await aPerson();
    const { id: accountId } = await svc.send(USER_ACCOUNT_CREATE, { name: 'Old Yard' }, owner.actor);
    const ownerThere: Actor = { ...owner.actor, accountId };
    const manager = await join(ownerThere, await aPerson(), 'manager');

    expect(await svc.failure(USER_ACCOUNT_DELETE, { accountId, confirmName: 'Old Yard' }, manager)).toMatchObject({
      code: 'FORBIDDEN',
      message: 'Your role (manager) cannot rename or delete the account',
    });
    expect(await svc.failure(USER_ACCOUNT_DELETE, { accountId, confirmName: 'Old yard' }, ownerThere)).toMatchObject({
      code: 'VALIDATION',
      details: [{ field: 'confirmName' }],
    });
    // An owner's only account stays: every session acts in one.
    const lonely = await aPerson('Lonely');
    expect(await svc.failure(USER_ACCOUNT_DELETE, { accountId: lonely.actor.accountId, confirmName: 'Lonely' }, lonely.actor)).toMatchObject({
      code: 'CONFLICT',
    });
    const before = await sessionVersion(manager.userId);
    await expect(svc.send(USER_ACCOUNT_DELETE, { accountId, confirmName: 'Old Yard' }, ownerThere)).resolves.toEqual({
      endedSessionsOf: [owner.actor.userId, manager.userId],
    });

    expect(await sessionVersion(manager.userId)).toBe(before + 1);
    expect((await svc.send(USER_ACCOUNT_LIST, {}, owner.actor)).map((a) => a.id)).toEqual([owner.actor.accountId]);
    expect(await svc.get(DataSource).query(`SELECT COUNT(*) AS n FROM memberships WHERE account_id = ${accountId}`)).toEqual([{ n: expect.anything() }]);
    expect(Number((await svc.get(DataSource).query(`SELECT COUNT(*) AS n FROM memberships WHERE account_id = ${accountId}`))[0].n)).toBe(0);
  });

  it('announces every membership once after the upgrade (idempotent backfill), and a name change once per membership', async () => {
    const owner = (await aPerson()).actor;
    const person = await aPerson('Before');
    await join(owner, person, 'viewer');
    await svc.get(DataSource).query('UPDATE memberships SET announced_at = NULL');
    const total = Number((await svc.get(DataSource).query('SELECT COUNT(*) AS n FROM memberships'))[0].n);

    expect(await svc.get(MemberEvents).backfill()).toBe(total);
    expect(await svc.get(MemberEvents).backfill()).toBe(0);

    await svc.send(USER_ME_UPDATE, { name: 'After' }, person.actor);
    await expectEventually(() => {
      const mine = svc.events(ACCOUNT_MEMBER_SAVED).filter((e) => e.userId === person.actor.userId && e.name === 'After');
      // (one copy per subscriber)
      expect([...new Set(mine.map((e) => e.accountId))].sort()).toEqual([person.actor.accountId, owner.accountId].sort());
    });
  });

  it("announces each member's time zone preference (their own, else the account's default) on every change of either", async () => {
    const owner = (await aPerson()).actor;
    const person = await aPerson();
    const member = await join(owner, person, 'mechanic');
    const zoneOf = (who: Actor) =>
      svc
        .events(ACCOUNT_MEMBER_SAVED)
        .filter((e) => e.accountId === who.accountId && e.userId === who.userId)
        .at(-1)?.timeZone;
    await expectEventually(() => expect(zoneOf(member)).toBeNull());

    await svc.send(USER_ACCOUNT_DEFAULTS, { accountId: owner.accountId, defaults: { timeZone: 'America/Chicago' } }, owner);
    await expectEventually(() => {
      expect(zoneOf(owner)).toBe('America/Chicago');
      expect(zoneOf(member)).toBe('America/Chicago');
    });
    await svc.send(USER_PREFERENCES_UPDATE, { timeZone: 'Asia/Tokyo' }, member);
    await expectEventually(() => expect(zoneOf(member)).toBe('Asia/Tokyo'));
    // The account's own zone travels beside it (notification-service sends it on to report-service).
    expect(
      svc
        .events(ACCOUNT_MEMBER_SAVED)
        .filter((e) => e.accountId === owner.accountId && e.userId === member.userId)
        .at(-1)?.accountTimeZone,
    ).toBe('America/Chicago');
    // Their own set back to none: the account's again.
    await svc.send(USER_PREFERENCES_UPDATE, {}, member);
    await expectEventually(() => expect(zoneOf(member)).toBe('America/Chicago'));
    expect(zoneOf(owner)).toBe('America/Chicago');
  });

  it("lists every account with its counts for the instance's administrator only", async () => {
    const owner = (await aPerson('Listed Owner')).actor;
    machines.set(owner.accountId, [51]);
    const admin: Actor = { userId: 1, adminLevel: 1, accountId: 1, role: 'owner' };

    expect(await svc.send(ADMIN_ACCOUNT_LIST, {}, admin)).toContainEqual(
      expect.objectContaining({ id: owner.accountId, memberCount: 1, machineCount: 1, ownerNames: ['Listed Owner'] }),
    );
    expect(await svc.failure(ADMIN_ACCOUNT_LIST, {}, owner)).toMatchObject({ code: 'FORBIDDEN' });
  });
});
