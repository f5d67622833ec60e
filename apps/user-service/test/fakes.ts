// In-memory fakes of user-service's repositories, for the services' unit tests (*.service.spec.ts),
// as immich's services are tested against repository mocks. They keep rows the way the tables do:
// reads answer copies, so a service's change reaches the store only through the repository, and
// a transaction that throws leaves the store as it was.
import { FakeStore, asFake, copyRows } from '@wrenchlog/testing/fakes';
import { loadEnv } from '@wrenchlog/platform';
import type { AccountEntity } from '../src/accounts/account.entity.js';
import type { AccountsRepository } from '../src/accounts/accounts.repository.js';
import type { MemberEvents, MemberState } from '../src/accounts/member-events.js';
import type { MembershipEntity } from '../src/accounts/membership.entity.js';
import type { MembershipsRepository } from '../src/accounts/memberships.repository.js';
import { kdfLimiterFrom } from '../src/auth/kdf-limiter.js';
import { PasswordHasher } from '../src/auth/password-hasher.js';
import type { RefreshTokenEntity } from '../src/auth/refresh-token.entity.js';
import type { NewRefreshToken, RefreshTokensRepository } from '../src/auth/refresh-tokens.repository.js';
import { SessionsService } from '../src/auth/sessions.service.js';
import type { Transactions, Tx } from '../src/common/transactions.js';
import { UserEnv } from '../src/config/user-env.js';
import type { ContactSubmissionEntity } from '../src/contacts/contact-submission.entity.js';
import type { ContactsRepository, NewContactSubmission } from '../src/contacts/contacts.repository.js';
import type { JobEntity } from '../src/jobs/job.entity.js';
import type { JobRunColumns, JobsRepository } from '../src/jobs/jobs.repository.js';
import type { MailQueue, QueuedMail } from '../src/mail/mail-queue.js';
import type { NotificationMailRepository } from '../src/notification-mail/notification-mail.repository.js';
import type { PasswordTokenEntity, PasswordTokenPurpose } from '../src/password/password-token.entity.js';
import type { NewPasswordToken, PasswordTokensRepository } from '../src/password/password-tokens.repository.js';
import { PasswordService } from '../src/password/password.service.js';
import type { UserEntity } from '../src/users/user.entity.js';
import { NewUsers } from '../src/users/new-users.js';
import type { NewUser, UserChange, UsersRepository } from '../src/users/users.repository.js';
import type { ApiTokensRepository } from '../src/tokens/api-tokens.repository.js';

/** Every table of the service, in memory. */
interface Tables {
  users: UserEntity[];
  accounts: AccountEntity[];
  memberships: MembershipEntity[];
  refreshTokens: RefreshTokenEntity[];
  passwordTokens: PasswordTokenEntity[];
  contacts: ContactSubmissionEntity[];
  jobs: JobEntity[];
  notificationMailKeys: string[];
  mail: QueuedMail[];
  /** What MemberEvents announced (ACCOUNT_MEMBER_SAVED). */
  memberEvents: MemberState[];
  nextId: number;
}

/** The fakes' one store (FakeStore: transactions take turns and roll back when their work throws). */
export class FakeDatabase extends FakeStore<Tables> {
  constructor() {
    super({
      users: [],
      accounts: [],
      memberships: [],
      refreshTokens: [],
      passwordTokens: [],
      contacts: [],
      jobs: [],
      notificationMailKeys: [],
      mail: [],
      memberEvents: [],
      nextId: 1,
    });
  }
}

/**
 * A fake of only the methods the unit-tested services call (accounts, memberships, member events):
 * the rest of these repositories is tested on a real database (test/accounts.int-spec.ts).
 */
const partialFake = <T>(fake: Partial<T>): T => fake as T;

/** The handle fake repositories get: they keep no per-transaction state. */
export const FAKE_TX = {} as Tx;

export const fakeTransactions = (db: FakeDatabase): Transactions => asFake<Transactions>({ run: (work) => db.transaction(() => work(FAKE_TX)) });

