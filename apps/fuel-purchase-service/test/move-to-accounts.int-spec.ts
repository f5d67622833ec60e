import { MEMBERS_MIGRATIONS } from '@wrenchlog/platform';
import { createTestDatabase, testEngines, type TestEngine } from '@wrenchlog/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { migrations } from '../src/migrations/index.js';
import { MoveToAccounts1766100000100 } from '../src/migrations/1766100000100-move-to-accounts.js';

/** The schema of the release before accounts: every migration before the members projection's. */
const previousRelease = migrations.slice(0, migrations.indexOf(MEMBERS_MIGRATIONS[0]!));

// Issue 32: a database written by the previous release moves to accounts at boot, on both engines,
// and running the move again (a boot cut short after it) changes nothing.
describe.each(await testEngines())('the move to accounts (%s)', (engine: TestEngine) => {
  let options: (list: typeof migrations) => DataSourceOptions;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    if (engine === 'postgres') {
      const db = await createTestDatabase();
      options = (list) => ({ type: 'postgres', url: db.url, migrations: list, entities: [] });
      cleanup = db.drop;
    } else {
      const dir = mkdtempSync(join(tmpdir(), 'wl-fuel-move-'));
      options = (list) => ({ type: 'better-sqlite3', database: join(dir, 'fuel.sqlite'), migrations: list, entities: [] });
      cleanup = async () => rmSync(dir, { recursive: true, force: true });
    }
  });

  afterAll(() => cleanup());

  it("gives every row its owner's account, credits the owner with what they added, and is idempotent", async () => {
    const before = new DataSource(options(previousRelease));
    await before.initialize();
    await before.runMigrations();
    const now = '2026-10-01T00:00:00.000Z';
    // Positional parameters: `?` on SQLite, `$n` on PostgreSQL.
    const insert = (sql: string, values: unknown[]) => {
      let n = 0;
      return before.query(engine === 'postgres' ? sql.replace(/\?/g, () => `$${++n}`) : sql, values);
    };
    await insert(`INSERT INTO known_machines (machine_id, user_id, deleted, updated_at) VALUES (?, ?, FALSE, ?)`, [10, 7, now]);
    await insert(
      `INSERT INTO fuel_records (user_id, machine_id, amount_milli, price_per_unit_milli, total_price_cents, date_of_purchase, date_created) VALUES (?, ?, ?, ?, ?, ?, ?)`,
      [7, 10, 10_000, 3_500, 3_500, now, now],
    );
    await insert(`INSERT INTO suppliers (user_id, name, contact, email, phone) VALUES (?, ?, ?, ?, ?)`, [7, 'NAPA', 'Marcus', 'm@example.com', '555']);
    await insert(
      `INSERT INTO purchases (user_id, part_name, quantity, price_cents, store_name, part_status, purchase_date, create_date) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      [7, 'Seal kit', 1, 8_900, 'NAPA', 'New', now, now],
    );
    await before.destroy();

    const after = new DataSource(options(migrations));
    await after.initialize();
    await after.runMigrations();
    const people = async (table: string) => after.query(`SELECT account_id, created_by, updated_by FROM ${table}`);
    for (const table of ['fuel_records', 'suppliers', 'purchases']) {
      expect((await people(table)).map((r: Record<string, unknown>) => [Number(r.account_id), Number(r.created_by), r.updated_by])).toEqual([[7, 7, null]]);
    }
    expect((await after.query(`SELECT account_id FROM known_machines`)).map((r: Record<string, unknown>) => Number(r.account_id))).toEqual([7]);

    const runner = after.createQueryRunner();
    await new MoveToAccounts1766100000100().up(runner);
    expect((await people('fuel_records')).map((r: Record<string, unknown>) => Number(r.account_id))).toEqual([7]);
    expect(await runner.hasColumn('known_machines', 'created_by')).toBe(false);
    await runner.release();
    await after.destroy();
  });
});
