// Instructions per request of the embedded product of one tree, counted by valgrind's callgrind:
// unlike throughputs and CPU time, the count does not move with what else the shared machine is
// doing, so an A/B of two trees holds on a loaded machine (issue 32's "within 10 % of the landed tree").
//   node tools/bench/instructions.mjs <tree> <label> [--n=150] [--warm=300] [--only=dashboard,machines]
// <tree>: a built worktree with its own node_modules (a symlinked node_modules would load the other
// tree's libraries). The product starts under callgrind with instrumentation off (about 2 minutes);
// each scenario of the tree's tools/bench/scenarios.mjs is warmed up uninstrumented, then counted over
// --n sequential requests (callgrind_control: instrumentation on, zero, dump, off).
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: { n: { type: 'string' }, warm: { type: 'string' }, only: { type: 'string' } },
});
const [treeArg, label = 'tree'] = positionals;
if (!treeArg) {
  console.error('usage: node tools/bench/instructions.mjs <tree> <label> [--n=150] [--warm=300] [--only=a,b]');
  process.exit(2);
}
const tree = resolve(treeArg);
const N = Number(args.n ?? 150);
const WARM = Number(args.warm ?? 300);
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

for (const scenario of scenarios) {
  await send(scenario, WARM);
  control('-i', 'on');
  control('-z');
  await send(scenario, N);
  control('-d');
  control('-i', 'off');
  await new Promise((r) => setTimeout(r, 1000));
  const total = Number(/^totals:\s+(\d+)/m.exec(readFileSync(join(out, newestDump()), 'utf8'))[1]);
  console.log(`${label} ${scenario.name}: ${(total / N / 1e6).toFixed(2)} M instructions a request (${N} after ${WARM} uncounted)`);
}
stop();
rmSync(dataDir, { recursive: true, force: true });
