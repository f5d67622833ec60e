import { distributedServersAvailable } from '@wrenchlog/testing';
import { queryService } from './database.js';
import { faultSuite } from './fault-suite.js';

const available = await distributedServersAvailable();
const describeDistributed = available ? describe : describe.skip;

describeDistributed('a rolling update of a service under load', () => {
  const suite = faultSuite();

  it('loses no request when a new replica starts and the old one gets SIGTERM', async () => {
    const run = `rollout-${Date.now().toString(36)}`;
    const outcomes: { name: string; status: number }[] = [];
    const started = Date.now();
    let rolled: Promise<void> | undefined;
    let rolledAt = Infinity;
    // Load from 2 s before the rollout until 3 s after the old replica has stopped, however long the
    // new one takes to start on a busy machine.
    for (let i = 0; Date.now() - rolledAt < 3000 && Date.now() - started < 90000; i++) {
      if (!rolled && Date.now() - started > 2000) {
        // As a Deployment rollout does: the new pod comes up on the same queue and is ready, then the old one is told to stop.
        suite.fleet.launch('machine-service', 'machine-service-v2');
        rolled = suite.fleet
          .waitForReplica('machine-service-v2')
          .then(() => suite.fleet.kill('machine-service', 'SIGTERM'))
          .then(() => void (rolledAt = Date.now()));
      }
      const batch = await Promise.all(
        [0, 1, 2].map(async (k) => {
          const name = `${run}-${i}-${k}`;
          return { name, status: (await suite.api.post('/api/machines/create', { name, year: 2022, make: 'JCB', model: '3CX' }, suite.token)).status };
        }),
      );
      outcomes.push(...batch);
    }
    await rolled;

    const acknowledged = outcomes.filter((o) => o.status === 201).map((o) => o.name);
    const stored = (
      await queryService<{ name: string }>(suite.fleet.env.DATABASE_URL, 'machine', 'SELECT name FROM machines WHERE name LIKE $1', [`${run}-%`])
    ).map((r) => r.name);
    suite.rows.push({
      fault: 'rolling update (SIGTERM)',
      attempted: outcomes.length,
      acknowledged: acknowledged.length,
      found: stored.length,
      lost: acknowledged.filter((n) => !stored.includes(n)).length,
      duplicated: stored.length - new Set(stored).size,
    });

    expect(outcomes.filter((o) => o.status !== 201)).toEqual([]);
    expect(new Set(stored).size).toBe(outcomes.length);
  });
});
