// Issue 24's figure: the time from a change of a schedule's status to the signed webhook arriving,
// p95 over every endpoint of every sample, with 50 endpoints subscribed to schedule.due_soon.
import { ApiClient, createApprovedUser, createMachine } from '@wrenchlog/testing';
import { createServer } from 'node:http';
import { performance } from 'node:perf_hooks';
import { summarize } from './stats.mjs';

const today = () => new Date().toISOString().slice(0, 10);

/** A local receiver: the time each path first received schedule.due_soon for each schedule. */
async function receiver() {
  const arrivals = new Map();
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const at = performance.now();
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        const key = `${req.url} ${body.data?.scheduleId}`;
        if (body.type === 'schedule.due_soon' && !arrivals.has(key)) {
          arrivals.set(key, at);
        }
      } catch {
        // not ours
      }
      res.writeHead(200).end();
    });
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return { arrivals, url: (path) => `http://127.0.0.1:${server.address().port}${path}`, close: () => new Promise((r) => server.close(r)) };
}

/**
 * `samples` times: a schedule that a new hours reading makes due soon, timed from the reading's
 * POST (the status changes in its transaction) to each of the `endpoints` webhooks received.
 * The product must allow private networks (BENCH_ENV): the receiver listens on 127.0.0.1.
 */
export async function measureStatusToWebhook(product, { endpoints = 50, samples = 10, log = () => undefined } = {}) {
  const api = new ApiClient(product.baseUrl);
  const user = await createApprovedUser(api, { name: 'Bench webhooks' });
  const rx = await receiver();
  try {
    for (let i = 0; i < endpoints; i++) {
      const res = await api.post('/api/webhooks', { url: rx.url(`/e${i}`), events: ['schedule.due_soon'] }, user.token);
      if (res.status !== 201) {
        throw new Error(`webhook create answered ${res.status} ${res.text}`);
      }
    }
    const machine = await createMachine(api, user.token, { name: 'Bench webhook tractor', type: 'Tractor' });
    let hours;
    for (const deadline = performance.now() + 30000; !hours && performance.now() < deadline;) {
      hours = (await api.get(`/api/machines/${machine.id}/meters`, user.token)).body.find?.((m) => m.kind === 'hours');
      if (!hours) {
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    log(`webhooks: ${endpoints} endpoints, ${samples} status changes`);
    const times = [];
    let errors = 0;
    let base = 1000;
    for (let s = 0; s < samples; s++) {
      const schedule = await api.post(
        `/api/machines/${machine.id}/schedules`,
        { title: `Bench oil ${s}`, serviceType: 'Oil Change', intervalHours: 250, recurring: true, anchor: 'completion', lastDoneHours: base },
        user.token,
      );
      const t0 = performance.now();
      const reading = await api.post(`/api/meters/${hours.id}/readings`, { value: base + 240, readAt: today() }, user.token);
      base += 300;
      if (schedule.status !== 201 || reading.status !== 201) {
        errors += endpoints;
        continue;
      }
      const keys = Array.from({ length: endpoints }, (_, i) => `/e${i} ${schedule.body.id}`);
      const deadline = t0 + 30000;
      while (keys.some((k) => !rx.arrivals.has(k)) && performance.now() < deadline) {
        await new Promise((r) => setTimeout(r, 5));
      }
      for (const k of keys) {
        if (rx.arrivals.has(k)) {
          times.push(rx.arrivals.get(k) - t0);
        } else {
          errors++;
        }
      }
    }
    return summarize(times, 1, errors);
  } finally {
    await rx.close();
  }
}
