// "Sign-in flood" (issue 10: "the limiter engages before the hashing saturates the machine").
//   1. Per-address limit raised (BENCH_ENV, as the other scenarios): the product's sign-in knee is
//      measured (closed loop, 2 connections a core), then sign-ins are offered at a fixed rate
//      from 64 connections in steps from half the knee to several times it. Each step prints the
//      sign-ins/s that succeeded, the 429s/s, the p99 of the successful ones and the CPU use of
//      the machine and of the product (/proc/stat, /proc/<pid>/stat) over the step: the 429s
//      of the user service's hashing limiter (KDF_CONCURRENCY, KDF_QUEUE) start while the CPU is
//      not yet saturated, and the admitted sign-ins keep their latency however high the flood.
//   2. Per-address limit NOT raised (LOGIN_RATE_PER_IP_PER_MINUTE at its default), all from one
//      address: how many are refused (the gateway's per-address limiter engaging).
// Run with: npm run bench -- --quick --mode=embedded --only=flood --skip-baselines=http,fastify,pg,rpc_raw,rpc_nest,img,kdf
import { ApiClient, createApprovedUser } from '@wrenchlog/testing';
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import { productProcesses } from './product-processes.mjs';
import { startMeasured } from './scenarios.mjs';
import { fmt, percentile, table } from './stats.mjs';

const cores = cpus().length;
const STEPS = [0.5, 0.75, 1, 1.5, 2, 4, 8];

/** Busy and total jiffies of the whole machine (first line of /proc/stat). */
function machineTicks() {
  const f = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const total = f.reduce((a, b) => a + b, 0);
  return { total, busy: total - f[3] - f[4] }; // idle + iowait
}

/** CPU jiffies (user + system, every thread) used so far by each of the given processes. */
function processTicks(pids) {
  const ticks = new Map();
  for (const pid of pids) {
    try {
      const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      ticks.set(pid, Number(f[11]) + Number(f[12]));
    } catch {
      // gone
    }
  }
  return ticks;
}

/** Jiffies used between two processTicks() readings by the processes present in both. */
const ticksBetween = (before, after) => [...after].reduce((sum, [pid, t]) => sum + (before.has(pid) ? t - before.get(pid) : 0), 0);

/** The processes of the shared servers (RabbitMQ's Erlang VM, PostgreSQL), by their command name. */
function serverPids() {
  const pids = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (/^(beam\.smp|postgres)$/.test(stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')))) pids.push(entry);
    } catch {
      // gone
    }
  }
  return pids;
}

/** Opens a CPU window: close() gives the machine's and the product's CPU use over it, in % of all cores. */
function cpuWindow(pids) {
  const servers = serverPids();
  const m0 = machineTicks();
  const p0 = processTicks(pids);
  const s0 = processTicks(servers);
  const me0 = process.cpuUsage();
  const t0 = performance.now();
  return () => {
    const m1 = machineTicks();
    const seconds = (performance.now() - t0) / 1000;
    const me = process.cpuUsage(me0);
    return {
      machine: (100 * (m1.busy - m0.busy)) / Math.max(1, m1.total - m0.total),
      // USER_HZ is 100 on Linux: one jiffy is 10 ms.
      product: (100 * ticksBetween(p0, processTicks(pids))) / (100 * seconds * cores),
      servers: (100 * ticksBetween(s0, processTicks(servers))) / (100 * seconds * cores),
      loadGenerator: (100 * (me.user + me.system)) / 1e6 / (seconds * cores),
    };
  };
}

/**
 * Sign-ins offered at a steady rate (one every 1000/rate ms, an open loop: a slow answer does not
 * hold the next one back; latency counts from the moment a sign-in was due), or a closed loop of
 * `connections` when rate is undefined. autocannon's rate cap is not used: it sends each second's
 * quota in one burst, which a short queue refuses at any average rate.
 */
async function signIns({ url, body, connections, seconds, rate, localAddress }) {
  const target = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const okLatencies = [];
  const messages = new Map();
  let ok = 0;
  let refused = 0;
  let other = 0;
  let lost = 0;
  const once = (dueAt) =>
    new Promise((resolve) => {
      const req = http.request(
        {
          host: target.hostname,
          port: target.port,
          path: target.pathname,
          method: 'POST',
          agent,
          localAddress,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (c) => (text += c));
          res.on('end', () => {
            const ms = performance.now() - dueAt;
            if (res.statusCode === 200) {
              ok++;
              okLatencies.push(ms);
            } else {
              if (res.statusCode === 429) refused++;
              else other++;
              let message = text;
              try {
                message = JSON.parse(text).message;
              } catch {
                // not JSON
              }
              const key = `${res.statusCode} ${message}`;
              messages.set(key, (messages.get(key) ?? 0) + 1);
            }
            resolve();
          });
        },
      );
      req.setTimeout(10000, () => req.destroy(new Error('timeout')));
      req.on('error', () => {
        lost++;
        resolve();
      });
      req.end(body);
    });
  const t0 = performance.now();
  const end = t0 + seconds * 1000;
  const inFlight = new Set();
  if (rate === undefined) {
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (performance.now() < end) {
          await once(performance.now());
        }
      }),
    );
  } else {
    const interval = 1000 / rate;
    let next = t0;
    while (next < end) {
      const now = performance.now();
      while (next <= now && next < end) {
        const p = once(next);
        inFlight.add(p);
        void p.then(() => inFlight.delete(p));
        next += interval;
      }
      await new Promise((r) => setTimeout(r, Math.max(0, next - performance.now())));
    }
    await Promise.all(inFlight);
  }
  const elapsed = (performance.now() - t0) / 1000;
  agent.destroy();
  const sorted = Float64Array.from(okLatencies).sort();
  return { seconds: Math.min(elapsed, seconds), ok, refused, other, lost, p50: percentile(sorted, 50), p99: percentile(sorted, 99), messages };
}