export const fakeUsers = (db: FakeDatabase): UsersRepository => {
  const rows = () => db.tables.users;
  const find = (id: number) => rows().find((u) => u.id === id);
  return asFake<UsersRepository>({
    byId: async (id) => (find(id) ? copyRows(find(id)!) : null),
    byUsername: async (username) => copyRows(rows().find((u) => u.username === username) ?? null),
    count: async () => rows().length,
    firstEnabled: async (take) =>
      rows()
        .filter((u) => u.enabled)
        .sort((a, b) => a.id - b.id)
        .slice(0, take)
        .map(copyRows),
    page: async (page, size) =>
      [...rows()]
        .sort((a, b) => b.createDate.getTime() - a.createDate.getTime() || b.id - a.id)
        .slice(page * size, (page + 1) * size)
        .map(copyRows),
    add: async (fields: NewUser) => {
      if (rows().some((u) => u.username === fields.username)) {
        throw new Error('UNIQUE constraint failed: users.username');
      }
      const user: UserEntity = { ...copyRows(fields), id: db.nextId(), sessionVersion: 0, sessionsEndedAt: null };
      rows().push(user);
      return copyRows(user);
    },
    update: async (id, change: UserChange) => {
      const user = find(id);
      if (user) {
        Object.assign(user, copyRows(change));
      }
    },
    raiseSessionVersion: async (_tx, id, at) => {
      const user = find(id);
      if (user) {
        user.sessionVersion += 1;
        user.sessionsEndedAt = at;
      }
    },
    sessionState: async (id) => {
      const user = find(id);
      return user ? { id: user.id, enabled: user.enabled, sessionVersion: user.sessionVersion } : null;
    },
    sessionsEndedAfter: async (since) =>
      rows()
        .filter((u) => u.sessionsEndedAt && u.sessionsEndedAt > since)
        .map((u) => u.id),
  });
};

export const fakeAccounts = (db: FakeDatabase): AccountsRepository =>
  partialFake<AccountsRepository>({
    addFirstAccount: async (_tx, user) => {
      if (db.tables.accounts.some((a) => a.id === user.id)) {
        throw new Error('UNIQUE constraint failed: accounts.id');
      }
      db.tables.accounts.push({ id: user.id, name: user.name, createdAt: user.createDate });
      db.tables.memberships.push({
        accountId: user.id,
        userId: user.id,
        role: 'owner',
        joinedAt: user.createDate,
        machineIds: null,
        lastActiveAt: null,
        announcedAt: null,
      });
      return { accountId: user.id, role: 'owner' };
    },
    membershipOf: async (userId, accountId) => {
      const mine = db.tables.memberships
        .filter((m) => m.userId === userId)
        .sort((a, b) => a.joinedAt.getTime() - b.joinedAt.getTime() || a.accountId - b.accountId);
      const lastUsed = [...mine].filter((m) => m.lastActiveAt).sort((a, b) => b.lastActiveAt!.getTime() - a.lastActiveAt!.getTime())[0];
      const row = mine.find((m) => m.accountId === accountId) ?? lastUsed ?? mine[0];
      return row ? { accountId: row.accountId, role: row.role } : null;
    },
  });

export const fakeMemberships = (db: FakeDatabase): MembershipsRepository => {
  const find = (accountId: number, userId: number) => db.tables.memberships.find((m) => m.accountId === accountId && m.userId === userId);
  return partialFake<MembershipsRepository>({
    one: async (accountId, userId) => copyRows(find(accountId, userId) ?? null),
    ofUser: async (_tx, userId) => db.tables.memberships.filter((m) => m.userId === userId).map(copyRows),
    touch: async (accountId, userId, at) => {
      const row = find(accountId, userId);
      if (row) {
        row.lastActiveAt = at;
      }
    },
  });
};

/** MemberEvents that only records what it announced. */
export const fakeMemberEvents = (db: FakeDatabase): MemberEvents =>
  partialFake<MemberEvents>({
    announce: async (_tx, states) => {
      db.tables.memberEvents.push(...copyRows(states));
    },
    announceName: async (_tx, userId, name) => {
      db.tables.memberEvents.push(...db.tables.memberships.filter((m) => m.userId === userId).map((m) => ({ ...copyRows(m), name })));
    },
  });

