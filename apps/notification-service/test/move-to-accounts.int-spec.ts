import { createTestDatabase, testEngines } from '@wrenchlog/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { migrations } from '../src/migrations/index.js';

// Issue 32: a database written by the release before accounts (its migrations, its rows with
// user_id) moves to accounts with every row in its owner's account, and takes a second member.
const before = migrations.slice(
  0,
  migrations.findIndex((m) => m.name === 'CreateAccountMembers1766100000000'),
);

const OLD_ROWS = [
  `INSERT INTO "notifications" ("id", "user_id", "kind", "title", "machine_id", "schedule_id", "link", "dedupe_key", "in_app", "created_at", "read_at")
   VALUES (1, 101, 'schedule_due_soon', 'Due soon: Oil (Loader)', 11, 7, '/machines/11?tab=schedules', 'schedule:7:due_soon:x', TRUE, '2026-03-01 10:00:00', '2026-03-01 11:00:00')`,
  `INSERT INTO "notifications" ("id", "user_id", "kind", "title", "machine_id", "schedule_id", "link", "dedupe_key", "in_app", "created_at", "read_at")
   VALUES (2, 101, 'weekly_report', 'Weekly usage report: $10.00', NULL, NULL, '/reports', 'weekly:101:2026-02-23', TRUE, '2026-03-02 08:00:00', NULL)`,
  `INSERT INTO "notification_preferences" ("user_id", "digest_time", "time_zone", "kinds", "updated_at") VALUES (101, '07:30', 'Europe/Paris', '{}', '2026-03-01 10:00:00')`,
  `INSERT INTO "calendar_tokens" ("user_id", "token_hash", "created_at") VALUES (101, 'abc', '2026-03-01 10:00:00')`,
  `INSERT INTO "digests" ("user_id", "local_date", "items", "created_at") VALUES (101, '2026-03-01', 1, '2026-03-01 10:00:00')`,
  `INSERT INTO "weekly_reports" ("user_id", "period_from", "period_to", "created_at") VALUES (101, '2026-02-23', '2026-03-01', '2026-03-02 08:00:00')`,
  `INSERT INTO "push_subscriptions" ("user_id", "endpoint", "p256dh", "auth", "created_at") VALUES (101, 'https://push.example/1', 'k', 'a', '2026-03-01 10:00:00')`,
  `INSERT INTO "webhooks" ("id", "user_id", "url", "events", "secret", "created_at") VALUES (5, 101, 'https://example.com/h', '["ping"]', 'whsec_x', '2026-03-01 10:00:00')`,
  `INSERT INTO "known_machines" ("machine_id", "user_id", "name", "deleted", "updated_at") VALUES (11, 101, 'Loader', FALSE, '2026-03-01 10:00:00')`,
];

async function open(options: DataSourceOptions, list: DataSourceOptions['migrations']): Promise<DataSource> {
  const dataSource = await new DataSource({ ...options, migrations: list } as DataSourceOptions).initialize();
  await dataSource.runMigrations();
  return dataSource;
}

describe.each(await testEngines())('the move to accounts on a database of the release before (%s)', (engine) => {
  let options: DataSourceOptions;
  let cleanup: () => Promise<void>;
  let db: DataSource;

  beforeAll(async () => {
    if (engine === 'postgres') {
      const database = await createTestDatabase();
      options = { type: 'postgres', url: database.url };
      cleanup = database.drop;
    } else {
      const dir = mkdtempSync(join(tmpdir(), 'wl-notify-upgrade-'));
      options = { type: 'better-sqlite3', database: join(dir, 'old.sqlite') };
      cleanup = async () => rmSync(dir, { recursive: true, force: true });
    }
    const old = await open(options, before);
    for (const sql of OLD_ROWS) {
      await old.query(sql);
    }
    await old.destroy();
    db = await open(options, migrations);
  });
  afterAll(async () => {
    await db?.destroy();
    await cleanup?.();
  });

  const one = async (sql: string): Promise<Record<string, unknown>[]> => db.query(sql);

  it("puts every row in its owner's account, the person kept where rows are per member", async () => {
    expect(await one(`SELECT "id", "account_id", "user_id" FROM "notifications" ORDER BY "id"`)).toEqual([
      { id: 1, account_id: 101, user_id: null },
      { id: 2, account_id: 101, user_id: 101 },
    ]);
    // The owner's read state moved to the per-member reads.
    expect(await one(`SELECT "notification_id", "user_id" FROM "notification_reads"`)).toEqual([{ notification_id: 1, user_id: 101 }]);
    expect(await one(`SELECT "account_id", "user_id", "time_zone" FROM "notification_preferences"`)).toEqual([
      { account_id: 101, user_id: 101, time_zone: 'Europe/Paris' },
    ]);
    expect(await one(`SELECT "account_id", "user_id", "token_hash" FROM "calendar_tokens"`)).toEqual([{ account_id: 101, user_id: 101, token_hash: 'abc' }]);
    for (const table of ['digests', 'weekly_reports', 'push_subscriptions']) {
      expect(await one(`SELECT "account_id", "user_id" FROM "${table}"`)).toEqual([{ account_id: 101, user_id: 101 }]);
    }
    expect(await one(`SELECT "account_id", "created_by", "updated_by" FROM "webhooks"`)).toEqual([{ account_id: 101, created_by: 101, updated_by: null }]);
    expect(await one(`SELECT "account_id" FROM "known_machines"`)).toEqual([{ account_id: 101 }]);
  });

  it("takes a second member's own settings, digest, report and calendar in the same account", async () => {
    await db.query(
      `INSERT INTO "notification_preferences" ("account_id", "user_id", "digest_time", "time_zone", "kinds", "updated_at") VALUES (101, 1101, '08:00', 'UTC', '{}', '2026-03-02 10:00:00')`,
    );
    await db.query(`INSERT INTO "calendar_tokens" ("account_id", "user_id", "token_hash", "created_at") VALUES (101, 1101, 'def', '2026-03-02 10:00:00')`);
    await db.query(
      `INSERT INTO "digests" ("account_id", "user_id", "local_date", "items", "created_at") VALUES (101, 1101, '2026-03-01', 1, '2026-03-02 10:00:00')`,
    );
    await db.query(
      `INSERT INTO "weekly_reports" ("account_id", "user_id", "period_from", "period_to", "created_at") VALUES (101, 1101, '2026-02-23', '2026-03-01', '2026-03-02 10:00:00')`,
    );
    // Still one digest a day per member.
    await expect(
      db.query(
        `INSERT INTO "digests" ("account_id", "user_id", "local_date", "items", "created_at") VALUES (101, 1101, '2026-03-01', 1, '2026-03-02 11:00:00')`,
      ),
    ).rejects.toThrow();
  });

  it('goes back down to the release before, keeping the owners’ rows', async () => {
    // Down through the move and every migration since (the members projection's time zone).
    const since = migrations.filter((m) => Number(/\d{13}$/.exec(m.name)![0]) >= 1766100000100).length;
    for (let i = 0; i < since; i++) {
      await db.undoLastMigration();
    }
    expect(await one(`SELECT "user_id", "time_zone" FROM "notification_preferences"`)).toEqual([{ user_id: 101, time_zone: 'Europe/Paris' }]);
    expect(await one(`SELECT "user_id" FROM "webhooks"`)).toEqual([{ user_id: 101 }]);
    // And up again.
    await db.runMigrations();
    expect(await one(`SELECT "account_id", "user_id" FROM "notification_preferences"`)).toEqual([{ account_id: 101, user_id: 101 }]);
  });
});
