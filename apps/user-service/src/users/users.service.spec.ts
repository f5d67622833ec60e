import { handlerCallers } from '@wrenchlog/platform';
import { UsersController } from './users.controller.js';
import { ErrorCode } from '@wrenchlog/contracts';
import { aUser, fakeAccounts, FakeDatabase, fakeMemberEvents, fakeTransactions, fakeUsers } from '../../test/fakes.js';
import { UsersService } from './users.service.js';

describe(UsersService.name, () => {
  let db: FakeDatabase;
  let sut: UsersService;

  beforeEach(() => {
    db = new FakeDatabase();
    sut = new UsersService(fakeUsers(db), fakeAccounts(db), fakeMemberEvents(db), fakeTransactions(db));
  });

  it("answers the caller's own account, never a password", async () => {
    const user = aUser(db, { adminLevel: 1, passwordHash: 'secret-hash' });
    aUser(db);

    expect(await sut.me({ userId: user.id, adminLevel: 1, accountId: user.id, role: 'owner' as const })).toEqual({
      id: user.id,
      name: user.name,
      username: user.username,
      adminLevel: 1,
      accountId: user.id,
      role: 'owner',
    });
  });

  it('answers the account the token names when the caller belongs to it, and their first one when not', async () => {
    const [owner, mechanic] = [aUser(db), aUser(db)];
    db.tables.memberships.push({
      accountId: owner.id,
      userId: mechanic.id,
      role: 'mechanic',
      joinedAt: new Date(Date.UTC(2026, 5, 1)),
      machineIds: null,
      lastActiveAt: null,
      announcedAt: null,
    });

    expect(await sut.me({ userId: mechanic.id, adminLevel: 0, accountId: owner.id, role: 'viewer' as const })).toMatchObject({
      accountId: owner.id,
      role: 'mechanic',
    });
    expect(await sut.me({ userId: mechanic.id, adminLevel: 0, accountId: mechanic.id, role: 'owner' as const })).toMatchObject({
      accountId: mechanic.id,
      role: 'owner',
    });
    expect(await sut.me({ userId: owner.id, adminLevel: 0, accountId: mechanic.id, role: 'viewer' as const })).toMatchObject({
      accountId: owner.id,
      role: 'owner',
    });
  });

  it('renames only the caller, trimmed, and refuses a blank name with a field message', async () => {
    const [me, other] = [aUser(db), aUser(db)];

    await expect(sut.updateMe({ userId: me.id, adminLevel: 0, accountId: me.id, role: 'owner' as const }, { name: '  Dana Fleet ' })).resolves.toMatchObject({
      id: me.id,
      name: 'Dana Fleet',
    });
    await expect(sut.updateMe({ userId: me.id, adminLevel: 0, accountId: me.id, role: 'owner' as const }, { name: '   ' })).rejects.toMatchObject({
      code: ErrorCode.Validation,
      details: [{ field: 'name', message: 'Account name is required' }],
    });

    expect(db.tables.users.map((u) => u.name)).toEqual(['Dana Fleet', other.name]);
    // "Added by" in the other services follows the new name: one ACCOUNT_MEMBER_SAVED per membership.
    expect(db.tables.memberEvents).toEqual([expect.objectContaining({ accountId: me.id, userId: me.id, name: 'Dana Fleet', role: 'owner' })]);
  });

  it('answers 404 for an account that is gone; a message without a caller never reaches it (@Caller())', async () => {
    expect(handlerCallers(UsersController)).toEqual({ me: 'user', updateMe: 'user' });
    await expect(sut.updateMe({ userId: 99, adminLevel: 0, accountId: 99, role: 'owner' as const }, { name: 'x' })).rejects.toMatchObject({
      code: ErrorCode.NotFound,
    });
  });
});
