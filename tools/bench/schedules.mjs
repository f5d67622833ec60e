// Issue 21's figures: the fleet's Due list (GET /api/schedules) for a 1,000-machine account with 3
// schedules each, judged like the other list calls, and the time from a reading to the recomputed
// status a caller sees.
import { ApiClient, createApprovedUser, createMachine } from '@wrenchlog/testing';
import { performance } from 'node:perf_hooks';
import { summarize } from './stats.mjs';

const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (n) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

/** Runs `work(i)` for i < count, `parallel` at a time. */
async function pool(count, parallel, work) {
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < count) {
        await work(next++);
      }
    }),
  );
}

/** Retries a call a service may refuse with 404 until it has heard of a new machine. */
export async function whenKnown(call, timeoutMs = 60000) {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const res = await call();
    if (res.status !== 404 || performance.now() > deadline) {
      return res;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * A user with `machines` machines and `perMachine` schedules each, set up through the API as the
 * web app would (a third of them due soon or overdue by date, so the filtered list has rows).
 */
export async function prepareFleet(product, { machines = 1000, perMachine = 3, log = () => undefined } = {}) {
  const api = new ApiClient(product.baseUrl);
  const user = await createApprovedUser(api, { name: 'Bench fleet' });
  const ids = [];
  const t0 = performance.now();
  await pool(machines, 8, async (i) => {
    ids[i] = (await createMachine(api, user.token, { name: `Fleet ${String(i).padStart(4, '0')}`, type: i % 2 ? 'Tractor' : 'Pickup' })).id;
  });
  log(`fleet: ${machines} machines in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const t1 = performance.now();
  await pool(machines * perMachine, 8, async (n) => {
    const machineId = ids[Math.floor(n / perMachine)];
    const k = n % perMachine;
    const body = [
      { title: 'Engine oil and filter', serviceType: 'Oil Change', intervalHours: 250, intervalMonths: 12, recurring: true, anchor: 'completion' },
      { title: 'Annual inspection', serviceType: 'Inspection', intervalMonths: 12, recurring: true, anchor: 'fixed', lastDoneDate: daysAgo(300 + (n % 90)) },
      { title: 'Grease fittings', serviceType: 'Maintenance', intervalDays: 7, recurring: true, anchor: 'completion', lastDoneDate: daysAgo(n % 10) },
    ][k];
    const res = await whenKnown(() => api.post(`/api/machines/${machineId}/schedules`, body, user.token));
    if (res.status !== 201) {
      throw new Error(`schedule create answered ${res.status} ${res.text}`);
    }
  });
  log(`fleet: ${machines * perMachine} schedules in ${((performance.now() - t1) / 1000).toFixed(1)} s`);
  return { api, user, machineIds: ids };
}

/** The Due page's calls: the filtered first page, the full list's pages, the type filter. */
export function dueScenarios({ user }) {
  const auth = { authorization: `Bearer ${user.token}` };
  const list = (path) => ({ method: 'GET', path, headers: auth });
  return [
    { name: 'due list', kind: 'list', request: list('/api/schedules?status=overdue,due_soon&page=0&size=20') },
    {
      name: 'due list mix',
      kind: 'list',
      requests: ['page=0&size=20', 'page=5&size=20', 'status=upcoming&page=2&size=50', 'status=overdue,due_soon&machineType=Tractor&page=0&size=20'].map((q) =>
        list(`/api/schedules?${q}`),
      ),
    },
  ];
}

/**
 * From a reading to the recomputed status: a new hours reading that makes an oil schedule due
 * soon, timed from the POST until GET /api/schedules/{id} answers the new status (readings
 * recompute their machine's schedules in the same transaction, so this is the POST and one read
 * unless that changes). The schedule is completed back between samples by a further baseline move.
 */
export async function measureReadingToStatus({ api, user, machineIds }, { samples = 20 } = {}) {
  const times = [];
  let errors = 0;
  for (let i = 0; i < samples; i++) {
    const machineId = machineIds[i % machineIds.length];
    const hours = (await api.get(`/api/machines/${machineId}/meters`, user.token)).body.find((m) => m.kind === 'hours');
    const schedule = (await api.get(`/api/machines/${machineId}/schedules`, user.token)).body.find((s) => s.title === 'Engine oil and filter');
    // Make it upcoming again from the meter's current value, then read past its window.
    const base = hours.currentValue ?? 0;
    await api.put(`/api/schedules/${schedule.id}`, { ...schedule, lastDoneHours: base + 0.1 }, user.token);
    const t0 = performance.now();
    const res = await api.post(`/api/meters/${hours.id}/readings`, { value: Math.round((base + 240) * 10) / 10, readAt: today() }, user.token);
    if (res.status !== 201) {
      errors++;
      continue;
    }
    for (;;) {
      const s = (await api.get(`/api/schedules/${schedule.id}`, user.token)).body;
      if (s.status === 'due_soon') {
        times.push(performance.now() - t0);
        break;
      }
      if (performance.now() - t0 > 10000) {
        errors++;
        break;
      }
    }
  }
  return summarize(times, 1, errors);
}
