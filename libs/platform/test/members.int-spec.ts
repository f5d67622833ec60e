import { ACCOUNT_DELETED, ACCOUNT_MEMBER_SAVED, EVENT_ROUTES, type MemberSavedEvent } from '@wrenchlog/contracts';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { AccountMemberEntity } from '../src/members/account-member.entity.js';
import { moveTableToAccount } from '../src/members/account-columns.migration.js';
import { MemberDirectory } from '../src/members/member-directory.js';
import { MEMBERS_MIGRATIONS } from '../src/members/members.module.js';
import { engines, type OpenDatabase } from './engines.js';

// A table as the release before accounts made it: rows owned by a user.
class CreateOwnedRows1700000000000 implements MigrationInterface {
  name = 'CreateOwnedRows1700000000000';
  async up(q: QueryRunner): Promise<void> {
    await q.query('CREATE TABLE "owned_rows" ("id" integer PRIMARY KEY, "user_id" integer NOT NULL, "label" varchar(20) NOT NULL)');
    await q.query('CREATE INDEX "idx_owned_rows_user" ON "owned_rows" ("user_id")');
    await q.query(`INSERT INTO "owned_rows" ("id", "user_id", "label") VALUES (1, 7, 'a'), (2, 7, 'b'), (3, 9, 'c')`);
  }
  async down(): Promise<void> {}
}

const saved = (over: Partial<MemberSavedEvent>): MemberSavedEvent => ({
  accountId: 7,
  userId: 7,
  name: 'Maria',
  role: 'owner',
  machineIds: null,
  removed: false,
  at: '2026-11-01T10:00:00.000Z',
  ...over,
});

describe.each([0, 1])('accounts in a service database (engine %#)', (index) => {
  let db: OpenDatabase | undefined;
  let members: MemberDirectory;

  beforeAll(async () => {
    const engine = (await engines({ entities: [AccountMemberEntity], migrations: [CreateOwnedRows1700000000000, ...MEMBERS_MIGRATIONS] }))[index];
    db = await engine?.open();
    if (db) {
      members = new MemberDirectory(db.dataSource);
    }
  });

  afterAll(() => db?.close());

  const whenEngine = (name: string, fn: () => Promise<void>) => it(name, async () => (db ? fn() : undefined));

  whenEngine('moves rows from their user to the account of the same id, with the owner as their creator, and a second run changes nothing', async () => {
    const runner = db!.dataSource.createQueryRunner();
    try {
      await moveTableToAccount(runner, 'owned_rows', { audit: true });
      await runner.query(`UPDATE "owned_rows" SET "updated_by" = 12 WHERE "id" = 2`);
      await moveTableToAccount(runner, 'owned_rows', { audit: true });
      await moveTableToAccount(runner, 'no_such_table', { audit: true });
    } finally {
      await runner.release();
    }
    const rows = await db!.dataSource.query('SELECT "id", "account_id", "created_by", "updated_by" FROM "owned_rows" ORDER BY "id"');
    expect(rows.map((r: Record<string, unknown>) => [r.id, r.account_id, r.created_by, r.updated_by].map(Number))).toEqual([
      [1, 7, 7, 0],
      [2, 7, 7, 12],
      [3, 9, 9, 0],
    ]);
    // The index moved with its column: a query by account uses it on either engine.
    await expect(db!.dataSource.query('SELECT count(*) AS n FROM "owned_rows" WHERE "account_id" = 7')).resolves.toEqual([{ n: expect.anything() }]);
  });

  whenEngine("names the people of rows in one query, keeps the newest state of a member, and keeps a removed member's name", async () => {
    await members.onSaved(saved({ userId: 7, name: 'Maria' }));
    await members.onSaved(saved({ userId: 12, name: 'Joe', role: 'operator', machineIds: [3, 4], at: '2026-11-01T11:00:00.000Z' }));
    await members.onSaved(saved({ userId: 12, name: 'Joseph', role: 'operator', machineIds: [3], removed: true, at: '2026-11-02T11:00:00.000Z' }));
    await members.onSaved(saved({ userId: 12, name: 'Old Joe', role: 'manager', at: '2026-11-01T09:00:00.000Z' }));
    await members.onSaved(saved({ accountId: 8, userId: 12, name: 'Joe elsewhere', role: 'viewer' }));

    await expect(
      members.audit(7, [
        { createdBy: 7, updatedBy: null },
        { createdBy: 7, updatedBy: 12 },
        { createdBy: 30, updatedBy: null },
      ]),
    ).resolves.toEqual([
      { createdBy: { id: 7, name: 'Maria' }, updatedBy: null },
      { createdBy: { id: 7, name: 'Maria' }, updatedBy: { id: 12, name: 'Joseph' } },
      { createdBy: { id: 30, name: null }, updatedBy: null },
    ]);
    await expect(members.withAudit(8, [{ id: 1, by: 12 }], (r) => ({ createdBy: r.by, updatedBy: null }))).resolves.toEqual([
      { id: 1, by: 12, createdBy: { id: 12, name: 'Joe elsewhere' }, updatedBy: null },
    ]);
  });

  whenEngine("answers a member's machine assignment: a set, or null for all machines; none for a member not heard of or removed", async () => {
    await members.onSaved(saved({ accountId: 20, userId: 21, role: 'mechanic', machineIds: [5, 6] }));
    await members.onSaved(saved({ accountId: 20, userId: 22, role: 'manager', machineIds: null }));
    expect(await members.assignment(20, 21)).toEqual(new Set([5, 6]));
    expect(await members.assignment(20, 22)).toBeNull();
    expect(await members.assignment(20, 99)).toEqual(new Set());
    await members.onSaved(saved({ accountId: 20, userId: 22, role: 'manager', machineIds: null, removed: true, at: '2026-11-03T10:00:00.000Z' }));
    expect(await members.assignment(20, 22)).toEqual(new Set());
  });

  whenEngine("lists a person's live memberships across accounts, with role, assignment and time zone", async () => {
    await members.onSaved(saved({ accountId: 41, userId: 40, role: 'mechanic', machineIds: [5], timeZone: 'Europe/Berlin' }));
    await members.onSaved(saved({ accountId: 42, userId: 40, role: 'viewer' }));
    await members.onSaved(saved({ accountId: 43, userId: 40, role: 'mechanic', removed: true }));
    await members.onSaved(saved({ accountId: 41, userId: 44, role: 'owner' }));
    expect(await members.memberships(40)).toEqual([
      { accountId: 41, role: 'mechanic', machineIds: new Set([5]), timeZone: 'Europe/Berlin' },
      { accountId: 42, role: 'viewer', machineIds: null, timeZone: null },
    ]);
    expect(await members.memberships(99)).toEqual([]);
  });

  whenEngine('ignores a malformed event', async () => {
    await members.onSaved(saved({ accountId: 31, role: 'emperor' as never }));
    await members.onSaved(null);
    expect(await members.refs(31, [7])).toEqual(new Map());
  });
});

describe(ACCOUNT_MEMBER_SAVED, () => {
  it('reaches every service that answers records', () => {
    expect([...EVENT_ROUTES[ACCOUNT_MEMBER_SAVED]!].sort()).toEqual([
      'fuel-purchase-service',
      'image-worker',
      'import-service',
      'machine-service',
      'notification-service',
      'report-service',
      'schedule-service',
      'service-record-service',
      'work-order-service',
    ]);
    // The same services delete a deleted account's rows.
    expect(EVENT_ROUTES[ACCOUNT_DELETED]).toEqual(EVENT_ROUTES[ACCOUNT_MEMBER_SAVED]);
  });
});
