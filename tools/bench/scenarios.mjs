// The scenarios against one started product (embedded or distributed): set-up through the public
// API as a user would, then each scenario measured with autocannon.
import { ApiClient, createApprovedUser, createMachine, makePdf, serviceRecordFor, startProduct } from '@wrenchlog/testing';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { fixturePhoto } from './baselines.mjs';
import { listPath } from './list-sql.mjs';
import { runArrivalRate } from './arrival.mjs';
import { runHttp } from './load.mjs';
import { productProcesses, totalPssMb, totalRssMb } from './product-processes.mjs';
import { summarize } from './stats.mjs';

/** Limits raised so that the limiter does not answer the load generator (one address) with 429. */
// Webhook receivers of the bench listen on 127.0.0.1 (tools/bench/webhooks.mjs).
export const BENCH_ENV = { PAGEVIEW_RATE_PER_IP_PER_MINUTE: '100000000', LOGIN_RATE_PER_IP_PER_MINUTE: '100000000', WEBHOOKS_ALLOW_PRIVATE_NETWORKS: 'true' };
// The API token's own limit (issue 33) at its maximum: the limiter still counts every request (its
// cost is part of what machines-list-token measures), it just never answers 429.
Object.assign(BENCH_ENV, { API_TOKEN_RATE_PER_MINUTE: '1000000' });

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
  const records = [];
  for (let i = 0; i < 60; i++) {
    const record = await serviceRecordFor(api, user.token, machineIds[i % machineIds.length], {
      title: `${['Oil change', 'Air filter', 'Brake pads'][i % 3]} ${i}`,
      status: statuses[i % 3],
      serviceType: 'Maintenance',
      serviceDate: `2026-0${1 + (i % 9)}-1${i % 10}`,
      price: 89.5,
    });
    records.push(record);
  }
  // Three documents (issue 18) on the last record, for the documents list.
  const withDocuments = records[records.length - 1];
  for (let i = 0; i < 3; i++) {
    const form = new FormData();
    form.append('file', new Blob([makePdf(`Bench invoice ${i}`)], { type: 'application/pdf' }), `invoice-${i}.pdf`);
    const res = await fetch(`${product.baseUrl}/api/services/${withDocuments.id}/documents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}` },
      body: form,
    });
    if (res.status !== 201) {
      throw new Error(`document upload for the bench failed: ${res.status} ${await res.text()}`);
    }
  }
  // A read API token of the same member (issue 33), for the machines list with a token.
  const created = await api.post('/api/tokens', { name: 'Bench script', scopes: ['read'] }, user.token);
  if (created.status !== 201) {
    throw new Error(`API token for the bench failed: ${created.status} ${JSON.stringify(created.body)}`);
  }
  // The last ten: one on each machine.
  return { api, user, machineIds, records: records.slice(-machineIds.length), documentsRecordId: withDocuments.id, apiToken: created.body.token };
}

const json = (token) => ({ 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) });

/** autocannon's calls of `request`, the n-th changed by what `vary(req, n)` answers (path, headers, body). */
const varied = (request, vary) => {
  let n = 0;
  return { request, requests: [{ ...request, setupRequest: (req) => ({ ...req, ...vary(req, n++) }) }] };
};

/**
 * A create as the web app sends it: every POST with its own Idempotency-Key (apps/web/src/api/client.ts).
 * With `bodyFor`, the n-th request's body (a fleet's writers spread over its machines).
 */
const keyed = (request, bodyFor) =>
  varied(request, (req, n) => ({ headers: { ...req.headers, 'idempotency-key': randomUUID() }, ...(bodyFor ? { body: bodyFor(n) } : {}) }));

/** PUTs that change one of `records` each, in turn (each request a real edit: new notes). */
const edits = (token, records) =>
  varied({ method: 'PUT', path: `/api/services/${records[0].id}`, headers: json(token), body: JSON.stringify(records[0]) }, (_req, n) => {
    const record = records[n % records.length];
    return { path: `/api/services/${record.id}`, body: JSON.stringify({ ...record, status: 'Complete', notes: `updated by the benchmark ${n}` }) };
  });

const serviceBody = (machineId) =>
  JSON.stringify({ machineId, title: 'Hydraulic filter', status: 'New', serviceType: 'Maintenance', serviceDate: '2026-03-02', price: 42 });

