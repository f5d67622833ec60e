// The scenarios against one started product (embedded or distributed): set-up through the public
// API as a user would, then each scenario measured with autocannon.
import { ApiClient, createApprovedUser, createMachine, serviceRecordFor, startProduct } from '@wrenchlog/testing';
import { performance } from 'node:perf_hooks';
import { fixturePhoto } from './baselines.mjs';
import { listPath } from './list-sql.mjs';
import { runHttp } from './load.mjs';
import { productProcesses, totalPssMb, totalRssMb } from './product-processes.mjs';
import { summarize } from './stats.mjs';

/** Limits raised so that the limiter does not answer the load generator (one address) with 429. */
export const BENCH_ENV = { PAGEVIEW_RATE_PER_IP_PER_MINUTE: '100000000', LOGIN_RATE_PER_IP_PER_MINUTE: '100000000' };

export async function startMeasured(mode, env = {}) {
  const t0 = performance.now();
  const product = await startProduct({ mode, env: { ...BENCH_ENV, ...env }, readyTimeoutMs: 120000 });
  const startMs = performance.now() - t0;
  return { product, startMs };
}

/** A signed-in user with a small fleet and history, as the list scenarios read it. */
export async function prepareAccount(product) {
  const api = new ApiClient(product.baseUrl);
  const user = await createApprovedUser(api);
  const machineIds = [];
  for (let i = 0; i < 10; i++) {
    machineIds.push((await createMachine(api, user.token, { name: `Bench machine ${i}` })).id);
  }
  const statuses = ['Complete', 'New', 'In Progress'];
  let record;
  for (let i = 0; i < 60; i++) {
    record = await serviceRecordFor(api, user.token, machineIds[i % machineIds.length], {
      title: `${['Oil change', 'Air filter', 'Brake pads'][i % 3]} ${i}`,
      status: statuses[i % 3],
      serviceType: 'Maintenance',
      serviceDate: `2026-0${1 + (i % 9)}-1${i % 10}`,
      price: 89.5,
    });
  }
  return { api, user, machineIds, record };
}

const json = (token) => ({ 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) });

/** Each scenario: how autocannon calls it, and which target it is judged by. */
export function scenarioList({ user, machineIds, record }) {
  const machineId = machineIds[0];
  const auth = { authorization: `Bearer ${user.token}` };
  const list = (path) => ({ method: 'GET', path, headers: auth });
  return [
    { name: 'health', kind: 'gateway', request: { method: 'GET', path: '/api/health' } },
    { name: 'sign-in', kind: 'login', connections: 4, request: { method: 'POST', path: '/api/auth/login', headers: json(), body: JSON.stringify({ username: user.username, password: user.password }) } },
    { name: 'dashboard', kind: 'list', request: list('/api/machines/recentlyserviced') },
    { name: 'machines', kind: 'list', request: list('/api/machines/all') },
    { name: 'services p0', kind: 'list', request: list(listPath({ page: 0, size: 12 })) },
    {
      name: 'services mix',
      kind: 'list',
      // paging, status filter, sort and search, in turn (load-tests/reads.js)
      requests: ['page=1&size=12&sort=title,asc', 'page=0&size=24&status=Complete', 'page=0&size=12&q=oil&sort=machineName,desc', 'page=2&size=12&sort=serviceDate,asc'].map((q) => list(`/api/services/recent?${q}`)),
    },
    {
      name: 'service create',
      kind: 'write',
      request: { method: 'POST', path: '/api/services/fastCreate', headers: json(user.token), body: JSON.stringify({ machineId, title: 'Hydraulic filter', status: 'New', serviceType: 'Maintenance', serviceDate: '2026-03-02', price: 42 }) },
    },
    {
      name: 'service update',
      kind: 'write',
      request: { method: 'PUT', path: `/api/services/${record.id}`, headers: json(user.token), body: JSON.stringify({ ...record, status: 'Complete', notes: 'updated by the benchmark' }) },
    },
    {
      name: 'fuel create',
      kind: 'write',
      request: { method: 'POST', path: '/api/fuel-records', headers: json(user.token), body: JSON.stringify({ machineId, amount: 18.4, pricePerUnit: 3.49, totalPrice: 64.22, dateOfPurchase: new Date().toISOString(), lastMileage: 42000, currentMileage: 42310 }) },
    },
    {
      name: 'purchase create',
      kind: 'write',
      request: { method: 'POST', path: '/api/purchases', headers: json(user.token), body: JSON.stringify({ machineId, partName: 'Air filter', quantity: 2, price: 24.99, partStatus: 'Ordered', purchaseDate: new Date().toISOString(), storeName: 'Parts Depot', userId: 0, storeId: 0 }) },
    },
    {
      name: 'page view',
      kind: 'list',
      request: { method: 'POST', path: '/api/analytics/pageview', headers: json(), body: JSON.stringify({ page: '/pricing', referrer: 'https://search.example/', userAgent: 'wrenchlog-bench', timestamp: new Date().toISOString() }) },
    },
  ];
}

