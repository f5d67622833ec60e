import { Test, type TestingModule } from '@nestjs/testing';
import { accountActor } from '@wrenchlog/contracts';
import { loadEnv } from '@wrenchlog/platform';
import { privateDatabaseBase, testEngines, type TestEngine } from '@wrenchlog/testing';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { AppModule } from '../src/app.module.js';
import { ReportEnv } from '../src/config/report-env.js';
import { ReportsService } from '../src/reports/reports.service.js';

/** The release before accounts, as it left report-service's database (apps/gateway-e2e/fixtures/upgrade). */
const FIXTURE = new URL('../../gateway-e2e/fixtures/upgrade/r30/', import.meta.url).pathname;

/** Each owner's monthly totals in cents before the upgrade, summed per owner (user_id). */
type Totals = Map<number, number>;

/**
 * report-service's database written by the previous release, laid out for this one on `engine`
 * (the SQLite file of the embedded fixture, or the PostgreSQL dump of the distributed one).
 */
async function restore(engine: TestEngine, dataDir: string): Promise<{ vars: Record<string, string>; old: DataSourceOptions; drop: () => Promise<void> }> {
  if (engine === 'sqlite') {
    const file = join(dataDir, 'db/report-service.sqlite');
    mkdirSync(join(dataDir, 'db'));
    copyFileSync(join(FIXTURE, 'embedded/data-folder/db/report-service.sqlite'), file);
    return { vars: {}, old: { type: 'better-sqlite3', database: file }, drop: async () => undefined };
  }
  const base = privateDatabaseBase();
  const url = new URL(base.url);
  url.pathname = `${url.pathname}_report`;
  const admin = new pg.Client({ connectionString: new URL('/postgres', base.url).toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${url.pathname.slice(1)}"`);
  await admin.end();
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  await client.query(readFileSync(join(FIXTURE, 'distributed/postgres/report.sql'), 'utf8'));
  await client.end();
  return { vars: { DATABASE_URL: base.url }, old: { type: 'postgres', url: url.toString() }, drop: base.drop };
}

/** Each owner's 2026 monthly totals in cents, read before the upgrade (no migration run). */
async function oldTotals(options: DataSourceOptions): Promise<Totals> {
  const db = await new DataSource(options).initialize();
  try {
    const rows: { owner: number | string; cents: number | string }[] = await db.query(
      `SELECT user_id AS "owner", SUM(amount_cents) AS cents FROM report_monthly WHERE month LIKE '2026-%' GROUP BY user_id`,
    );
    return new Map(rows.map((r) => [Number(r.owner), Number(r.cents)]));
  } finally {
    await db.destroy();
  }
}

// Issue 32's migration on a database the previous release wrote (not the new schema with rows
// inserted): every owner's read model moves to their account, and their reports read the same.
describe.each(await testEngines())('the read model of the release before accounts (%s)', (engine) => {
  let moduleRef: TestingModule;
  let before: Totals;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'wl-report-upgrade-'));
    const { vars, old, drop } = await restore(engine, dataDir);
    cleanup = async () => {
      rmSync(dataDir, { recursive: true, force: true });
      await drop();
    };
    before = await oldTotals(old);
    const env = loadEnv(ReportEnv, { DATA_DIR: dataDir, LOG_LEVEL: 'error', ...vars });
    moduleRef = await Test.createTestingModule({ imports: [AppModule.register(env)] }).compile();
    await moduleRef.init();
  }, 60_000);

  afterAll(async () => {
    await moduleRef?.close();
    await cleanup?.();
  });

  it("moves every owner's rows to their account, and each account's report adds up to its owner's old totals", async () => {
    expect(before.size).toBeGreaterThan(0);
    const reports = moduleRef.get(ReportsService);
    for (const [owner, cents] of before) {
      const fleet = await reports.fleet(accountActor(owner), { from: '2026-01-01', to: '2026-12-31' });
      expect(Math.round(fleet.totals.total * 100)).toBe(cents);
    }
    const columns = await moduleRef.get(DataSource).query(`SELECT * FROM report_records LIMIT 1`);
    expect(Object.keys(columns[0])).toEqual(expect.arrayContaining(['account_id']));
    expect(Object.keys(columns[0])).not.toContain('user_id');
  });
});
