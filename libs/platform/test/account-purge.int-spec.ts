import type { ModuleRef } from '@nestjs/core';
import { Column, Entity, PrimaryColumn, type MigrationInterface, type QueryRunner } from 'typeorm';
import { AccountMemberEntity } from '../src/members/account-member.entity.js';
import { ACCOUNT_PURGE_HOOKS, AccountPurge, orderReferrersFirst, type AccountPurgeHooks } from '../src/members/account-purge.js';
import { MEMBERS_MIGRATIONS } from '../src/members/members.module.js';
import { engines, type OpenDatabase } from './engines.js';

@Entity('suppliers')
class Supplier {
  @PrimaryColumn({ type: 'integer' }) id: number;
  @Column({ name: 'account_id', type: 'integer' }) accountId: number;
}

// Listed after what it refers to (see the entities below), so only the database's foreign key can put it first.
@Entity('parts')
class Part {
  @PrimaryColumn({ type: 'integer' }) id: number;
  @Column({ name: 'account_id', type: 'integer' }) accountId: number;
  @Column({ name: 'supplier_id', type: 'integer' }) supplierId: number;
}

@Entity('part_notes')
class PartNote {
  @PrimaryColumn({ name: 'part_id', type: 'integer' }) partId: number;
  @Column({ type: 'varchar', length: 20 }) text: string;
}

class CreateTables1767000000000 implements MigrationInterface {
  name = 'CreateTables1767000000000';
  async up(q: QueryRunner): Promise<void> {
    await q.query('CREATE TABLE "suppliers" ("id" integer PRIMARY KEY, "account_id" integer NOT NULL)');
    await q.query(
      'CREATE TABLE "parts" ("id" integer PRIMARY KEY, "account_id" integer NOT NULL, "supplier_id" integer NOT NULL CONSTRAINT "fk_parts_supplier" REFERENCES "suppliers" ("id") ON DELETE RESTRICT)',
    );
    await q.query('CREATE TABLE "part_notes" ("part_id" integer PRIMARY KEY, "text" varchar(20) NOT NULL)');
    await q.query('INSERT INTO "suppliers" ("id", "account_id") VALUES (1, 7), (2, 8)');
    await q.query('INSERT INTO "parts" ("id", "account_id", "supplier_id") VALUES (10, 7, 1), (11, 7, 1), (20, 8, 2)');
    await q.query(`INSERT INTO "part_notes" ("part_id", "text") VALUES (10, 'a'), (11, 'b'), (20, 'c')`);
    await q.query(
      `INSERT INTO "account_members" ("account_id", "user_id", "name", "role", "removed", "updated_at") VALUES (7, 7, 'Maria', 'owner', false, '2026-11-01'), (8, 8, 'Joe', 'owner', false, '2026-11-01')`,
    );
  }
  async down(): Promise<void> {}
}

const hooks = (calls: number[]): AccountPurgeHooks => ({
  beforeRows: async (accountId) => {
    calls.push(accountId);
  },
  children: [{ table: 'part_notes', column: 'part_id', parent: 'parts' }],
});
const moduleRefWith = (value: AccountPurgeHooks) => ({ get: (token: unknown) => (token === ACCOUNT_PURGE_HOOKS ? value : undefined) }) as unknown as ModuleRef;

describe.each([0, 1])('deleting an account in a service database (engine %#)', (index) => {
  let db: OpenDatabase | undefined;

  beforeAll(async () => {
    const engine = (
      await engines({ entities: [Supplier, Part, PartNote, AccountMemberEntity], migrations: [...MEMBERS_MIGRATIONS, CreateTables1767000000000] })
    )[index];
    db = await engine?.open();
  });

  afterAll(() => db?.close());

  const whenEngine = (name: string, fn: () => Promise<void>) => it(name, async () => (db ? fn() : undefined));
  const ids = async (sql: string) => ((await db!.dataSource.query(sql)) as Record<string, unknown>[]).map((r) => Number(Object.values(r)[0]));

  whenEngine(
    "removes the account's rows from every table with an account column and its children, referrers first, and nothing of another account",
    async () => {
      const calls: number[] = [];
      const purge = new AccountPurge(db!.dataSource, moduleRefWith(hooks(calls)));
      await purge.onDeleted({ accountId: 7, at: '2026-11-29T08:00:00.000Z' });

      expect(calls).toEqual([7]);
      await expect(ids('SELECT "id" FROM "suppliers" ORDER BY "id"')).resolves.toEqual([2]);
      await expect(ids('SELECT "id" FROM "parts" ORDER BY "id"')).resolves.toEqual([20]);
      await expect(ids('SELECT "part_id" FROM "part_notes" ORDER BY "part_id"')).resolves.toEqual([20]);
      await expect(ids('SELECT "account_id" FROM "account_members" ORDER BY "account_id"')).resolves.toEqual([8]);

      // The event comes again (a redelivery): nothing left to remove, no error.
      await purge.onDeleted({ accountId: 7, at: '2026-11-29T08:00:00.000Z' });
      await expect(ids('SELECT "id" FROM "parts" ORDER BY "id"')).resolves.toEqual([20]);
    },
  );

  whenEngine('ignores a malformed event', async () => {
    const calls: number[] = [];
    await new AccountPurge(db!.dataSource, moduleRefWith(hooks(calls))).onDeleted({ accountId: -1 } as never);
    expect(calls).toEqual([]);
    await expect(ids('SELECT "id" FROM "suppliers" ORDER BY "id"')).resolves.toEqual([2]);
  });
});

describe('orderReferrersFirst', () => {
  it('puts a table before every table it refers to, and keeps the order of the rest', () => {
    const refs = new Map([
      ['purchases', new Set(['parts'])],
      ['parts', new Set(['suppliers'])],
    ]);
    expect(orderReferrersFirst(['suppliers', 'fuel', 'parts', 'purchases'], (t) => t, refs)).toEqual(['purchases', 'parts', 'suppliers', 'fuel']);
  });
});