/** NewUsers over the fakes: the user and their own account in one transaction. */
export const newUsersOver = (db: FakeDatabase): NewUsers => new NewUsers(fakeUsers(db), fakeAccounts(db), fakeTransactions(db), fakeMemberEvents(db));

export const fakeRefreshTokens = (db: FakeDatabase): RefreshTokensRepository => {
  const rows = () => db.tables.refreshTokens;
  return asFake<RefreshTokensRepository>({
    byHash: async (tokenHash) => copyRows(rows().find((t) => t.tokenHash === tokenHash) ?? null),
    byHashOfUser: async (_tx, tokenHash, userId) => copyRows(rows().find((t) => t.tokenHash === tokenHash && t.userId === userId) ?? null),
    add: async (row: NewRefreshToken) => {
      rows().push({ ...copyRows(row), id: db.nextId() });
    },
    claim: async (_tx, id, at) => {
      const token = rows().find((t) => t.id === id && t.usedAt === null);
      if (token) {
        token.usedAt = at;
      }
      return Boolean(token);
    },
    revokeFamily: async (familyId, at) => {
      rows()
        .filter((t) => t.familyId === familyId && t.revokedAt === null)
        .forEach((t) => (t.revokedAt = at));
    },
    revokeFamiliesOf: async (_tx, userId, at, keepFamilyId) => {
      const ended = rows().filter((t) => t.userId === userId && t.familyId !== keepFamilyId && t.revokedAt === null);
      const live = new Set(ended.filter((t) => t.usedAt === null && t.expiresAt > at).map((t) => t.familyId));
      ended.forEach((t) => (t.revokedAt = at));
      return live.size;
    },
  });
};

export const fakePasswordTokens = (db: FakeDatabase): PasswordTokensRepository => {
  const rows = () => db.tables.passwordTokens;
  return asFake<PasswordTokensRepository>({
    byHash: async (tokenHash) => copyRows(rows().find((t) => t.tokenHash === tokenHash) ?? null),
    issuedSince: async (_tx, userId, purpose: PasswordTokenPurpose, since) =>
      rows().some((t) => t.userId === userId && t.purpose === purpose && t.createdAt > since),
    add: async (_tx, row: NewPasswordToken) => {
      rows().push({ ...copyRows(row), id: db.nextId() });
    },
    claim: async (_tx, id, at) => {
      const token = rows().find((t) => t.id === id && t.usedAt === null && t.expiresAt > at);
      if (token) {
        token.usedAt = at;
      }
      return Boolean(token);
    },
    retireAll: async (_tx, userId, at) => {
      rows()
        .filter((t) => t.userId === userId && t.usedAt === null)
        .forEach((t) => (t.usedAt = at));
    },
  });
};

export const fakeContacts = (db: FakeDatabase): ContactsRepository =>
  asFake<ContactsRepository>({
    add: async (_tx, fields: NewContactSubmission) => {
      const row = { ...copyRows(fields), id: db.nextId() };
      db.tables.contacts.push(row);
      return copyRows(row);
    },
    page: async (page, size) => {
      const sorted = [...db.tables.contacts].sort((a, b) => b.createDate.getTime() - a.createDate.getTime() || b.id - a.id);
      return [sorted.slice(page * size, (page + 1) * size).map(copyRows), sorted.length];
    },
  });

/** The four rows the migration makes. */
export const migratedJobs = (): JobEntity[] => [
  { id: 1, name: 'Daily Analytics Aggregation', status: 'Idle', lastRun: null, finishedAt: null, message: null, params: null },
  { id: 2, name: 'Weekly Report Generation', status: 'Idle', lastRun: null, finishedAt: null, message: null, params: null },
  { id: 3, name: 'Data Sync with External API', status: 'Idle', lastRun: null, finishedAt: null, message: null, params: null },
  { id: 4, name: 'Backfill Images', status: 'Idle', lastRun: null, finishedAt: null, message: null, params: '{"limit":7}' },
];

