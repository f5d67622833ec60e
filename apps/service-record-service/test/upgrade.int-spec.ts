import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { accountActor } from '@wrenchlog/contracts';
import { KnownMachineEntity, loadEnv } from '@wrenchlog/platform';
import { privateDatabaseBase, TEST_POSTGRES_URL, testEngines } from '@wrenchlog/testing';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { AppModule } from '../src/app.module.js';
import { ServiceRecordEnv } from '../src/config/service-record-env.js';
import { MoveToAccounts1766100000100 } from '../src/migrations/1766100000100-move-to-accounts.js';
import { RecordsService } from '../src/records/records.service.js';
import { ServiceRecordEntity } from '../src/records/service-record.entity.js';

// Issue 32's migration on a database the release before accounts wrote (the upgrade fixture of
// gateway-e2e: its SQLite file, or its PostgreSQL dump): every record moves to the account of its
// owner's id, added by the owner, and each owner's account answers exactly what the owner had.
const FIXTURE = new URL('../../gateway-e2e/fixtures/upgrade/r30/', import.meta.url).pathname;

describe.each(await testEngines())('service records of the release before accounts (%s)', (engine) => {
  const dir = mkdtempSync(join(tmpdir(), 'wl-service-record-upgrade-'));
  const databases = engine === 'postgres' ? privateDatabaseBase() : undefined;
  let app: INestApplicationContext;
  let before: { userId: number; records: number }[];

  /** A connection of the test's own to the service's database, for what the service does not answer. */
  const raw = async <T>(options: DataSourceOptions, work: (db: DataSource) => Promise<T>): Promise<T> => {
    const db = await new DataSource(options).initialize();
    try {
      return await work(db);
    } finally {
      await db.destroy();
    }
  };

  beforeAll(async () => {
    const vars: Record<string, string> = { DATA_DIR: dir, LOG_LEVEL: 'error' };
    let database: DataSourceOptions;
    if (databases) {
      vars.DATABASE_URL = databases.url;
      const name = `${new URL(databases.url).pathname.slice(1)}_service_record`;
      await raw({ type: 'postgres', url: TEST_POSTGRES_URL }, (db) => db.query(`CREATE DATABASE "${name}"`));
      database = { type: 'postgres', url: new URL(`/${name}`, TEST_POSTGRES_URL).toString() };
      const dump = readFileSync(join(FIXTURE, 'distributed/postgres/service_record.sql'), 'utf8');
      await raw(database, (db) => db.query(dump));
    } else {
      mkdirSync(join(dir, 'db'));
      copyFileSync(join(FIXTURE, 'embedded/data-folder/db/service-record-service.sqlite'), join(dir, 'db/service-record-service.sqlite'));
      database = { type: 'better-sqlite3', database: join(dir, 'db/service-record-service.sqlite') };
    }
    const counts: { user_id: number | string; n: number | string }[] = await raw(database, (db) =>
      db.query('SELECT user_id, COUNT(*) AS n FROM service_records GROUP BY user_id ORDER BY user_id'),
    );
    before = counts.map((c) => ({ userId: Number(c.user_id), records: Number(c.n) }));
    app = await NestFactory.createApplicationContext(AppModule.register(loadEnv(ServiceRecordEnv, vars)), { logger: false });
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
    await databases?.drop();
  });

  it("answers each owner's account exactly the records the owner had, each added by the owner", async () => {
    expect(before.length).toBeGreaterThan(0);
    for (const { userId, records } of before) {
      const page = await app.get(RecordsService).recent(accountActor(userId), { size: 100 });

      expect(page.totalElements).toBe(records);
      expect(page.content.map((r) => [r.createdBy?.id, r.updatedBy])).toEqual(page.content.map(() => [userId, null]));
    }
  });

  it('moves the machine projection with them, and a second run of the migration changes nothing', async () => {
    const dataSource = app.get(DataSource);
    const state = async () => ({
      records: await dataSource.getRepository(ServiceRecordEntity).find({ order: { id: 'ASC' } }),
      machines: await dataSource.getRepository(KnownMachineEntity).find({ order: { machineId: 'ASC' } }),
    });
    const migrated = await state();
    expect(new Set(migrated.machines.map((m) => m.accountId))).toEqual(new Set(before.map((b) => b.userId)));

    const runner = dataSource.createQueryRunner();
    try {
      await new MoveToAccounts1766100000100().up(runner);
    } finally {
      await runner.release();
    }

    expect(await state()).toEqual(migrated);
  });
});
