#!/usr/bin/env node
// `npm run bench:data`: seeds a large realistic data set into private PostgreSQL databases
// (wlbench_data_*, never the test databases) with bulk inserts, then checks the services list at
// scale: p99 through the distributed product against the same statements straight through `pg`,
// at 10k, 100k and 1M service records (the measured account always holds 10k of them), then at
// 1, 2 and 4 replicas of the service-record service (competing consumers on its queue).
//   --scale=0.01   fraction of the full set (1,000 users, 20,000 machines, 1,000,000 service
//                  records, 500,000 fuel records); stages above the scaled total are left out
//   --seconds=N    seconds per measurement (default 3)
//   --replicas=1,2,4  service-record-service replica counts measured on the full set ('' for none)
//   --seed-only    seed and stop (keeps the databases)
//   --keep         keep the databases at the end (default: dropped)
//   --reports-only measure only the fleet report (issue 22), on the first stage's data
// Also (issue 22): the fleet report (GET /api/reports/fleet, a year of the measured account's 20
// machines, from report-service's read model of every seeded record), cached and as the first report
// after a change, against the reads of the same answer straight through `pg` (and, stricter, the
// monthly cost totals alone).
// PRODUCT_NODE_OPTIONS: the product processes' NODE_OPTIONS (a profile: cpu-profile-preload.mjs).
// Also (issue 21): the fleet's Due list (GET /api/schedules) over 20,000 machines / 60,000 schedules
// (3 a machine; scaled), its p99 against the same statement straight through `pg`.
// Build first: flock /tmp/wrenchlog-web.lock node tools/build.mjs
import argon2 from 'argon2';
import { ApiClient, dropDatabases, Fleet } from '@wrenchlog/testing';
import { existsSync } from 'node:fs';
import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { migrateService, root } from './children.mjs';
import { listPath, runList } from './list-sql.mjs';
import { runHttp, runLoop } from './load.mjs';
import { cpuMsOf } from './product-processes.mjs';
import { BENCH_ENV } from './scenarios.mjs';
import {
  dropIndexes,
  finishServiceRecords,
  HEAVY_USER_RECORDS,
  MACHINES_PER_USER,
  rebuildIndexes,
  seedFuelRecords,
  seedKnownMachines,
  seedMachines,
  seedSchedules,
  seedReports,
  seedServiceRecords,
  seedUsers,
  withClient,
} from './seed.mjs';
import { fmt, parseArgs, ratio, summarize, table, verdict } from './stats.mjs';

const args = parseArgs(process.argv.slice(2));
const scale = Number(args.scale ?? 1);
const seconds = Number(args.seconds ?? 3);
const PG_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BASE = 'wlbench_data';
const PASSWORD = 'bench-password-1';
const CHUNK = 250_000;

const users = Math.max(2, Math.round(1000 * scale));
const machines = users * MACHINES_PER_USER;
const totalRecords = Math.max(100, Math.round(1_000_000 * scale));
const fuelRecords = Math.round(500_000 * scale);
const heavy = Math.min(HEAVY_USER_RECORDS, totalRecords);
const reportsOnly = Boolean(args['reports-only']);
const replicaCounts = reportsOnly
  ? []
  : String(args.replicas ?? '1,2,4')
      .split(',')
      .filter(Boolean)
      .map(Number);
const allStages = [...new Set([10_000, 100_000, 1_000_000].filter((n) => n < totalRecords).concat(totalRecords))];
const stages = reportsOnly ? allStages.slice(0, 1) : allStages;

