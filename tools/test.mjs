#!/usr/bin/env node
// `npm test`: build, typecheck, every project's unit and integration tests, then the e2e suites
// against the started product (embedded, and distributed on the local PostgreSQL and RabbitMQ).
// Ends with one line "tests: N passed, N failed" summing every Jest run.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './apps.mjs';
import { build } from './build.mjs';

// CI runs the suite on the image's Node (tools/image-node.mjs names it): never on another one unnoticed.
const wantedNode = process.env.WRENCHLOG_TEST_NODE;
console.log(`Node ${process.version}${wantedNode ? ` (the image's Node ${wantedNode} was asked for)` : ''}`);
if (wantedNode && process.version !== `v${wantedNode}`) {
  console.error(`npm test runs on Node ${process.version}, not on the image's ${wantedNode}`);
  process.exit(1);
}

const out = join(root, 'test-output');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const totals = { passed: 0, failed: 0, suitesFailed: 0 };
const failures = [];

/**
 * One step: its title, its result and its time. `fn` may be async; a step given a `log` file runs
 * beside others, its output going to that file, printed whole when it ends (never interleaved).
 */
async function step(title, fn, log) {
  const started = Date.now();
  if (!log) {
    console.log(`\n=== ${title}`);
  }
  const ok = await fn(log);
  if (log) {
    console.log(`\n=== ${title} (ran beside other steps; its output:)`);
    process.stdout.write(readFileSync(log, 'utf8'));
  }
  console.log(`=== ${title}: ${ok ? 'ok' : 'FAILED'} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  if (!ok) {
    failures.push(title);
  }
  return ok;
}

/** Runs a command to its end: streamed to this output, or (`log`) into that file. */
function run(command, args, options = {}, log) {
  return new Promise((resolvePromise) => {
    const out = log ? createWriteStream(log, { flags: 'a' }) : null;
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', out ? 'pipe' : 'inherit', out ? 'pipe' : 'inherit'], ...options });
    if (out) {
      child.stdout.pipe(out, { end: false });
      child.stderr.pipe(out, { end: false });
    }
    child.on('error', () => resolvePromise(false));
    child.on('close', (code) => {
      if (out) {
        out.end(() => resolvePromise(code === 0));
      } else {
        resolvePromise(code === 0);
      }
    });
  });
}

/** A log file of its own for a step that runs beside others. */
const logOf = (name) => join(out, `${name}.log`);

async function jest(name, configPath, extraArgs = [], log) {
  const report = join(out, `${name}.json`);
  const ok = await run(
    process.execPath,
    ['--experimental-vm-modules', join(root, 'node_modules/jest/bin/jest.js'), '--config', configPath, '--json', `--outputFile=${report}`, ...extraArgs],
    { env: { ...process.env, NODE_NO_WARNINGS: '1' } },
    log,
  );
  if (existsSync(report)) {
    const summary = JSON.parse(readFileSync(report, 'utf8'));
    totals.passed += summary.numPassedTests;
    totals.failed += summary.numFailedTests;
    totals.suitesFailed += summary.numFailedTestSuites;
    return ok && summary.numFailedTests === 0 && summary.numRuntimeErrorTestSuites === 0;
  }
  totals.suitesFailed += 1;
  return false;
}

const built = await step('build', () => {
  try {
    build();
    return true;
  } catch {
    return false;
  }
});

// The checks below need nothing of each other and are mostly one core each: they run side by side
// (on CI's two cores about a minute less than one after another), each into its own log.
const typecheck = (log) => {
  const tsc = join(root, 'node_modules/typescript/bin/tsc');
  const configs = ['tsconfig.json', ...(existsSync(join(root, 'apps/web/tsconfig.json')) ? ['apps/web/tsconfig.json'] : [])];
  return Promise.all(configs.map((c) => run(process.execPath, [tsc, '-p', c, '--noEmit'], {}, log))).then((oks) => oks.every(Boolean));
};

// Conflict markers a merge left behind (prettier passes them in Markdown: one landed in the README).
const conflictMarkers = (log) => {
  const found = spawnSync('git', ['grep', '-n', '-E', '^(<<<<<<<|>>>>>>>) ', '--', '.', ':!node_modules'], { cwd: root, encoding: 'utf8' });
  if (found.stdout) {
    writeFileSync(log, `merge conflict markers:\n${found.stdout}`, { flag: 'a' });
  }
  return !found.stdout;
};

// The project graph first: without it @nx/enforce-module-boundaries skips itself with a warning.
const lint = async (log) =>
  conflictMarkers(log) &&
  (await run(process.execPath, [join(root, 'node_modules/nx/dist/bin/nx.js'), 'show', 'projects'], {}, log)) &&
  (await run(process.execPath, [join(root, 'node_modules/eslint/bin/eslint.js'), '.'], {}, log)) &&
  (await run(process.execPath, [join(root, 'node_modules/prettier/bin/prettier.cjs'), '--check', '--log-level=warn', '.'], {}, log));

// Deployment files are checked without an engine or a cluster: docker-compose (Debian's) parses
// the compose file; kubectl kustomize renders every overlay and kubernetes-models checks the schemas.
function tool(name, log) {
  const found = !spawnSync(name, ['--help'], { stdio: 'ignore' }).error;
  if (!found) {
    writeFileSync(log, `${name} is not installed${process.env.CI === 'true' ? '' : ': its check is skipped here (CI installs it)'}\n`, { flag: 'a' });
  }
  return found || process.env.CI !== 'true' ? found : null;
}

const deploymentFiles = async (log) => {
  const compose = tool('docker-compose', log);
  const kubectl = tool('kubectl', log);
  if (compose === null || kubectl === null) {
    return false;
  }
  const composeOk = !compose || (await run('docker-compose', ['--env-file', '.env.example', 'config', '-q'], {}, log));
  const k8sOk = !kubectl || (await run(process.execPath, [join(root, 'tools', 'validate-k8s.mjs')], {}, log));
  return composeOk && k8sOk;
};

// The tools' own helpers (tools/*.test.mjs: the build check of `npm start`; tools/bench/*.test.mjs:
// statistics, the arrival-rate driver; tools/generate/*.test.mjs: the call generator;
// tools/openapi/*.test.mjs: the API reference's types), on node:test.
const toolTests = async (log) => {
  const tests = ['.', 'bench', 'generate', 'openapi'].flatMap((dir) =>
    readdirSync(join(root, 'tools', dir))
      .filter((f) => f.endsWith('.test.mjs'))
      .map((f) => join(root, 'tools', dir, f)),
  );
  const tap = join(out, 'tools.tap');
  const ok = await run(process.execPath, ['--test', '--test-reporter=tap', `--test-reporter-destination=${tap}`, ...tests], {}, log);
  const result = existsSync(tap) ? readFileSync(tap, 'utf8') : '';
  writeFileSync(
    log,
    result
      .split('\n')
      .filter((l) => /^(not )?ok |^# (tests|pass|fail)/.test(l))
      .join('\n') + '\n',
    { flag: 'a' },
  );
  const count = (name) => Number(new RegExp(`^# ${name} (\\d+)`, 'm').exec(result)?.[1] ?? 0);
  totals.passed += count('pass');
  totals.failed += count('fail');
  return ok && count('pass') > 0;
};

await Promise.all([
  step('typecheck', typecheck, logOf('typecheck')),
  step('lint', lint, logOf('lint')),
  step('deployment files', deploymentFiles, logOf('deployment-files')),
  step('tools', toolTests, logOf('tools')),
]);

await step('unit and integration tests', () => jest('unit', join(root, 'jest.config.mjs'), ['--maxWorkers=2']));

// The e2e projects in two lanes: the fault suite (mostly waiting on outages, restarts and
// recoveries, its products of its own, its broker cuts limited to its own connections) beside the
// gateway and browser suites, which run one after the other. Each project's own files run in band.
if (built) {
  const e2eProjects = readdirSync(join(root, 'apps')).filter((d) => d.endsWith('-e2e') && existsSync(join(root, 'apps', d, 'jest.config.mjs')));
  const e2e = (project, log) => step(`e2e: ${project}`, (l) => jest(project, join(root, 'apps', project, 'jest.config.mjs'), ['--runInBand'], l), log);
  const besideOthers = ['fault-e2e'];
  await Promise.all([
    ...besideOthers.filter((p) => e2eProjects.includes(p)).map((p) => e2e(p, logOf(p))),
    (async () => {
      for (const project of e2eProjects.filter((p) => !besideOthers.includes(p))) {
        await e2e(project);
      }
    })(),
  ]);
} else {
  failures.push('e2e (not run: the build failed)');
}

console.log(failures.length ? `\nFailed steps: ${failures.join(', ')}` : '\nAll steps passed.');
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed`);
process.exit(failures.length ? 1 : 0);
