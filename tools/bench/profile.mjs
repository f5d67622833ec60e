#!/usr/bin/env node
// CPU profile of every process of the product under one scenario (issue 10: "where a target is
// missed, find out why with a profile"). Prints the heaviest functions per process by self time.
//   node tools/bench/profile.mjs --mode=embedded --only=dashboard --seconds=8 [--top=25] [--dir=/tmp/wl-prof] [--env=HOST_THREADS=2]
// --only=import-commit [--commit-rows=N]: the import job (tools/bench/imports.mjs) instead of an HTTP load.
// Also prints the CPU time per request of every process (cpu-use.mjs); --cpu-only skips the
// sampling profile (which itself costs CPU) and prints only that.
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_NODE_FLAGS } from '../node-flags.mjs';
import { countCpu } from './cpu-use.mjs';
import { measureImportCommit } from './imports.mjs';
import { prepareAccount, scenarioList, startMeasured } from './scenarios.mjs';
import { runHttp } from './load.mjs';
import { parseArgs } from './stats.mjs';

const args = parseArgs(process.argv.slice(2));
const mode = args.mode ?? 'embedded';
const seconds = Number(args.seconds ?? 8);
const top = Number(args.top ?? 25);
const dir = args.dir ?? '/tmp/wl-prof';
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });

const flags = `${process.env.WRENCHLOG_NODE_FLAGS ?? DEFAULT_NODE_FLAGS}${args['cpu-only'] ? '' : ` --cpu-prof --cpu-prof-dir=${dir}`}`;
// --env=HOST_THREADS=2,EMBEDDED_PROCESSES=separate: settings of the product under test.
const extraEnv =
  typeof args.env === 'string' ? Object.fromEntries(args.env.split(',').map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)])) : {};
const { product } = await startMeasured(mode, { ...extraEnv, WRENCHLOG_NODE_FLAGS: flags });
let result;
const window = { from: 0, to: Infinity };
let cpu;
try {
  const account = await prepareAccount(product);
  if (args.only === 'import-commit') {
    window.from = Number(process.hrtime.bigint() / 1000n);
    const stopCounting = countCpu(product.dataDir);
    const commit = await measureImportCommit(product, account, { rows: Number(args['commit-rows'] ?? 10_000) });
    cpu = stopCounting(commit.rows);
    window.to = Number(process.hrtime.bigint() / 1000n);
    result = { rps: commit.rowsPerSecond, p99: NaN, what: `${commit.rows} rows, RSS peak ${commit.peakMb.toFixed(0)} MB` };
  } else {
    const scenario = scenarioList(account).find((s) => s.name === (args.only ?? 'dashboard'));
    if (!scenario) {
      throw new Error(`no scenario named ${args.only}`);
    }
    // autocannon takes the path in the url (a top-level `path` is ignored), as measureScenario does.
    const { path, ...request } = scenario.request ?? {};
    const target = { url: `${product.baseUrl}${path ?? ''}`, ...request, requests: scenario.requests, connections: scenario.connections ?? 32 };
    await runHttp({ ...target, seconds: 1 });
    // Only the samples taken under load are counted (V8's profile clock is CLOCK_MONOTONIC, as hrtime).
    window.from = Number(process.hrtime.bigint() / 1000n);
    const stopCounting = countCpu(product.dataDir);
    result = await runHttp({ ...target, seconds });
    cpu = stopCounting(result.requests);
    window.to = Number(process.hrtime.bigint() / 1000n);
  }
} finally {
  await product.stop();
}
console.log(
  `${args.only ?? 'dashboard'} (${mode}): ${result.rps.toFixed(0)} ${result.what ? `rows/s, ${result.what}` : `req/s, p99 ${result.p99.toFixed(1)} ms`}`,
);
console.log(`CPU per ${result.what ? 'row' : 'request'} (user + system): ${cpu.map((g) => `${g.name} ${g.usPerRequest.toFixed(0)} µs`).join(', ')}`);

// One profile per process; the process is named by the script in its first frames' URLs.
for (const file of readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'))) {
  const profile = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  const dt = profile.timeDeltas;
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    at += dt[i] ?? 0;
    if (at >= window.from && at <= window.to) {
      self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + (dt[i] ?? 0));
    }
  }
  const byFn = new Map();
  let total = 0;
  let idle = 0;
  let app = '?';
  for (const [id, us] of self) {
    const { callFrame } = byId.get(id);
    total += us;
    if (callFrame.functionName === '(idle)') {
      idle += us;
      continue;
    }
    const m = /apps\/([\w-]+)\/dist/.exec(callFrame.url);
    if (m) app = m[1];
    const where = callFrame.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/(apps|libs)\//, '$1/');
    const key = `${callFrame.functionName || '(anonymous)'} ${where}:${callFrame.lineNumber + 1}`;
    byFn.set(key, (byFn.get(key) ?? 0) + us);
  }
  const busy = total - idle;
  if (busy < 200_000) continue; // processes that did (almost) nothing under the load
  const pkgs = new Map();
  for (const [key, us] of byFn) {
    // The package of a frame: node internals and natives by their prefix, node_modules by name (with its scope).
    const where = key.split(' ')[1] ?? '';
    const pkg =
      key.includes('node:') || !key.includes('/')
        ? where.split(':')[0] || '(native)'
        : where
            .split('/')
            .slice(0, where.startsWith('@') ? 2 : 1)
            .join('/');
    pkgs.set(pkg, (pkgs.get(pkg) ?? 0) + us);
  }
  console.log(`\n== ${app} (${file}): busy ${(busy / 1e6).toFixed(2)} s of ${(total / 1e6).toFixed(2)} s`);
  console.log(
    '  by package:',
    [...pkgs]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 12)
      .map(([p, us]) => `${p} ${((100 * us) / busy).toFixed(1)}%`)
      .join(', '),
  );
  for (const [key, us] of [...byFn].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`  ${((100 * us) / busy).toFixed(1).padStart(5)}%  ${key}`);
  }
  if (args.tree === app) {
    printTree(profile, byId, self, busy);
  }
}

/** --tree=<app>: that process's call tree under the load (inclusive time, branches over 2 %). */
function printTree(profile, byId, self, busy) {
  const inclusive = new Map();
  const total = (id) => {
    if (!inclusive.has(id)) {
      inclusive.set(id, (self.get(id) ?? 0) + (byId.get(id).children ?? []).reduce((sum, c) => sum + total(c), 0));
    }
    return inclusive.get(id);
  };
  const label = ({ callFrame: f }) =>
    `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/(apps|libs)\//, '$1/')}:${f.lineNumber + 1}`;
  const walk = (node, depth) => {
    const children = (node.children ?? []).map((id) => byId.get(id)).filter((c) => c.callFrame.functionName !== '(idle)');
    for (const child of children.sort((a, b) => total(b.id) - total(a.id))) {
      if (total(child.id) / busy < 0.02) continue;
      console.log(`  ${'  '.repeat(depth)}${((100 * total(child.id)) / busy).toFixed(1)}% ${label(child)}`);
      if (depth < 12) walk(child, depth + 1);
    }
  };
  walk(profile.nodes[0], 0);
}
