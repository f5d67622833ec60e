import { distributedServersAvailable, TEST_POSTGRES_URL } from '@wrenchlog/testing';
import pg from 'pg';
import { queryService } from './database.js';
import { faultSuite } from './fault-suite.js';

const available = await distributedServersAvailable();
const describeDistributed = available ? describe : describe.skip;

/**
 * Makes one service's database unreachable (or reachable again) without stopping the shared
 * server: new connections are refused and the open ones are cut.
 */
async function setDatabaseReachable(database: string, reachable: boolean): Promise<void> {
  const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await admin.connect();
  try {
    await admin.query(`ALTER DATABASE "${database}" WITH ALLOW_CONNECTIONS ${reachable}`);
    if (!reachable) {
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [database]);
    }
  } finally {
    await admin.end();
  }
}

describeDistributed('writes while PostgreSQL is out of reach for a few seconds', () => {
  const suite = faultSuite();

  it('answers clear 503s while the database is gone and recovers by itself', async () => {
    const run = `dbdown-${Date.now().toString(36)}`;
    const outcomes: { name: string; status: number; code?: string }[] = [];
    const machineDatabase = `${new URL(suite.fleet.env.DATABASE_URL).pathname.slice(1)}_machine`;
    const started = Date.now();
    let down = false;
    let back = false;
    try {
      for (let i = 0; Date.now() - started < 10000; i++) {
        const elapsed = Date.now() - started;
        if (!down && elapsed > 2000) {
          await setDatabaseReachable(machineDatabase, false);
          down = true;
        }
        if (down && !back && elapsed > 5000) {
          await setDatabaseReachable(machineDatabase, true);
          back = true;
        }
        const name = `${run}-${i}`;
        const res = await suite.api.post('/api/machines/create', { name, year: 2015, make: 'Toro', model: 'Groundsmaster' }, suite.token);
        outcomes.push({ name, status: res.status, code: res.body?.code });
        await new Promise((r) => setTimeout(r, 100));
      }
    } finally {
      // Whatever happened, the database is reachable again for the next suites.
      await setDatabaseReachable(machineDatabase, true);
    }

    const acknowledged = outcomes.filter((o) => o.status === 201).map((o) => o.name);
    const stored = (
      await queryService<{ name: string }>(suite.fleet.env.DATABASE_URL, 'machine', 'SELECT name FROM machines WHERE name LIKE $1', [`${run}-%`])
    ).map((r) => r.name);
    const lost = acknowledged.filter((n) => !stored.includes(n));
    suite.rows.push({
      fault: 'PostgreSQL unreachable ~3 s',
      attempted: outcomes.length,
      acknowledged: acknowledged.length,
      found: stored.length,
      lost: lost.length,
      duplicated: stored.length - new Set(stored).size,
    });

    const failed = outcomes.filter((o) => o.status !== 201);
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.every((o) => o.status === 503 && o.code === 'UNAVAILABLE')).toBe(true);
    expect(lost).toEqual([]);
    expect(new Set(stored).size).toBe(stored.length);
    expect(outcomes.slice(-5).every((o) => o.status === 201)).toBe(true);
  });
});