export const fakeJobs = (db: FakeDatabase): JobsRepository => {
  const rows = () => db.tables.jobs;
  const set = (job: JobEntity, columns: JobRunColumns) => Object.assign(job, copyRows(columns));
  return asFake<JobsRepository>({
    all: async () => [...rows()].sort((a, b) => a.id - b.id).map(copyRows),
    byId: async (id) => copyRows(rows().find((j) => j.id === id) ?? null),
    claim: async (id, columns) => {
      const job = rows().find((j) => j.id === id && j.status !== 'Running');
      if (job) {
        set(job, columns);
      }
      return Boolean(job);
    },
    finish: async (id, startedAt, columns) => {
      const job = rows().find((j) => j.id === id && j.status === 'Running' && j.lastRun?.getTime() === startedAt.getTime());
      if (job) {
        set(job, columns);
      }
    },
    runningSince: async (before) =>
      rows()
        .filter((j) => j.status === 'Running' && j.lastRun !== null && j.lastRun < before)
        .map(copyRows),
    endRunning: async (ids, columns) => {
      rows()
        .filter((j) => ids.includes(j.id) && j.status === 'Running')
        .forEach((j) => set(j, columns));
    },
  });
};

export const fakeNotificationMailKeys = (db: FakeDatabase): NotificationMailRepository =>
  asFake<NotificationMailRepository>({
    recordKey: async (_tx, key) => {
      if (db.tables.notificationMailKeys.includes(key)) {
        return false;
      }
      db.tables.notificationMailKeys.push(key);
      return true;
    },
  });

/** The mail queue's enqueue, into the store (so a rolled-back transaction sends nothing). */
export const fakeMail = (db: FakeDatabase): MailQueue =>
  ({ enqueue: async (_tx: Tx, mail: QueuedMail) => void db.tables.mail.push(copyRows(mail)) }) as unknown as MailQueue;

export const testEnv = (values: Record<string, string> = {}): UserEnv => loadEnv(UserEnv, { PUBLIC_URL: 'https://fleet.example.com', ...values });

/** The real hasher (argon2id behind the limiter): hashes are what the services store. */
export const realHasher = (env: UserEnv = testEnv()): PasswordHasher => new PasswordHasher(kdfLimiterFrom(env));

/** SessionsService over the fakes (it ends sessions for the other services). */
export const fakeSessions = (db: FakeDatabase): SessionsService =>
  new SessionsService(fakeUsers(db), fakeRefreshTokens(db), fakeTransactions(db), { revokedAfter: async () => [] } as unknown as ApiTokensRepository);

/** PasswordService over the fakes (the password calls, and the set-password link an approval mails). */
export const passwordServiceOver = (db: FakeDatabase, hasher: PasswordHasher): PasswordService =>
  new PasswordService(fakeUsers(db), fakePasswordTokens(db), fakeTransactions(db), fakeSessions(db), hasher, fakeMail(db), testEnv());

/** A stored user with their own account (as signup, or the accounts migration, leaves them). */
export function aUser(db: FakeDatabase, over: Partial<UserEntity> = {}): UserEntity {
  const id = db.nextId();
  const user: UserEntity = {
    id,
    username: `user-${id}@test`,
    name: `User ${id}`,
    passwordHash: null,
    passwordIsPlaceholder: false,
    adminLevel: 0,
    enabled: true,
    userSelfDescription: null,
    createDate: new Date(Date.UTC(2026, 0, 1) + id * 1000),
    sessionVersion: 0,
    sessionsEndedAt: null,
    ...over,
  };
  db.tables.users.push(user);
  db.tables.accounts.push({ id, name: user.name, createdAt: user.createDate });
  db.tables.memberships.push({ accountId: id, userId: id, role: 'owner', joinedAt: user.createDate, machineIds: null, lastActiveAt: null, announcedAt: null });
  return copyRows(user);
}

/** A live refresh-token family of the user (one token). */
export function aSession(db: FakeDatabase, userId: number, familyId: string, tokenHash = `${familyId}-hash`): void {
  db.tables.refreshTokens.push({
    id: db.nextId(),
    familyId,
    userId,
    accountId: null,
    tokenHash,
    createdAt: new Date(),
    expiresAt: new Date(Date.now() + 86_400_000),
    usedAt: null,
    revokedAt: null,
  });
}

export const liveFamilies = (db: FakeDatabase, userId: number): string[] =>
  [...new Set(db.tables.refreshTokens.filter((t) => t.userId === userId && t.revokedAt === null).map((t) => t.familyId))].sort();
