// Instructions per request of the embedded product of one tree, counted by valgrind's callgrind:
// unlike throughputs and CPU time, the count does not move with what else the shared machine is
// doing, so an A/B of two trees holds on a loaded machine (issue 32's "within 10 % of the landed tree").
//   node tools/bench/instructions.mjs <tree> <label> [--n=150] [--warm=300] [--rounds=1] [--only=dashboard,machines]
// <tree>: a built worktree with its own node_modules (a symlinked node_modules would load the other
// tree's libraries). The product starts under callgrind with instrumentation off (about 2 minutes);
// each scenario of the tree's tools/bench/scenarios.mjs is warmed up uninstrumented, then counted over
// --n sequential requests (callgrind_control: instrumentation on, zero, dump, off). The count holds
// V8's work besides the requests' own (its optimizing compiler, the garbage collector): a major GC or
// a burst of compiling that falls in one window moved a scenario by up to 70 % between runs of one
// tree (docs/performance.md, issue 32). --rounds=k counts k windows of --n after the warm-up and
// prints each with their median, which such a burst moves by one window only. Each window is also
// split by callgrind_annotate into V8's compiler, its GC, and the rest: the requests' own work.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: { n: { type: 'string' }, warm: { type: 'string' }, rounds: { type: 'string' }, only: { type: 'string' } },
});
const [treeArg, label = 'tree'] = positionals;
if (!treeArg) {
  console.error('usage: node tools/bench/instructions.mjs <tree> <label> [--n=150] [--warm=300] [--only=a,b]');
  process.exit(2);
}
const tree = resolve(treeArg);
const N = Number(args.n ?? 150);
const WARM = Number(args.warm ?? 300);
const ROUNDS = Number(args.rounds ?? 1);
const wanted = (args.only ?? 'dashboard,machines,services p0,services mix,service create,service update,fuel create,purchase create').split(',');

const fromTree = (p) => import(join(tree, p));
const testing = await fromTree('libs/testing/dist/index.js');
const { selectApps } = await fromTree('tools/apps.mjs');
const { BENCH_ENV, prepareAccount, scenarioList } = await fromTree('tools/bench/scenarios.mjs');
const { DEFAULT_NODE_FLAGS } = await fromTree('tools/node-flags.mjs');

const { env, dataDir } = await testing.productEnvironment({ mode: 'embedded', env: BENCH_ENV, readyTimeoutMs: 3_600_000 });
env.READY_SERVICES = selectApps(env)
  .services.map((s) => s.name)
  .join(',');
const out = join('/tmp', `wl-instructions-${label}`);
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const flags = DEFAULT_NODE_FLAGS.split(' ').filter(Boolean);
const child = spawn(
  'valgrind',
  ['--tool=callgrind', '--instr-atstart=no', `--callgrind-out-file=${out}/cg.%p`, 'node', ...flags, join(tree, 'tools/host.mjs')],
  {
    cwd: tree,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  },
);
let stderr = '';
child.stderr.on('data', (d) => (stderr = (stderr + d).slice(-4000)));
const stop = () => child.exitCode === null && child.kill('SIGTERM');
process.on('exit', stop);

const baseUrl = `http://127.0.0.1:${env.PORT}`;
const t0 = Date.now();
for (;;) {
  try {
    const res = await fetch(`${baseUrl}/api/health/ready`);
    await res.arrayBuffer();
    if (res.ok) {
      break;
    }
  } catch {
    // not listening yet
  }
  if (child.exitCode !== null) {
    console.error(stderr);
    process.exit(1);
  }
  await new Promise((r) => setTimeout(r, 2000));
}
console.log(`${label}: ready under callgrind after ${Math.round((Date.now() - t0) / 1000)} s`);

const account = await prepareAccount({ baseUrl });
const scenarios = scenarioList(account).filter((s) => wanted.includes(s.name));
const control = (...a) => execFileSync('callgrind_control', [...a, String(child.pid)], { stdio: 'ignore' });
// A dump is cg.<pid>.<n>; the newest holds the counted requests' total.
const newestDump = () =>
  readdirSync(out)
    .filter((f) => f.startsWith(`cg.${child.pid}.`))
    .sort((a, b) => Number(a.split('.').pop()) - Number(b.split('.').pop()))
    .pop();

async function send(scenario, count) {
  const template = scenario.requests?.[0] ?? scenario.request;
  for (let i = 0; i < count; i++) {
    const req = template.setupRequest ? template.setupRequest({ ...template }) : template;
    const res = await fetch(baseUrl + req.path, { method: req.method, headers: req.headers, body: req.body });
    await res.arrayBuffer();
    if (res.status >= 400) {
      throw new Error(`${scenario.name}: ${res.status}`);
    }
  }
}

/** A dump's instructions by kind (M a request): V8's optimizing compiler, its GC, and the rest. */
function split(dump) {
  const kinds = { compiler: 0, gc: 0, rest: 0 };
  const text = execFileSync('callgrind_annotate', ['--threshold=100', '--auto=no', dump], { encoding: 'utf8', maxBuffer: 1 << 28 });
  for (const line of text.split('\n')) {
    const m = /^\s*([\d,]+) \([^)]*\)\s+(.*)$/.exec(line);
    if (!m || m[2].includes('PROGRAM TOTALS')) {
      continue;
    }
    const n = Number(m[1].replaceAll(',', ''));
    if (/compiler::|[Mm]aglev|turboshaft|InstructionSelector|RegisterAllocator/.test(m[2])) {
      kinds.compiler += n;
    } else if (/Sweeper|Scavenge|MarkCompact|Marking|Heap::|heap::|Evacuat|SizeFromMap|IterateObjectCache/.test(m[2])) {
      kinds.gc += n;
    } else {
      kinds.rest += n;
    }
  }
  return Object.fromEntries(Object.entries(kinds).map(([k, v]) => [k, v / N / 1e6]));
}

for (const scenario of scenarios) {
  await send(scenario, WARM);
  const counts = [];
  const rests = [];
  for (let round = 0; round < ROUNDS; round++) {
    control('-i', 'on');
    control('-z');
    await send(scenario, N);
    control('-d');
    control('-i', 'off');
    await new Promise((r) => setTimeout(r, 1000));
    const dump = join(out, newestDump());
    counts.push(Number(/^totals:\s+(\d+)/m.exec(readFileSync(dump, 'utf8'))[1]) / N / 1e6);
    const kinds = split(dump);
    rests.push(kinds.rest);
    console.log(
      `  ${scenario.name} window ${round + 1}: ${counts[round].toFixed(2)} M = compiler ${kinds.compiler.toFixed(2)} + GC ${kinds.gc.toFixed(2)} + rest ${kinds.rest.toFixed(2)}`,
    );
  }
  const rest = [...rests].sort((a, b) => a - b)[Math.floor(rests.length / 2)];
  const median = [...counts].sort((a, b) => a - b)[Math.floor(counts.length / 2)];
  const each = ROUNDS > 1 ? `; median of ${ROUNDS} windows: ${counts.map((c) => c.toFixed(2)).join(', ')}` : '';
  console.log(
    `${label} ${scenario.name}: ${median.toFixed(2)} M instructions a request, ${rest.toFixed(2)} M without V8's compiler and GC (${N} after ${WARM} uncounted${each})`,
  );
}
stop();
rmSync(dataDir, { recursive: true, force: true });