/** Each scenario: how autocannon calls it, and which target it is judged by. */
export function scenarioList({ user, machineIds, records, documentsRecordId, apiToken }) {
  const machineId = machineIds[0];
  const auth = { authorization: `Bearer ${user.token}` };
  const list = (path) => ({ method: 'GET', path, headers: auth });
  return [
    { name: 'health', kind: 'gateway', request: { method: 'GET', path: '/api/health' } },
    {
      name: 'sign-in',
      kind: 'login',
      connections: 4,
      request: { method: 'POST', path: '/api/auth/login', headers: json(), body: JSON.stringify({ username: user.username, password: user.password }) },
    },
    { name: 'dashboard', kind: 'list', request: list('/api/machines/recentlyserviced') },
    { name: 'machines', kind: 'list', request: list('/api/machines/all') },
    // Issue 33: the same list as a script reads it, with a read API token instead of the session;
    // judged like the lists, and by its ratio to 'machines' (within 10 %, the bench's verdict).
    { name: 'machines-list-token', kind: 'list', request: { method: 'GET', path: '/api/machines/all', headers: { authorization: `Bearer ${apiToken}` } } },
    { name: 'services p0', kind: 'list', request: list(listPath({ page: 0, size: 12 })) },
    {
      name: 'services mix',
      kind: 'list',
      // paging, status filter, sort and search, in turn (load-tests/reads.js)
      requests: [
        'page=1&size=12&sort=title,asc',
        'page=0&size=24&status=Complete',
        'page=0&size=12&q=oil&sort=machineName,desc',
        'page=2&size=12&sort=serviceDate,asc',
      ].map((q) => list(`/api/services/recent?${q}`)),
    },
    {
      name: 'service create',
      kind: 'write',
      // Spread over the fleet's 10 machines: the writes for one machine take turns (RecordsService.machineForWrite).
      ...keyed({ method: 'POST', path: '/api/services/fastCreate', headers: json(user.token), body: serviceBody(machineId) }, (n) =>
        serviceBody(machineIds[n % machineIds.length]),
      ),
    },
    {
      name: 'service update',
      kind: 'write',
      // A user editing a record's notes, spread over one record of each machine: the writes for one
      // machine take turns (RecordsService.ownedForWrite).
      ...edits(user.token, records),
    },
    {
      name: 'fuel create',
      kind: 'write',
      ...keyed({
        method: 'POST',
        path: '/api/fuel-records',
        headers: json(user.token),
        body: JSON.stringify({
          machineId,
          amount: 18.4,
          pricePerUnit: 3.49,
          totalPrice: 64.22,
          dateOfPurchase: new Date().toISOString(),
          lastMileage: 42000,
          currentMileage: 42310,
        }),
      }),
    },
    {
      name: 'purchase create',
      kind: 'write',
      ...keyed({
        method: 'POST',
        path: '/api/purchases',
        headers: json(user.token),
        body: JSON.stringify({
          machineId,
          partName: 'Air filter',
          quantity: 2,
          price: 24.99,
          partStatus: 'Ordered',
          purchaseDate: new Date().toISOString(),
          storeName: 'Parts Depot',
          userId: 0,
          storeId: 0,
        }),
      }),
    },
    // A record's documents (issue 18): the record's owner checked by its service, then the worker's list.
    { name: 'documents', kind: 'list', request: list(`/api/services/${documentsRecordId}/documents`) },
    {
      name: 'page view',
      kind: 'list',
      request: {
        method: 'POST',
        path: '/api/analytics/pageview',
        headers: json(),
        body: JSON.stringify({ page: '/pricing', referrer: 'https://search.example/', userAgent: 'wrenchlog-bench', timestamp: new Date().toISOString() }),
      },
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
 * Every read scenario in turn for `seconds` before anything is measured: a product just started has
 * not compiled its hot paths yet, and without this the first scenario of a run measured the JIT
 * (the dashboard came out at half the machines list, which runs the same query shape).
 */
export async function warmUp(baseUrl, account, { seconds }) {
  const reads = scenarioList(account).filter((s) => s.kind === 'list' || s.kind === 'gateway');
  const requests = reads.flatMap((s) => s.requests ?? [s.request]);
  await runHttp({ url: baseUrl, requests, connections: 32, seconds });
}

/**
 * The saturation throughput ("knee": a closed loop at 32 connections, where throughput stops
 * growing) and, for the list endpoints, the latency at half of it under an arrival rate (arrival.mjs).
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
    // Open model, as k6's ramping arrival rate: ramp to half the knee in 1 s, hold it, measure the hold.
    half = await runArrivalRate({
      url: target.url,
      method: target.method,
      headers: target.headers,
      body: target.body,
      requests: target.requests,
      rate: Math.max(1, Math.floor(knee.rps / 2)),
      seconds,
      rampSeconds: 1,
    });
  }
  return { knee, half };
}

/**
 * Photos: one upload a second for `seconds` while the dashboard runs at `backgroundRate`
 * (half load), each timed from the start of its upload to its thumbnail being ready; then a burst
 * of `burst` photos for the worker's throughput; and the worker's resident memory meanwhile.
 *
 * Worker throughput: the burst's service records are made first (untimed), then the `burst`
 * photos are uploaded as fast as the API takes them (4 in flight), and the worker's own ledger
 * (`ledger_images.processed_at`, written when an image is finished, after its storage read, its
 * sharp work and its storage writes) gives the moment each was done: throughput =
 * (burst - 1) / (last done - first done). The first image's upload, queueing and processing are
 * outside that window; every later image's whole work in the worker (claim, storage get, sharp,
 * storage put, ledger and outbox) is inside it, and so is the CPU the remaining uploads take from
 * the worker on a shared machine. Polling the API for 16-24 records at 20 Hz would itself load the
 * two cores, so the ledger is read directly (SQLite file or the worker's PostgreSQL database).
 */
export async function measureImages(product, { api, user, machineIds }, { seconds, burst, backgroundRate }) {
  const photo = await fixturePhoto();
  const newRecord = async () => (await serviceRecordFor(api, user.token, machineIds[1], { title: 'Photo check' })).id;
  const upload = async (recordId) => {
    recordId ??= await newRecord();
    const form = new FormData();
    form.append('images[0][original]', new Blob([photo], { type: 'image/jpeg' }), 'photo.jpg');
    const t0 = performance.now();
    const res = await fetch(`${product.baseUrl}/api/services/${recordId}/images`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}` },
      body: form,
    });
    const uploadMs = performance.now() - t0;
    if (res.status !== 201) {
      throw new Error(`photo upload answered ${res.status} ${await res.text()}`);
    }
    return { recordId, t0, uploadMs };
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
  const ledger = await openLedger(product);
  let maxWorkerRss = 0;
  const sampler = setInterval(() => {
    // In the one-process embedded start the worker is part of the host: its peak is the host's.
    const worker = productProcesses(product.dataDir).find((p) => p.app === 'image-worker' || p.app === 'host');
    maxWorkerRss = Math.max(maxWorkerRss, worker?.rssMb ?? 0);
  }, 250);
  try {
    // Paced uploads under half load.
    const background = backgroundRate
      ? runHttp({
          url: `${product.baseUrl}/api/machines/recentlyserviced`,
          headers: { authorization: `Bearer ${user.token}` },
          connections: 32,
          seconds: seconds + 2,
          overallRate: backgroundRate,
        })
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
    // Burst: the worker's throughput with storage and bookkeeping included (see above).
    const records = [];
    for (let i = 0; i < burst; i++) {
      records.push(await newRecord());
    }
    const afterId = await ledger.maxId();
    const t0 = performance.now();
    const queue = [...records];
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (queue.length > 0) {
          await upload(queue.shift());
        }
      }),
    );
    const uploadedSeconds = (performance.now() - t0) / 1000;
    let done = [];
    const deadline = performance.now() + 120000;
    while ((done = await ledger.finishedAfter(afterId)).length < burst) {
      if (performance.now() > deadline) {
        throw new Error(`the worker finished ${done.length} of ${burst} burst photos in 120 s`);
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    const failed = done.filter((d) => d.state !== 'processed').length;
    if (failed > 0) {
      throw new Error(`the worker failed ${failed} of ${burst} burst photos`);
    }
    const times = done.map((d) => d.at).sort((a, b) => a - b);
    const spanSeconds = (times.at(-1) - times[0]) / 1000;
    const wallSeconds = (performance.now() - t0) / 1000;
    console.log(
      `  photo burst: ${burst} uploads in ${uploadedSeconds.toFixed(1)} s; the worker finished the first to the last in ${spanSeconds.toFixed(2)} s (all done within ${wallSeconds.toFixed(1)} s of the first upload)`,
    );
    return {
      upload: summarize(uploads, seconds * 1000, 0),
      visible: { ...summarize(visible, seconds * 1000, errors) },
      background: backgroundResult,
      workerImagesPerSecond: (burst - 1) / spanSeconds,
      burstWallImagesPerSecond: burst / wallSeconds,
      maxWorkerRssMb: maxWorkerRss,
    };
  } finally {
    clearInterval(sampler);
    await ledger.close();
  }
}

/** Read-only access to the image worker's ledger: its SQLite file, or its PostgreSQL database. */
async function openLedger(product) {
  const rows = "SELECT id, state, processed_at FROM ledger_images WHERE id > $1 AND state IN ('processed', 'failed')";
  if (product.env.DATABASE_URL) {
    const { default: pg } = await import('pg');
    const url = new URL(product.env.DATABASE_URL);
    url.pathname = `/${url.pathname.replace(/^\//, '') || 'wrenchlog'}_image_worker`;
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    return {
      maxId: async () => Number((await client.query('SELECT COALESCE(MAX(id), 0) AS id FROM ledger_images')).rows[0].id),
      // As epoch milliseconds (whatever the column's time zone, only differences are used).
      finishedAfter: async (id) =>
        (await client.query(rows.replace('processed_at', 'EXTRACT(EPOCH FROM processed_at) * 1000 AS at_ms'), [id])).rows.map((r) => ({
          id: Number(r.id),
          state: r.state,
          at: Number(r.at_ms),
        })),
      close: () => client.end(),
    };
  }
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(`${product.dataDir}/db/image-worker.sqlite`, { readonly: true, fileMustExist: true });
  return {
    maxId: async () => Number(db.prepare('SELECT COALESCE(MAX(id), 0) AS id FROM ledger_images').get().id),
    // TypeORM writes the date as 'YYYY-MM-DD HH:MM:SS.SSS' in UTC.
    finishedAfter: async (id) =>
      db
        .prepare(rows.replace('$1', '?'))
        .all(id)
        .map((r) => ({ id: Number(r.id), state: r.state, at: Date.parse(`${String(r.processed_at).replace(' ', 'T')}Z`) })),
    close: async () => db.close(),
  };
}

export { productProcesses, totalPssMb, totalRssMb };
