import { createTestDatabase, testEngines } from '@wrenchlog/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { MoveToAccounts1766100000100 } from '../src/migrations/1766100000100-move-to-accounts.js';
import { migrations } from '../src/migrations/index.js';

// Issue 32: a database of the release before accounts (its migrations, rows owned by user 7) moves
// to account 7, with user 7 as the one who added each reading; running it again changes nothing.
const before = migrations.slice(
  0,
  migrations.findIndex((m) => m.name === 'CreateAccountMembers1766100000000'),
);

describe.each(await testEngines())('schedule-service migration to accounts (%s)', (engine) => {
  let options: DataSourceOptions;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    if (engine === 'postgres') {
      const db = await createTestDatabase();
      options = { type: 'postgres', url: db.url };
      cleanup = db.drop;
    } else {
      const dir = mkdtempSync(join(tmpdir(), 'wl-schedule-migrate-'));
      options = { type: 'better-sqlite3', database: join(dir, 'schedule.sqlite') };
      cleanup = async () => rmSync(dir, { recursive: true, force: true });
    }
  });
  afterAll(() => cleanup?.());

  const migrate = async (list: typeof migrations, then?: (ds: DataSource) => Promise<void>) => {
    const ds = await new DataSource({ ...options, migrations: list }).initialize();
    try {
      await ds.runMigrations();
      await then?.(ds);
    } finally {
      await ds.destroy();
    }
  };

  it("moves every row to the owner's account and names the owner as who added its readings, once however often it runs", async () => {
    await migrate(before, async (ds) => {
      const now = new Date().toISOString();
      await ds.query(`INSERT INTO known_machines (machine_id, user_id, name, updated_at) VALUES (5, 7, 'Tractor', '${now}')`);
      await ds.query(
        `INSERT INTO meters (user_id, machine_id, kind, unit, label, rollover_value, date_created) VALUES (7, 5, 'hours', 'h', 'Engine hours', 10000, '${now}')`,
      );
      await ds.query(
        `INSERT INTO meter_readings (user_id, machine_id, meter_id, segment_id, value, lifetime, read_at, source, date_created) VALUES (7, 5, 1, 1, 12, 12, '2025-01-01', 'manual', '${now}')`,
      );
    });
    await migrate(migrations, async (ds) => {
      // A second run (a restart cut short, say) changes nothing.
      const runner = ds.createQueryRunner();
      await new MoveToAccounts1766100000100().up(runner);
      await runner.release();
      expect((await ds.query('SELECT account_id FROM known_machines')).map((r: { account_id: unknown }) => Number(r.account_id))).toEqual([7]);
      const [reading] = await ds.query('SELECT account_id, created_by, updated_by FROM meter_readings');
      expect([reading.account_id, reading.created_by, reading.updated_by].map((v) => (v === null ? null : Number(v)))).toEqual([7, 7, null]);
      for (const table of ['meters', 'meter_segments', 'schedules', 'schedule_completions', 'known_records']) {
        await expect(ds.query(`SELECT account_id FROM ${table}`)).resolves.toBeDefined();
      }
      await expect(ds.query('SELECT created_by, updated_by FROM schedules')).resolves.toEqual([]);
    });
  });
});