/** One call of a scenario outside the load, so a wrong body fails loudly instead of counting as errors. */
export async function probe(baseUrl, scenario) {
  const r = scenario.request ?? scenario.requests[0];
  const res = await fetch(`${baseUrl}${r.path}`, { method: r.method, headers: r.headers, body: r.body });
  if (res.status >= 300) {
    throw new Error(`${scenario.name}: ${r.method} ${r.path} answered ${res.status} ${await res.text()}`);
  }
}

/**
 * The saturation throughput ("knee": a closed loop at 32 connections, where throughput stops
 * growing) and, for the list endpoints, the latency at half of it (rate-capped open-ish load).
 */
export async function measureScenario(baseUrl, scenario, { seconds }) {
  // autocannon takes the path in the url (a top-level `path` is ignored), or in each of `requests`.
  const { path, ...request } = scenario.request ?? {};
  const target = { url: `${baseUrl}${path ?? ''}`, ...request, requests: scenario.requests };
  const connections = scenario.connections ?? (scenario.kind === 'write' ? 16 : 32);
  await runHttp({ ...target, connections, seconds: Math.min(1, seconds) });
  const knee = await runHttp({ ...target, connections, seconds });
  let half;
  if (scenario.kind === 'list' && knee.rps > 0) {
    const rate = Math.max(1, Math.floor(knee.rps / 2));
    half = await runHttp({ ...target, connections: 64, seconds, overallRate: rate });
    // Iterations the rate asked for and the server did not complete in time ("dropped").
    half.dropped = Math.max(0, Math.round(rate * seconds - half.requests));
    half.rate = rate;
  }
  return { knee, half };
}

/**
 * Photos: one upload a second for `seconds` while the dashboard runs at `backgroundRate`
 * (half load), each timed from the start of its upload to its thumbnail being ready; then a burst
 * of `burst` photos for the worker's throughput; and the worker's resident memory meanwhile.
 */
export async function measureImages(product, { api, user, machineIds }, { seconds, burst, backgroundRate }) {
  const photo = await fixturePhoto();
  const upload = async () => {
    const record = await serviceRecordFor(api, user.token, machineIds[1], { title: 'Photo check' });
    const form = new FormData();
    form.append('images[0][original]', new Blob([photo], { type: 'image/jpeg' }), 'photo.jpg');
    const t0 = performance.now();
    const res = await fetch(`${product.baseUrl}/api/services/${record.id}/images`, { method: 'POST', headers: { authorization: `Bearer ${user.token}` }, body: form });
    const uploadMs = performance.now() - t0;
    if (res.status !== 201) {
      throw new Error(`photo upload answered ${res.status} ${await res.text()}`);
    }
    return { recordId: record.id, t0, uploadMs };
  };
  const thumbnailReady = async ({ recordId, t0 }) => {
    const deadline = performance.now() + 60000;
    while (performance.now() < deadline) {
      const res = await api.get(`/api/services/${recordId}/images`, user.token);
      const state = res.body?.[0]?.state;
      if (state === 'processed') {
        return performance.now() - t0;
      }
      if (state === 'failed') {
        throw new Error(`the worker failed the photo: ${res.body[0].error}`);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('no thumbnail after 60 s');
  };
  let maxWorkerRss = 0;
  const sampler = setInterval(() => {
    const worker = productProcesses(product.dataDir).find((p) => p.app === 'image-worker');
    maxWorkerRss = Math.max(maxWorkerRss, worker?.rssMb ?? 0);
  }, 250);
  try {
    // Paced uploads under half load.
    const background = backgroundRate
      ? runHttp({ url: `${product.baseUrl}/api/machines/recentlyserviced`, headers: { authorization: `Bearer ${user.token}` }, connections: 32, seconds: seconds + 2, overallRate: backgroundRate })
      : Promise.resolve(undefined);
    const visible = [];
    const uploads = [];
    let errors = 0;
    const paced = [];
    for (let i = 0; i < seconds; i++) {
      paced.push(
        upload()
          .then(async (u) => {
            uploads.push(u.uploadMs);
            visible.push(await thumbnailReady(u));
          })
          .catch((err) => {
            errors++;
            console.warn(`  photo: ${err.message}`);
          }),
      );
      await new Promise((r) => setTimeout(r, 1000));
    }
    await Promise.all(paced);
    const backgroundResult = await background;
    // Burst: the worker's throughput with storage and bookkeeping included.
    const t0 = performance.now();
    const done = await Promise.all(Array.from({ length: burst }, () => upload().then(thumbnailReady)));
    const burstSeconds = (performance.now() - t0) / 1000;
    return {
      upload: summarize(uploads, seconds * 1000, 0),
      visible: { ...summarize(visible, seconds * 1000, errors) },
      background: backgroundResult,
      workerImagesPerSecond: done.length / burstSeconds,
      maxWorkerRssMb: maxWorkerRss,
    };
  } finally {
    clearInterval(sampler);
  }
}

export { productProcesses, totalPssMb, totalRssMb };