if (!existsSync(`${root}apps/gateway/dist/main.js`)) {
  console.error('The product is not built: run `flock /tmp/wrenchlog-web.lock node tools/build.mjs` first.');
  process.exit(1);
}
process.chdir(root);
const startedAt = performance.now();
const log = (line) => console.log(`[bench:data ${((performance.now() - startedAt) / 1000).toFixed(0).padStart(4)} s] ${line}`);
const dbUrl = (suffix) => {
  const url = new URL(PG_URL);
  url.pathname = `/${BASE}${suffix ? `_${suffix}` : ''}`;
  return url.toString();
};
const timed = async (what, fn) => {
  const t0 = performance.now();
  await fn();
  log(`${what} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
};

// ---- seed ------------------------------------------------------------------------------------
log(`seeding ${users} users, ${machines} machines, ${totalRecords} service records (stages ${stages.join(', ')}), ${fuelRecords} fuel records into ${BASE}_*`);
await dropDatabases(BASE, PG_URL);
await timed('migrated the six services', async () => {
  for (const service of ['user-service', 'machine-service', 'service-record-service', 'fuel-purchase-service', 'schedule-service', 'report-service']) {
    migrateService(service, dbUrl());
  }
});
const passwordHash = await argon2.hash(PASSWORD, { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 });
await timed(`${users} users`, () => withClient(dbUrl('user'), (c) => seedUsers(c, { count: users, passwordHash })));
await timed(`${machines} machines`, () =>
  withClient(dbUrl('machine'), async (c) => {
    const indexes = await dropIndexes(c, 'machines');
    await seedMachines(c, { count: machines });
    await rebuildIndexes(c, 'machines', indexes);
  }),
);
await timed(`${fuelRecords} fuel records`, () =>
  withClient(dbUrl('fuel_purchase'), async (c) => {
    const indexes = await dropIndexes(c, 'fuel_records');
    for (let from = 1; from <= fuelRecords; from += CHUNK) {
      await seedFuelRecords(c, { from, to: Math.min(fuelRecords, from + CHUNK - 1), users });
    }
    await rebuildIndexes(c, 'fuel_records', indexes);
  }),
);
await withClient(dbUrl('service_record'), (c) => seedKnownMachines(c, { count: machines }));
await timed(`${machines * 3} schedules`, () => withClient(dbUrl('schedule'), (c) => seedSchedules(c, { machines })));
await timed(`the reports' read model of ${totalRecords} service and ${fuelRecords} fuel records`, () =>
  withClient(dbUrl('report'), (c) => seedReports(c, { machines, users, serviceRecords: totalRecords, fuelRecords, heavy })),
);

let seeded = 0;
async function seedRecordsUpTo(stage) {
  await timed(`service records ${seeded + 1}..${stage} (indexes rebuilt)`, () =>
    withClient(dbUrl('service_record'), async (c) => {
      const indexes = await dropIndexes(c, 'service_records');
      for (let from = seeded + 1; from <= stage; from += CHUNK) {
        await seedServiceRecords(c, { from, to: Math.min(stage, from + CHUNK - 1), users, heavy });
      }
      await rebuildIndexes(c, 'service_records', indexes);
      await finishServiceRecords(c);
    }),
  );
  seeded = stage;
}

if (args['seed-only']) {
  await seedRecordsUpTo(totalRecords);
  log(`seeded; the databases ${BASE}_* are kept. Sign in as bench-user-1@wrenchlog.bench / ${PASSWORD}`);
  process.exit(0);
}

// ---- scale check -----------------------------------------------------------------------------
const QUERIES = [];
for (const page of [0, 500]) {
  for (const status of [undefined, 'Complete']) {
    for (const search of [undefined, 'filter']) {
      QUERIES.push({ userId: 1, page, size: 12, status, search });
    }
  }
}
const label = (q) => `page ${q.page}${q.status ? ' status' : ''}${q.search ? ' search' : ''}`;

const rows = [];
const replicaRows = [];
const dueRows = [];
const reportRows = [];
// The fleet report of the measured account (user 1, 20 machines) over a year, against the aggregate
// it rests on: the monthly totals of its machines, summed per machine and category.
const REPORT_PERIOD = { from: '2024-01-01', to: '2024-12-31' };
const REPORT_PATH = `/api/reports/fleet?from=${REPORT_PERIOD.from}&to=${REPORT_PERIOD.to}`;
const REPORT_SQL = `SELECT machine_key, category, SUM(amount_cents) AS cents FROM report_monthly WHERE user_id = $1 AND month >= $2 AND month <= $3 AND amount_cents <> 0 GROUP BY machine_key, category`;
// The whole answer of the fleet report straight through `pg`: besides the costs, the machines'
// names, each meter's span in the period (usage) and the fuel rows of the full-to-full chains
// (economy), the four reads side by side on the pool as report-service runs them. The costs-only
// statement above is kept as a second, stricter reference.
const REPORT_WHOLE_SQL = [
  `SELECT machine_id, name, archived, distance_unit FROM report_machines WHERE user_id = $1 AND NOT deleted ORDER BY machine_id`,
  REPORT_SQL,
  `SELECT machine_id, meter_id, kind, MAX(unit) AS unit, MIN(lifetime) AS min, MAX(lifetime) AS max FROM report_readings
   WHERE user_id = $1 AND live AND read_at >= $2 AND read_at <= $3 GROUP BY machine_id, meter_id, kind`,
  `WITH anchors AS (
     SELECT machine_key, MAX(record_date) AS since FROM report_records
     WHERE user_id = $1 AND category = 'fuel' AND NOT deleted AND full_tank AND record_date < $2 GROUP BY machine_key)
   SELECT r.machine_key, r.record_id, r.record_date, r.fuel_amount, r.miles, r.full_tank, r.missed_previous
   FROM report_records r LEFT JOIN anchors a ON a.machine_key = r.machine_key
   WHERE r.user_id = $1 AND r.category = 'fuel' AND NOT r.deleted AND r.machine_key > 0 AND r.record_date <= $3
     AND r.record_date >= COALESCE(a.since, '0001-01-01')
   ORDER BY r.machine_key, r.record_date, r.purchased_at, r.record_id`,
];
const DUE_QUERIES = [
  { label: 'overdue,due_soon p0', path: '/api/schedules?status=overdue,due_soon&page=0&size=20', ranks: [0, 1], page: 0, size: 20 },
  { label: 'all p0', path: '/api/schedules?page=0&size=20', ranks: [], page: 0, size: 20 },
  { label: 'all p2 size 50', path: '/api/schedules?page=2&size=50', ranks: [], page: 2, size: 50 },
];
const DUE_COLUMNS = [
  'id',
  'machine_id',
  'machine_name',
  'machine_type',
  'title',
  'service_type',
  'origin',
  'interval_days',
  'interval_months',
  'interval_distance',
  'interval_hours',
  'soon_days',
  'soon_distance',
  'soon_hours',
  'recurring',
  'anchor',
  'last_done_date',
  'last_done_distance',
  'last_done_hours',
  'next_due_date',
  'next_due_distance',
  'next_due_hours',
  'status',
  'reason',
  'reason_dimension',
  'forecast_date',
  'done',
];
const dueSql = ({ ranks, page, size }) => {
  const where = `s.user_id = $1${ranks.length ? ` AND s.status_rank IN (${ranks.join(', ')})` : ''}`;
  return `SELECT ${DUE_COLUMNS.map((c) => `s.${c}`).join(', ')}, (SELECT COUNT(*) FROM schedules s WHERE ${where}) AS total FROM schedules s WHERE ${where} ORDER BY s.status_rank, s.sort_date, s.id LIMIT ${size} OFFSET ${page * size}`;
};
let product;
const replicasRunning = (output) => (output.match(/ready on queue \S*service-record-service\b/g) ?? []).length;
const waitFor = async (condition, ms) => {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) {
      throw new Error('a replica did not start in time');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
};
/** GETs at `connections` concurrent loops, each after `before()` (not timed): status and latency of each. */
async function firstReports(url, token, before, connections) {
  const latencies = [];
  let errors = 0;
  const startedAt = performance.now();
  await runLoop(
    async () => {
      await before();
      const t0 = performance.now();
      const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
      await res.arrayBuffer();
      latencies.push(performance.now() - t0);
      if (res.status !== 200) {
        errors++;
      }
    },
    { concurrency: connections, seconds, warmupSeconds: 0 },
  );
  return summarize(latencies, performance.now() - startedAt, errors);
}
async function measureApi(path, token) {
  const target = { url: `${product.baseUrl}${path}`, headers: { authorization: `Bearer ${token}` }, connections: 16 };
  await runHttp({ ...target, seconds: 1 }); // warm-up (JIT, plan and page caches), not counted
  return runHttp({ ...target, seconds });
}
try {
  await seedRecordsUpTo(stages[0]);
  log('starting the distributed product on the seeded databases');
  // A fleet (one process per app, as an orchestrator runs them) so replicas can be added later.
  // PRODUCT_NODE_OPTIONS becomes the product processes' NODE_OPTIONS (see cpu-profile-preload.mjs).
  const nodeFlags = process.env.PRODUCT_NODE_OPTIONS === undefined ? {} : { NODE_OPTIONS: process.env.PRODUCT_NODE_OPTIONS };
  product = await Fleet.start({ mode: 'distributed', env: { ...BENCH_ENV, ...nodeFlags, DATABASE_URL: dbUrl() }, readyTimeoutMs: 120000 });
  const api = new ApiClient(product.baseUrl);
  const token = await api.login('bench-user-1@wrenchlog.bench', PASSWORD);
  const pool = new pg.Pool({ connectionString: dbUrl('service_record'), max: 16 });
  // A client still closing when the databases are dropped (WITH FORCE) reports it on the pool: expected.
  pool.on('error', () => undefined);
  try {
    for (const stage of stages) {
      if (stage > seeded) {
        await seedRecordsUpTo(stage);
      }
      for (const q of reportsOnly ? [] : QUERIES) {
        const path = listPath(q);
        const check = await api.get(path, token);
        if (check.status !== 200) {
          throw new Error(`${path} answered ${check.status} ${check.text}`);
        }
        const viaPg = await runLoop(() => runList(pool, q), { concurrency: 16, seconds });
        const viaApi = await measureApi(path, token);
        rows.push({ stage, query: label(q), total: check.body.totalElements, api: viaApi, pg: viaPg });
        log(`${stage} records, ${label(q)}: api p99 ${fmt(viaApi.p99)} ms, pg p99 ${fmt(viaPg.p99)} ms`);
      }
    }
    // The Due list against its own statement (the page and its total in one, as CompiledSelect sends it).
    const duePool = new pg.Pool({ connectionString: dbUrl('schedule'), max: 16 });
    duePool.on('error', () => undefined);
    try {
      for (const q of reportsOnly ? [] : DUE_QUERIES) {
        const check = await api.get(q.path, token);
        if (check.status !== 200) {
          throw new Error(`${q.path} answered ${check.status} ${check.text}`);
        }
        const viaPg = await runLoop(() => duePool.query(dueSql(q), [1]), { concurrency: 16, seconds });
        const viaApi = await measureApi(q.path, token);
        dueRows.push({ query: q.label, total: check.body.totalElements, api: viaApi, pg: viaPg });
        log(`due list, ${q.label}: api p99 ${fmt(viaApi.p99)} ms, pg p99 ${fmt(viaPg.p99)} ms`);
      }
    } finally {
      await duePool.end();
    }
    const reportPool = new pg.Pool({ connectionString: dbUrl('report'), max: 16 });
    reportPool.on('error', () => undefined);
    try {
      const check = await api.get(REPORT_PATH, token);
      if (check.status !== 200) {
        throw new Error(`${REPORT_PATH} answered ${check.status} ${check.text}`);
      }
      const months = [1, REPORT_PERIOD.from.slice(0, 7), REPORT_PERIOD.to.slice(0, 7)];
      const costsOnly = await runLoop(() => reportPool.query(REPORT_SQL, months), { concurrency: 16, seconds });
      const days = [1, REPORT_PERIOD.from, REPORT_PERIOD.to];
      const params = [[1], months, days, days];
      const viaPg = await runLoop(() => Promise.all(REPORT_WHOLE_SQL.map((sql, i) => reportPool.query(sql, params[i]))), { concurrency: 16, seconds });
      const target = { url: `${product.baseUrl}${REPORT_PATH}`, headers: { authorization: `Bearer ${token}` }, connections: 16 };
      await runHttp({ ...target, seconds: 1 }); // warm-up, not counted
      // The product's own CPU per request (its processes, not PostgreSQL or RabbitMQ): the cost of one report.
      const cpu0 = cpuMsOf(`DATABASE_URL=${dbUrl()}`);
      const viaApi = await runHttp({ ...target, seconds });
      const cpuPerRequest = (cpuMsOf(`DATABASE_URL=${dbUrl()}`) - cpu0) / Math.max(1, viaApi.requests);
      // One connection: a report's own service time, which other work on the machine queues less than 16.
      const single = await runHttp({ ...target, connections: 1, seconds });
      reportRows.push({
        query: 'fleet, a year',
        rows: check.body.rows.length,
        total: check.body.totals.total,
        api: viaApi,
        pg: viaPg,
        costsOnly,
        cpuPerRequest,
        single,
      });
      // The first report after a change (what the cache does not help): the user's read-model version
      // is raised before each request, as report-service's consumers do after applying an event, so
      // every request takes the full path. Only the request is timed, not the raise.
      const raise = () =>
        reportPool.query(
          'INSERT INTO report_versions (user_id, version) VALUES (1, 1) ON CONFLICT (user_id) DO UPDATE SET version = report_versions.version + 1',
        );
      const first = (connections) => firstReports(`${product.baseUrl}${REPORT_PATH}`, token, raise, connections);
      await first(1); // warm-up
      const missCpu0 = cpuMsOf(`DATABASE_URL=${dbUrl()}`);
      const missSingle = await first(1);
      const missCpu = (cpuMsOf(`DATABASE_URL=${dbUrl()}`) - missCpu0) / Math.max(1, missSingle.requests);
      const miss = await first(16);
      reportRows.push({
        query: 'fleet, first after a change',
        rows: check.body.rows.length,
        total: check.body.totals.total,
        api: miss,
        pg: viaPg,
        costsOnly,
        cpuPerRequest: missCpu,
        single: missSingle,
      });
      // The floor of any call through the product: GET /api/user/me (one hop, one primary-key read).
      const floorTarget = { url: `${product.baseUrl}/api/user/me`, headers: { authorization: `Bearer ${token}` }, connections: 16 };
      await runHttp({ ...floorTarget, seconds: 1 });
      const floorCpu0 = cpuMsOf(`DATABASE_URL=${dbUrl()}`);
      const floor = await runHttp({ ...floorTarget, seconds });
      const floorCpu = (cpuMsOf(`DATABASE_URL=${dbUrl()}`) - floorCpu0) / Math.max(1, floor.requests);
      const floorSingle = await runHttp({ ...floorTarget, connections: 1, seconds });
      reportRows.push({
        query: 'floor: /api/user/me',
        rows: '-',
        total: '-',
        api: floor,
        pg: viaPg,
        costsOnly,
        cpuPerRequest: floorCpu,
        single: floorSingle,
        reference: true,
      });
      log(
        `fleet report: api p99 ${fmt(viaApi.p99)} ms, pg p99 ${fmt(viaPg.p99)} ms (costs only ${fmt(costsOnly.p99)} ms), product CPU ${fmt(cpuPerRequest, 1)} ms a request`,
      );
      log(`first report after a change: api p99 ${fmt(miss.p99)} ms, 1 conn p50 ${fmt(missSingle.p50)} ms, product CPU ${fmt(missCpu, 1)} ms a report`);
    } finally {
      await reportPool.end();
    }
    // Competing consumers: more service-record-service processes on the same queue.
    for (const count of replicaCounts) {
      const running = replicasRunning(product.output());
      for (let n = running + 1; n <= count; n++) {
        product.launch('service-record-service', `service-record-service-${n}`);
      }
      await waitFor(() => replicasRunning(product.output()) >= count, 60000);
      for (const q of QUERIES.filter((x) => x.page === 0 && !x.status)) {
        const api = await measureApi(listPath(q), token);
        replicaRows.push({ replicas: count, query: label(q), api });
        log(`${count} replica(s), ${label(q)}: api ${fmt(api.rps)} req/s, p99 ${fmt(api.p99)} ms`);
      }
    }
  } finally {
    await pool.end();
  }
} finally {
  await product?.stop();
  if (!args.keep) {
    await dropDatabases(BASE, PG_URL);
  }
}

// ---- report ----------------------------------------------------------------------------------
const first = (query) => rows.find((r) => r.query === query && r.stage === stages[0]);
const report = [['records', 'query', 'matches', 'api req/s', 'api p50', 'api p99', 'pg req/s', 'pg p99', 'api/pg p99', `p99 vs ${stages[0]}`, 'verdict']];
const verdicts = [];
for (const r of rows) {
  const x = ratio(r.api.p99, r.pg.p99);
  const growth = ratio(r.api.p99, first(r.query).api.p99);
  // "Flat": the p99 at a larger table stays within 1.5x of the smallest stage's (noise allowance).
  const v = verdict([{ value: x, below: 3.0001 }, { value: r.api.errorRate, below: 0.001 }, ...(r.stage === stages[0] ? [] : [{ value: growth, below: 1.5 }])]);
  verdicts.push(v);
  report.push([
    r.stage,
    r.query,
    r.total,
    fmt(r.api.rps),
    fmt(r.api.p50),
    fmt(r.api.p99),
    fmt(r.pg.rps),
    fmt(r.pg.p99),
    fmt(x, 2),
    r.stage === stages[0] ? '' : fmt(growth, 2),
    v,
  ]);
}
console.log('\nServices list at scale (account with ' + heavy + ' records; latencies in ms; target: api p99 within 3x of pg, flat across stages)');
console.log(table(report));
if (dueRows.length > 0) {
  console.log(
    `\nThe fleet's Due list (${machines} machines, ${machines * 3} schedules; the account holds ${MACHINES_PER_USER * 3}; target: api p99 within 3x of pg)`,
  );
  const dueReport = [['query', 'matches', 'api req/s', 'api p50', 'api p99', 'pg req/s', 'pg p99', 'api/pg p99', 'verdict']];
  for (const r of dueRows) {
    const x = ratio(r.api.p99, r.pg.p99);
    const v = verdict([
      { value: x, below: 3.0001 },
      { value: r.api.errorRate, below: 0.001 },
    ]);
    verdicts.push(v);
    dueReport.push([r.query, r.total, fmt(r.api.rps), fmt(r.api.p50), fmt(r.api.p99), fmt(r.pg.rps), fmt(r.pg.p99), fmt(x, 2), v]);
  }
  console.log(table(dueReport));
}
if (reportRows.length > 0) {
  console.log(
    `\nThe fleet report (${totalRecords} service and ${fuelRecords} fuel records in the read model; the account's ${MACHINES_PER_USER} machines over a year; pg: the four reads of the whole answer side by side, costs-only pg: the cost sums alone; target: api p99 within 3x of pg)`,
  );
  const reportTable = [
    [
      'query',
      'rows',
      'total',
      'api req/s',
      'api p50',
      'api p99',
      'pg req/s',
      'pg p99',
      'api/pg p99',
      'costs-only pg p99',
      'api/costs-only',
      'CPU ms/req',
      '1 conn p50',
      'verdict',
    ],
  ];
  for (const r of reportRows) {
    const x = ratio(r.api.p99, r.pg.p99);
    const v = r.reference
      ? '(reference)'
      : verdict([
          { value: x, below: 3.0001 },
          { value: r.api.errorRate, below: 0.001 },
        ]);
    if (!r.reference) {
      verdicts.push(v);
    }
    reportTable.push([
      r.query,
      r.rows,
      r.total,
      fmt(r.api.rps),
      fmt(r.api.p50),
      fmt(r.api.p99),
      fmt(r.pg.rps),
      fmt(r.pg.p99),
      fmt(x, 2),
      fmt(r.costsOnly.p99),
      fmt(ratio(r.api.p99, r.costsOnly.p99), 2),
      fmt(r.cpuPerRequest, 1),
      fmt(r.single.p50, 1),
      v,
    ]);
  }
  console.log(table(reportTable));
}
if (replicaRows.length > 0) {
  console.log(`\nReplicas of the service-record service at ${seeded} records (competing consumers; ${cpus().length} cores)`);
  console.log(
    table([
      ['replicas', 'query', 'api req/s', 'api p50', 'api p99'],
      ...replicaRows.map((r) => [r.replicas, r.query, fmt(r.api.rps), fmt(r.api.p50), fmt(r.api.p99)]),
    ]),
  );
}
console.log(
  `\n${verdicts.filter((v) => v === 'PASS').length} PASS, ${verdicts.filter((v) => v === 'MISS').length} MISS; whole run ${((performance.now() - startedAt) / 1000).toFixed(0)} s`,
);
