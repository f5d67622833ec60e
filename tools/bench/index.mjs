#!/usr/bin/env node
// `npm run bench`: the baselines and the product scenarios measured side by side in one run, each
// scenario printed with its ratio to its baseline and the target of issue 10 (docs/performance.md).
//   --quick                 2 s per measurement instead of 5 (a run of a couple of minutes)
//   --seconds=N             seconds per measurement
//   --mode=embedded|distributed|both (default both; distributed needs PostgreSQL and RabbitMQ);
//                           embedded-separate: the embedded product with EMBEDDED_PROCESSES=separate
//                           (one process per service, as before issue 20); embedded-2threads: the one
//                           process with its services on a worker thread (HOST_THREADS=2); a list: --mode=embedded,embedded-separate
//   --only=health,services  scenarios whose name contains one of these words (images: "photo";
//                           Largest Contentful Paint of /dashboard in Chromium, embedded only: "lcp")
//                           (the sign-in flood, tools/bench/login-flood.mjs, only when named: "flood")
//                           (the Due list of a 1,000-machine fleet and reading-to-status, issue 21: "due")
//                           (a status change to its signed webhook at 50 endpoints, issue 24: "webhook")
//                           (one POST /api/readings/batch of 1,000 readings, latency and readings/s, issue 33: "readings-batch")
//                           (the machines list with a read API token beside the session's, issue 33: "machines-list-token")
//                           (My work of a mechanic in 20 accounts with 5 open orders each, issue 35: "my-work")
//   --fleet=N               machines of the Due list's account (default 1000, 3 schedules each)
//                           (the dry run of a 100,000-row fuel import, issue 23: "import"; the import job: "import-commit", --commit-rows=N, default 10,000; --import-rows=N)
//                           ("Download all my data" of a seeded account, issue 23: "export"; --export-fuel=N fuel
//                           records, a fifth as many service records, a tenth as many purchases; default 2000)
//   --skip-baselines=img,kdf  baselines left out (their ratios print as n/a)
//   --json=file             also write every figure as JSON
//   --start-runs=N          starts of `npm start` on the built tree, build check included (default 3; "start"
//                           in --only runs them alone; the target of issue 36 is ready within 3 s)
//   --baselines-once        measure the baselines at the start only (default: start and end, ratios to the mean)
// Build first: flock /tmp/wrenchlog-web.lock node tools/build.mjs
import { existsSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import { httpBaseline, imageBaseline, kdfBaseline, pgListBaseline, rpcNestBaseline, rpcRawBaseline } from './baselines.mjs';
import { routeBundles } from './bundle.mjs';
import { root } from './children.mjs';
import { measureLcp } from './lcp.mjs';
import { loginFloodReport, measureLoginFlood } from './login-flood.mjs';
import {
  measureImages,
  measureScenario,
  prepareAccount,
  probe,
  productProcesses,
  scenarioList,
  startMeasured,
  totalPssMb,
  totalRssMb,
  warmUp,
} from './scenarios.mjs';
import { measureImportCommit, measureImportDryRun } from './imports.mjs';
import { measureReadingsBatch } from './readings-batch.mjs';
import { measureNpmStart } from './npm-start.mjs';
import { measureExport, prepareExportAccount } from './exports.mjs';
import { myWorkScenario, prepareMyWork } from './my-work.mjs';
import { dueScenarios, measureReadingToStatus, prepareFleet } from './schedules.mjs';
import { fmt, parseArgs, ratio, table, verdict } from './stats.mjs';
import { measureStatusToWebhook } from './webhooks.mjs';

const args = parseArgs(process.argv.slice(2));
const seconds = Number(args.seconds ?? (args.quick ? 2 : 5));
const modes = args.mode && args.mode !== 'both' ? String(args.mode).split(',') : ['embedded', 'distributed'];
// Each mode the bench knows: the product's mode and its extra settings.
const MODES = {
  embedded: ['embedded', {}],
  'embedded-2threads': ['embedded', { HOST_THREADS: '2' }],
  'embedded-separate': ['embedded', { EMBEDDED_PROCESSES: 'separate' }],
  distributed: ['distributed', {}],
};
const isEmbedded = (mode) => MODES[mode]?.[0] === 'embedded';
for (const mode of modes) {
  if (!MODES[mode]) {
    console.error(`unknown --mode ${mode}: one of ${Object.keys(MODES).join(', ')}`);
    process.exit(1);
  }
}
const only = typeof args.only === 'string' ? args.only.split(',').map((s) => s.trim().toLowerCase()) : undefined;
const skipBaselines = typeof args['skip-baselines'] === 'string' ? args['skip-baselines'].split(',') : [];
const PG_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const AMQP_URL = process.env.TEST_AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';
// --only=machines-list-token also measures the session's 'machines', the figure its ratio needs.
const selected = (name) =>
  !only || only.some((o) => name.toLowerCase().includes(o)) || (name === 'machines' && only.some((o) => o.includes('machines-list-token')));
// The sign-in flood (tools/bench/login-flood.mjs) runs only when asked for: --only=flood (or 'sign-in flood').
const floodSelected = only?.some((o) => o.includes('flood')) ?? false;
const floods = [];

if (!existsSync(`${root}apps/gateway/dist/main.js`)) {
  console.error('The product is not built: run `flock /tmp/wrenchlog-web.lock node tools/build.mjs` first.');
  process.exit(1);
}
process.chdir(root);
const startedAt = performance.now();
const log = (line) => console.log(`[bench ${((performance.now() - startedAt) / 1000).toFixed(0).padStart(4)} s] ${line}`);

// ---- baselines -------------------------------------------------------------------------------
const baselineRuns = [
  ['L_http', 'bare node:http, constant JSON, 32 connections', () => httpBaseline('tools/bench/servers/http.mjs', { seconds, connections: 32 })],
  ['L_fastify', 'bare Fastify, constant JSON, 32 connections', () => httpBaseline('tools/bench/servers/fastify.mjs', { seconds, connections: 32 })],
  // A reference, no target is judged by it: the framework's own ceiling beside L_http.
  [
    'L_nest_http',
    'bare Nest on Fastify (no plugins, hooks or guard), 32 connections',
    () => httpBaseline('tools/bench/servers/nest-http.mjs', { seconds, connections: 32 }),
  ],
  // A reference too: the dashboard's bytes from memory, the ceiling of any list's ratio to L_fastify.
  [
    'L_fastify_list',
    "bare Fastify answering a dashboard's bytes from memory (API headers), 32 connections",
    () => httpBaseline('tools/bench/servers/fastify-list.mjs', { seconds, connections: 32 }),
  ],
  ['L_pg_list', 'services-list SQL (page 0 + count) through pg, 16 concurrent', () => pgListBaseline({ seconds, pgUrl: PG_URL })],
  ['L_rpc_raw', 'amqplib echo over direct reply-to, 16 concurrent', () => rpcRawBaseline({ seconds, amqpUrl: AMQP_URL })],
  ['L_rpc_nest', 'Nest RMQ echo, production options, 16 concurrent', () => rpcNestBaseline({ seconds, amqpUrl: AMQP_URL })],
  ['L_img', 'sharp: one decode, 1920 px + 200 px, one at a time', () => imageBaseline({ seconds: Math.max(seconds, 3) })],
  ['L_kdf', 'argon2id 19 MiB / t=2 / p=1, one at a time', () => kdfBaseline({ seconds: Math.max(seconds, 3) })],
];
// The baselines are measured at the start and again at the end of the run, and every ratio uses
// their mean: this VM's speed drifts over minutes (one run's baselines came out 40-70 % faster
// than the previous run's, 20 minutes apart, while the product's own figures barely moved), and a
// baseline taken only before the product's minutes of load tilts every ratio. --baselines-once skips the second pass.
async function measureBaselines(pass) {
  const measured = {};
  for (const [name, what, run] of baselineRuns) {
    if (skipBaselines.some((s) => name.toLowerCase().includes(s.toLowerCase()))) {
      continue;
    }
    log(`baseline ${name} (${pass}): ${what}`);
    try {
      measured[name] = { what, ...(await run()) };
    } catch (err) {
      console.warn(`  ${name} could not be measured: ${err.message}`);
    }
  }
  return measured;
}
const baselinesAtStart = await measureBaselines('start');
let baselines = baselinesAtStart;
const B = (name, field = 'rps') => baselines[name]?.[field];

// ---- the product -----------------------------------------------------------------------------
const results = [];
const extras = [];
let npmStart;
if (modes.some(isEmbedded) && selected('start')) {
  const runs = Number(args['start-runs'] ?? 3);
  log(`npm start on this built tree (${runs} starts, build check included)`);
  try {
    npmStart = await measureNpmStart(root, { runs });
  } catch (err) {
    console.warn(`  npm start could not be measured: ${err.message.split('\n')[0]}`);
  }
}
for (const mode of modes) {
  log(`starting the ${mode} product`);
  let started;
  try {
    started = await startMeasured(...MODES[mode]);
  } catch (err) {
    console.warn(`  the ${mode} product did not start: ${err.message.split('\n')[0]}`);
    continue;
  }
  const { product, startMs } = started;
  try {
    await new Promise((r) => setTimeout(r, 3000)); // settle before reading idle memory
    const processes = productProcesses(product.dataDir);
    // Together resident = the sum of PSS (shared pages such as the node binary counted once, split
    // between the processes); the sum of RSS counts them once per process and is printed beside it.
    const idle = { idleRssMb: totalRssMb(processes), idlePssMb: totalPssMb(processes), idlePrivateMb: processes.reduce((sum, p) => sum + p.privateMb, 0) };
    extras.push({
      mode,
      startMs,
      ...idle,
      processes: processes.length,
      perApp: processes.map((p) => `${p.app} ${p.pssMb.toFixed(0)}/${p.rssMb.toFixed(0)}`).join(', '),
    });
    log(
      `${mode}: ready in ${(startMs / 1000).toFixed(1)} s, ${processes.length} processes, ${idle.idlePssMb.toFixed(0)} MB resident together when idle (sum of RSS ${idle.idleRssMb.toFixed(0)} MB)`,
    );
    const account = await prepareAccount(product);
    await warmUp(product.baseUrl, account, { seconds: Math.min(3, seconds) });
    for (const scenario of scenarioList(account).filter((s) => selected(s.name))) {
      await probe(product.baseUrl, scenario);
      log(`${mode}: ${scenario.name}`);
      const measured = await measureScenario(product.baseUrl, scenario, { seconds });
      results.push({ mode, scenario: scenario.name, kind: scenario.kind, ...measured });
    }
    if (selected('due')) {
      const machines = Number(args.fleet ?? 1000);
      log(`${mode}: the Due list's account (${machines} machines, 3 schedules each)`);
      const fleet = await prepareFleet(product, { machines, perMachine: 3, log });
      for (const scenario of dueScenarios(fleet)) {
        await probe(product.baseUrl, scenario);
        log(`${mode}: ${scenario.name}`);
        const measured = await measureScenario(product.baseUrl, scenario, { seconds });
        results.push({ mode, scenario: scenario.name, kind: scenario.kind, ...measured });
      }
      log(`${mode}: from a reading to the recomputed status`);
      results.push({ mode, scenario: 'reading to status', kind: 'reading', reading: await measureReadingToStatus(fleet, { samples: 20 }) });
    }
    if (selected('my-work')) {
      log(`${mode}: My work's mechanic (20 accounts, 5 open orders each)`);
      const scenario = myWorkScenario(await prepareMyWork(product));
      await probe(product.baseUrl, scenario);
      results.push({ mode, scenario: scenario.name, kind: scenario.kind, ...(await measureScenario(product.baseUrl, scenario, { seconds })) });
    }
    if (selected('import')) {
      const rows = Number(args['import-rows'] ?? 100_000);
      log(`${mode}: the dry run of a ${rows}-row fuel import`);
      results.push({ mode, scenario: 'import dry run', kind: 'import', dryRun: await measureImportDryRun(product, account, { rows }) });
    }
    if (selected('export')) {
      const fuel = Number(args['export-fuel'] ?? 2000);
      log(`${mode}: seeding an account of ${fuel} fuel records for the export`);
      const seeded = await prepareExportAccount(product, { fuel });
      log(`${mode}: "Download all my data" of ${seeded.records} records and ${seeded.photos} photos`);
      results.push({
        mode,
        scenario: 'export',
        kind: 'export',
        exported: { ...(await measureExport(product, seeded)), records: seeded.records, photos: seeded.photos },
      });
    }
    if (selected('import-commit')) {
      // 10,000 rows by default: at 100,000 the owners' event backlog stalls the embedded product
      // (apps/import-service/README.md, figures); --commit-rows=100000 measures that.
      const rows = Number(args['commit-rows'] ?? 10_000);
      log(`${mode}: the import job of a ${rows}-row fuel file (commit to done)`);
      results.push({ mode, scenario: 'import commit', kind: 'import-commit', commit: await measureImportCommit(product, account, { rows }) });
    }
    if (selected('readings-batch')) {
      log(`${mode}: one POST /api/readings/batch of 1,000 readings (3 batches)`);
      results.push({ mode, scenario: 'readings-batch', kind: 'readings-batch', batch: await measureReadingsBatch(product, { batches: 3 }) });
    }
    if (selected('webhook')) {
      log(`${mode}: from a status change to the webhook received, 50 endpoints`);
      results.push({
        mode,
        scenario: 'status to webhook',
        kind: 'webhook',
        webhook: await measureStatusToWebhook(product, { endpoints: 50, samples: 10, log }),
      });
    }
    if (selected('photo')) {
      const dashboard = results.find((r) => r.mode === mode && r.scenario === 'dashboard');
      log(
        `${mode}: photos (1 a second for ${Math.max(5, seconds * 2)} s${dashboard ? ', dashboard at half load' : ''}, then a burst of ${args.quick ? 16 : 24})`,
      );
      const images = await measureImages(product, account, {
        seconds: Math.max(5, seconds * 2),
        burst: args.quick ? 16 : 24,
        backgroundRate: dashboard?.half?.rate,
      });
      results.push({ mode, scenario: 'photo', kind: 'image', images });
    }
    if (floodSelected) {
      log(`${mode}: sign-in flood`);
      floods.push(await measureLoginFlood(product, account, { mode, seconds, log }));
    }
    if (isEmbedded(mode) && selected('lcp')) {
      log(`${mode}: Largest Contentful Paint of /dashboard, 1,000 machines, headless Chromium`);
      results.push({ mode, scenario: 'lcp', kind: 'lcp', lcp: await measureLcp(product, { loads: 5, machines: 1000 }) });
    }
  } catch (err) {
    console.error(`  ${mode}: ${err.stack ?? err.message}`);
    process.exitCode = 1;
  } finally {
    await product.stop();
  }
}

// ---- report ----------------------------------------------------------------------------------
const ms = (n) => fmt(n, 1);
let baselinesAtEnd;
if (!args['baselines-once']) {
  baselinesAtEnd = await measureBaselines('end');
  const mean = (a, b) => (Number.isFinite(a) && Number.isFinite(b) ? (a + b) / 2 : (a ?? b));
  baselines = Object.fromEntries(
    Object.entries(baselinesAtStart).map(([name, b]) => {
      const e = baselinesAtEnd[name] ?? b;
      return [
        name,
        { ...b, rps: mean(b.rps, e.rps), p50: mean(b.p50, e.p50), p95: mean(b.p95, e.p95), p99: mean(b.p99, e.p99), errors: b.errors + (e.errors ?? 0) },
      ];
    }),
  );
}
console.log(`\nBaselines (same run${baselinesAtEnd ? ': measured at the start and at the end, the ratios use the mean' : ''})`);
console.log(
  table([
    ['baseline', 'req/s', 'start', 'end', 'p50 ms', 'p95 ms', 'p99 ms', 'errors', 'what'],
    ...Object.entries(baselines).map(([name, b]) => [
      name,
      fmt(b.rps),
      fmt(baselinesAtStart[name]?.rps),
      baselinesAtEnd ? fmt(baselinesAtEnd[name]?.rps) : '-',
      ms(b.p50),
      ms(b.p95),
      ms(b.p99),
      b.errors,
      b.what,
    ]),
  ]),
);

const rpcHopRatio = ratio(B('L_rpc_nest'), B('L_rpc_raw'));
const kdfPerSecond = (cpus().length * 1000) / B('L_kdf', 'p50');
const rows = [['mode', 'scenario', 'req/s', 'p50', 'p95', 'p99', 'errors', 'vs', 'ratio', 'target', 'half-knee p95/p99/err/dropped', 'verdict']];
const verdicts = [];
const addRow = (mode, name, r, base, baseValue, need, extraChecks = [], half) => {
  const x = ratio(r.rps, baseValue);
  const v = verdict([{ value: x, atLeast: need }, ...extraChecks]);
  verdicts.push({ mode, name, verdict: v });
  rows.push([mode, name, fmt(r.rps), ms(r.p50), ms(r.p95), ms(r.p99), r.errors, base, fmt(x, 2), `>= ${need}`, half ?? '', v]);
};
rows.push([
  '-',
  'RPC hop (L_rpc_nest)',
  fmt(B('L_rpc_nest')),
  ms(B('L_rpc_nest', 'p50')),
  ms(B('L_rpc_nest', 'p95')),
  ms(B('L_rpc_nest', 'p99')),
  B('L_rpc_nest', 'errors') ?? '-',
  'L_rpc_raw',
  fmt(rpcHopRatio, 2),
  '>= 0.35, p99 < 20',
  '',
  verdict([
    { value: rpcHopRatio, atLeast: 0.35 },
    { value: B('L_rpc_nest', 'p99'), below: 20 },
  ]),
]);
/** A baseline printed as a reference beside another (no verdict): its name, label, denominator and role. */
const referenceRow = (name, label, base, role) => {
  if (B(name) !== undefined) {
    rows.push([
      '-',
      label,
      fmt(B(name)),
      ms(B(name, 'p50')),
      ms(B(name, 'p95')),
      ms(B(name, 'p99')),
      B(name, 'errors') ?? '-',
      base,
      fmt(ratio(B(name), B(base)), 2),
      role,
      '',
      '',
    ]);
  }
};
referenceRow('L_nest_http', 'bare Nest (L_nest_http)', 'L_http', 'reference');
referenceRow('L_fastify_list', 'dashboard bytes from memory (L_fastify_list)', 'L_fastify', 'ceiling of the lists');
for (const r of results) {
  if (r.kind === 'gateway') {
    // Issue 20: embedded /health at 0.6 x L_http (bare Nest on Fastify reaches 0.66-0.69 here).
    addRow(r.mode, r.scenario, r.knee, 'L_http', B('L_http'), isEmbedded(r.mode) ? 0.6 : 0.7);
  } else if (r.kind === 'login') {
    addRow(r.mode, r.scenario, r.knee, 'cores/L_kdf', kdfPerSecond, 0.8);
  } else if (r.kind === 'list') {
    // Issue 20: embedded lists at 0.35 x L_fastify with a half-knee p95 under 20 ms.
    const [base, need, p95] = r.mode === 'distributed' ? ['L_rpc_nest', 0.3, 50] : ['L_fastify', 0.35, 20];
    const h = r.half;
    // "no dropped iterations": none at all.
    addRow(
      r.mode,
      r.scenario,
      r.knee,
      base,
      B(base),
      need,
      h
        ? [
            { value: h.p95, below: p95 },
            { value: h.p99, below: 150 },
            { value: h.errorRate, below: 0.001 },
            { value: h.dropped, below: 1 },
          ]
        : [],
      h ? `${ms(h.p95)}/${ms(h.p99)}/${h.errors}/${h.dropped} @${h.rate}/s` : '',
    );
  } else if (r.kind === 'write') {
    addRow(r.mode, r.scenario, r.knee, 'L_rpc_nest', B('L_rpc_nest'), 0.1, [{ value: r.knee.p99, below: 200 }]);
  } else if (r.kind === 'webhook') {
    const t = r.webhook;
    rows.push([
      r.mode,
      'status to webhook, 50 endpoints (ms)',
      '',
      ms(t.p50),
      ms(t.p95),
      ms(t.p99),
      t.errors,
      '',
      '',
      'reference',
      `${t.requests} deliveries`,
      '',
    ]);
  } else if (r.kind === 'reading') {
    const t = r.reading;
    rows.push([r.mode, 'reading to status (ms)', '', ms(t.p50), ms(t.p95), ms(t.p99), t.errors, '', '', 'reference', `${t.requests} readings`, '']);
  } else if (r.kind === 'import') {
    const d = r.dryRun;
    rows.push([r.mode, `import: upload ${d.rows} rows (${fmt(d.megabytes, 1)} MB), ms`, '', ms(d.uploadMs), '', '', 0, '', '', 'reference', '', '']);
    rows.push([
      r.mode,
      'import: dry run rows/s',
      fmt(d.rowsPerSecond, 0),
      ms(d.validateMs),
      '',
      '',
      0,
      '',
      '',
      'reference',
      `RSS ${fmt(d.idleMb, 0)} -> peak ${fmt(d.peakMb, 0)} MB`,
      '',
    ]);
  } else if (r.kind === 'export') {
    const e = r.exported;
    rows.push([
      r.mode,
      `export: ${e.records} records + ${e.photos} photos to ready, ms`,
      '',
      ms(e.exportMs),
      '',
      '',
      0,
      '',
      '',
      'reference',
      `ZIP ${fmt(e.byteSize / 1e6, 2)} MB, RSS ${fmt(e.idleMb, 0)} -> peak ${fmt(e.peakMb, 0)} MB`,
      '',
    ]);
    rows.push([
      r.mode,
      'export: download through the signed link, ms',
      '',
      ms(e.downloadMs),
      '',
      '',
      0,
      '',
      '',
      'reference',
      `${fmt(e.downloaded / 1e6, 2)} MB`,
      '',
    ]);
  } else if (r.kind === 'readings-batch') {
    const t = r.batch;
    rows.push([
      r.mode,
      `readings-batch: ${t.readings} readings, ms (readings/s at p50)`,
      fmt(t.readingsPerSecond, 0),
      ms(t.p50),
      ms(t.p95),
      ms(t.p99),
      t.errors,
      '',
      '',
      'reference',
      `${t.requests} batches`,
      '',
    ]);
  } else if (r.kind === 'import-commit') {
    const c = r.commit;
    rows.push([
      r.mode,
      `import: commit ${c.rows} rows, rows/s`,
      fmt(c.rowsPerSecond, 0),
      ms(c.commitMs),
      '',
      '',
      c.pollErrors,
      '',
      '',
      'reference',
      `RSS ${fmt(c.idleMb, 0)} -> peak ${fmt(c.peakMb, 0)} MB`,
      '',
    ]);
  } else if (r.kind === 'image') {
    const i = r.images;
    const x = ratio(i.workerImagesPerSecond, B('L_img'));
    const v = verdict([
      { value: x, atLeast: 0.8 },
      { value: i.visible.p95, below: 5000 },
      { value: i.maxWorkerRssMb, below: 512 },
    ]);
    verdicts.push({ mode: r.mode, name: 'photo', verdict: v });
    rows.push([r.mode, 'photo: worker img/s', fmt(i.workerImagesPerSecond, 2), '', '', '', '', 'L_img', fmt(x, 2), '>= 0.8', '', v]);
    rows.push([r.mode, 'photo: upload', '', ms(i.upload.p50), ms(i.upload.p95), ms(i.upload.p99), 0, '', '', '', '', '']);
    rows.push([
      r.mode,
      'photo: time to thumbnail',
      '',
      ms(i.visible.p50),
      ms(i.visible.p95),
      ms(i.visible.p99),
      i.visible.errors,
      '',
      '',
      'p95 < 5000',
      '',
      '',
    ]);
    rows.push([r.mode, 'photo: worker max RSS MB', fmt(i.maxWorkerRssMb, 0), '', '', '', '', '', '', '< 512', '', '']);
  }
}
// Issue 33: the machines list with an API token within 10 % of the same with a session (knee req/s).
for (const mode of modes) {
  const bySession = results.find((r) => r.mode === mode && r.scenario === 'machines');
  const byToken = results.find((r) => r.mode === mode && r.scenario === 'machines-list-token');
  if (bySession?.knee && byToken?.knee) {
    const x = ratio(byToken.knee.rps, bySession.knee.rps);
    const v = verdict([{ value: x, atLeast: 0.9 }]);
    verdicts.push({ mode, name: 'machines-list-token vs session', verdict: v });
    rows.push([
      mode,
      'machines list: token / session',
      fmt(byToken.knee.rps),
      ms(byToken.knee.p50),
      ms(byToken.knee.p95),
      ms(byToken.knee.p99),
      byToken.knee.errors,
      'machines',
      fmt(x, 2),
      '>= 0.9',
      '',
      v,
    ]);
  }
}
console.log('\nScenarios (ratios to the baselines above; latencies in ms)');
console.log(table(rows));
if (extras.length > 0) {
  console.log('\nStart and idle memory');
  console.log(
    table([
      ['mode', 'ready after', 'processes', 'idle MB (PSS)', 'private MB', 'sum of RSS MB', 'target', 'verdict', 'per app, PSS/RSS (MB)'],
      ...extras.map((e) => [
        e.mode,
        `${(e.startMs / 1000).toFixed(1)} s`,
        e.processes,
        fmt(e.idlePssMb, 0),
        fmt(e.idlePrivateMb, 0),
        fmt(e.idleRssMb, 0),
        isEmbedded(e.mode) ? '< 5 s, < 250 MB' : 'n/a',
        isEmbedded(e.mode)
          ? verdict([
              { value: e.startMs, below: 5000 },
              { value: e.idlePssMb, below: 250 },
            ])
          : 'n/a',
        e.perApp,
      ]),
    ]),
  );
}
if (npmStart) {
  const v = verdict([{ value: npmStart.medianMs, below: 3000 }]);
  verdicts.push({ mode: 'embedded', name: 'npm start', verdict: v });
  console.log('\nnpm start on a built tree (from spawning npm to /api/health/ready answering 200, the build check included)');
  console.log(
    table([
      ['starts', 'median', 'each', 'build check', 'target', 'verdict'],
      [
        npmStart.runs,
        `${(npmStart.medianMs / 1000).toFixed(2)} s`,
        npmStart.samplesMs.map((ms) => (ms / 1000).toFixed(2)).join(', '),
        npmStart.build,
        '< 3 s',
        v,
      ],
    ]),
  );
}
if (floods.length > 0) {
  console.log(loginFloodReport(floods));
}
const bundles = routeBundles();
if (bundles) {
  console.log('\nWeb first load (JavaScript, gzip; from the Vite manifest of apps/web/dist)');
  console.log(
    table([
      ['route', 'JS files', 'gzip KB', 'raw KB', 'target', 'verdict'],
      ...Object.entries(bundles).map(([route, b]) => {
        // The budget of the browser test (web-e2e bundle-budget): 200 KB + 10 % since issue 34.
        const v = verdict([{ value: b.gzipBytes / 1024, below: 210 }]);
        verdicts.push({ mode: 'web', name: route, verdict: v });
        return [route, b.files, fmt(b.gzipBytes / 1024), fmt(b.rawBytes / 1024), '< 210 KB', v];
      }),
    ]),
  );
}
const lcp = results.find((r) => r.kind === 'lcp')?.lcp;
if (lcp) {
  console.log(
    `\nWeb: Largest Contentful Paint of /dashboard (${lcp.machines} machines, ${lcp.first.rows} table rows shown; headless Chromium, 1280x800, embedded)`,
  );
  const lcpRow = (visit, loads, p50, max, rowsAt, candidate) => {
    const v = verdict([{ value: max, below: 1000 }]);
    verdicts.push({ mode: 'web', name: `LCP ${visit}`, verdict: v });
    return [visit, loads, ms(p50), ms(max), '< 1000', v, ms(rowsAt), candidate];
  };
  const candidates = [...new Set(lcp.returning.samples.map((r) => `${r.element} (${r.size} px²)`))].join('; ');
  console.log(
    table([
      ['visit', 'loads', 'LCP p50 ms', 'LCP max ms', 'target', 'verdict', 'rows in DOM ms (p50)', 'LCP element'],
      lcpRow('first (empty cache)', 1, lcp.first.ms, lcp.first.ms, lcp.first.rowsAt, `${lcp.first.element} (${lcp.first.size} px²)`),
      lcpRow('returning (cache kept)', lcp.returning.loads, lcp.returning.p50, lcp.returning.max, lcp.returning.rowsAtP50, candidates),
    ]),
  );
}
console.log(
  `\n${verdicts.filter((v) => v.verdict === 'PASS').length} PASS, ${verdicts.filter((v) => v.verdict === 'MISS').length} MISS; ${cpus().length} cores; whole run ${((performance.now() - startedAt) / 1000).toFixed(0)} s`,
);
if (typeof args.json === 'string') {
  writeFileSync(
    args.json,
    JSON.stringify({ at: new Date().toISOString(), seconds, baselines, baselinesAtStart, baselinesAtEnd, results, extras, npmStart, bundles }, null, 2),
  );
}
