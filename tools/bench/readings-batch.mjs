// "readings-batch" (issue 33): one POST /api/readings/batch of 1,000 readings, as a telematics box
// sends them: its latency from request to answer (stored in one transaction, the outbox events
// with it) and the readings per second that makes. Each batch is fresh readings of one machine's
// hour meter, named by VIN, a day apart and rising, so every one is stored.
import { ApiClient, createApprovedUser, createMachine, expectEventually } from '@wrenchlog/testing';
import { performance } from 'node:perf_hooks';
import { summarize } from './stats.mjs';

const READINGS = 1000;
const dayAgo = (n) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

export async function measureReadingsBatch(product, { batches = 3 } = {}) {
  const api = new ApiClient(product.baseUrl);
  const user = await createApprovedUser(api, { name: 'Bench telematics' });
  const vin = `BENCH${Date.now().toString(36).toUpperCase()}`;
  const machine = await createMachine(api, user.token, { name: 'Bench telematics loader', vin });
  await expectEventually(async () => {
    const meters = (await api.get(`/api/machines/${machine.id}/meters`, user.token)).body;
    if (!Array.isArray(meters) || !meters.some((m) => m.kind === 'hours')) {
      throw new Error('no hour meter yet');
    }
  });
  const times = [];
  let errors = 0;
  for (let b = 0; b < batches; b++) {
    const readings = Array.from({ length: READINGS }, (_, i) => {
      const n = b * READINGS + i;
      return { vin, kind: 'hours', value: n, readAt: `${dayAgo(batches * READINGS - n)}T08:00:00Z` };
    });
    const t0 = performance.now();
    const res = await api.post('/api/readings/batch', { readings }, user.token);
    const ms = performance.now() - t0;
    if (res.status !== 200 || res.body.stored !== READINGS) {
      errors++;
      console.warn(`  readings batch ${b}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
      continue;
    }
    times.push(ms);
  }
  const latency = summarize(times, 1, errors);
  return { ...latency, batches, readings: READINGS, readingsPerSecond: (READINGS * 1000) / latency.p50 };
}