/**
 * Both flood runs against the product of `mode`: `product` (already started with the per-address
 * limit raised) and `account` from prepareAccount; a second product is started for run 2.
 */
export async function measureLoginFlood(product, { user }, { mode, seconds, log = console.log }) {
  const url = `${product.baseUrl}/api/auth/login`;
  const body = JSON.stringify({ username: user.username, password: user.password });
  const pids = productProcesses(product.dataDir).map((p) => p.pid);

  // The knee: a closed loop that keeps the cores busy (2 connections a core).
  await signIns({ url, body, connections: 2 * cores, seconds: 1 });
  const kneeCpu = cpuWindow(pids);
  const knee = await signIns({ url, body, connections: 2 * cores, seconds });
  const kneeRow = { offered: 'closed loop', connections: 2 * cores, ...knee, cpu: kneeCpu() };
  const capacity = knee.ok / knee.seconds;
  log(`${mode}: sign-in flood, knee ${capacity.toFixed(1)}/s; steps of ${seconds} s at ${STEPS.join(', ')} x the knee from 64 connections`);

  const steps = [];
  for (const factor of STEPS) {
    const rate = Math.max(1, Math.round(capacity * factor));
    const window = cpuWindow(pids);
    const r = await signIns({ url, body, connections: 64, seconds, rate });
    steps.push({ offered: `${factor} x = ${rate}/s`, connections: 64, ...r, cpu: window() });
  }

  // Run 2: the default per-address limit (30 a minute), all from one address. The account is made
  // on that product first (its signup and sign-in come from 127.0.0.1; the flood from 127.0.0.2).
  const { product: limited } = await startMeasured(mode, { LOGIN_RATE_PER_IP_PER_MINUTE: '' });
  let perAddress;
  try {
    const other = await createApprovedUser(new ApiClient(limited.baseUrl));
    const rate = 20;
    const attempts = 60;
    log(`${mode}: ${attempts} sign-ins from one address at ${rate}/s, per-address limit at its default`);
    perAddress = await signIns({
      url: `${limited.baseUrl}/api/auth/login`,
      body: JSON.stringify({ username: other.username, password: other.password }),
      connections: 4,
      seconds: attempts / rate,
      rate,
      localAddress: '127.0.0.2',
    });
    perAddress.attempts = perAddress.ok + perAddress.refused + perAddress.other + perAddress.lost;
  } finally {
    await limited.stop();
  }
  return { mode, knee: kneeRow, steps, perAddress };
}

/** The report lines of measureLoginFlood's results (one per mode). */
export function loginFloodReport(floods) {
  const lines = [];
  const rows = [
    ['mode', 'offered', 'conns', 'ok/s', '429/s', 'other', 'ok p50 ms', 'ok p99 ms', 'machine CPU %', 'product CPU %', 'PG+RabbitMQ CPU %', 'load gen. CPU %'],
  ];
  for (const f of floods) {
    for (const r of [f.knee, ...f.steps]) {
      const perSecond = (n) => fmt(n / r.seconds, 1);
      rows.push([
        f.mode,
        r.offered,
        r.connections,
        perSecond(r.ok),
        perSecond(r.refused),
        r.other + r.lost,
        fmt(r.p50, 1),
        fmt(r.p99, 1),
        fmt(r.cpu.machine, 0),
        fmt(r.cpu.product, 0),
        fmt(r.cpu.servers, 0),
        fmt(r.cpu.loadGenerator, 0),
      ]);
    }
  }
  lines.push(
    `\nSign-in flood, per-address limit raised (CPU in % of ${cores} cores over each step, from /proc/stat; 429s are the user service's hashing limiter)`,
  );
  lines.push(table(rows));
  const answers = floods.flatMap((f) => [...f.steps.flatMap((s) => [...s.messages]), ...f.perAddress.messages].map(([m, n]) => [f.mode, m, n]));
  const totals = new Map();
  for (const [mode, m, n] of answers) {
    totals.set(`${mode}\u0000${m}`, (totals.get(`${mode}\u0000${m}`) ?? 0) + n);
  }
  lines.push('\nSign-in flood, per-address limit at its default, one address');
  lines.push(
    table([
      ['mode', 'attempts', 'succeeded', 'refused (429)', 'other', 'over s'],
      ...floods.map((f) => [
        f.mode,
        f.perAddress.attempts,
        f.perAddress.ok,
        f.perAddress.refused,
        f.perAddress.other + f.perAddress.lost,
        fmt(f.perAddress.seconds, 1),
      ]),
    ]),
  );
  lines.push('\nAnswers other than 200 during the floods (status and message: count)');
  for (const [key, n] of totals) {
    const [mode, m] = key.split('\u0000');
    lines.push(`  ${mode}: ${m}: ${n}`);
  }
  return lines.join('\n');
}
