import { distributedServersAvailable } from '@wrenchlog/testing';
import { queryService } from './database.js';
import { faultSuite } from './fault-suite.js';

const available = await distributedServersAvailable();
const describeDistributed = available ? describe : describe.skip;

describeDistributed('writes while a service is killed with kill -9 and started again', () => {
  const suite = faultSuite({ RPC_TIMEOUT_MS: '2000' });

  it('keeps every acknowledged write exactly once and serves again once the service is back', async () => {
    const run = `crash-${Date.now().toString(36)}`;
    const outcomes: { name: string; status: number }[] = [];
    const started = Date.now();
    let killed = false;
    let relaunched = false;
    for (let i = 0; Date.now() - started < 14000; i++) {
      const elapsed = Date.now() - started;
      if (!killed && elapsed > 2000) {
        await suite.fleet.kill('machine-service');
        killed = true;
      }
      if (killed && !relaunched && elapsed > 5000) {
        suite.fleet.launch('machine-service');
        relaunched = true;
      }
      const name = `${run}-${i}`;
      // Several writes in flight at once, so the kill cuts some in the middle of their handling.
      const batch = await Promise.all(
        [0, 1, 2].map(async (k) => {
          const res = await suite.api.post('/api/machines/create', { name: `${name}-${k}`, year: 2017, make: 'Case', model: '580N' }, suite.token);
          return { name: `${name}-${k}`, status: res.status };
        }),
      );
      outcomes.push(...batch);
    }

    const acknowledged = outcomes.filter((o) => o.status === 201).map((o) => o.name);
    const stored = (
      await queryService<{ name: string }>(suite.fleet.env.DATABASE_URL, 'machine', 'SELECT name FROM machines WHERE name LIKE $1', [`${run}-%`])
    ).map((r) => r.name);
    const lost = acknowledged.filter((n) => !stored.includes(n));
    const duplicated = stored.length - new Set(stored).size;
    suite.rows.push({
      fault: 'kill -9 machine-service, restart',
      attempted: outcomes.length,
      acknowledged: acknowledged.length,
      found: stored.length,
      lost: lost.length,
      duplicated,
    });

    expect(outcomes.some((o) => o.status === 503)).toBe(true);
    expect(outcomes.every((o) => o.status === 201 || o.status === 503)).toBe(true);
    expect(lost).toEqual([]);
    expect(duplicated).toBe(0);
    expect(outcomes.slice(-6).every((o) => o.status === 201)).toBe(true);
  });
});
