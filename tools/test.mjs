#!/usr/bin/env node
// `npm test`: build, typecheck, every project's unit and integration tests, then the e2e suites
// against the started product (embedded, and distributed on the local PostgreSQL and RabbitMQ).
// Ends with one line "tests: N passed, N failed" summing every Jest run.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
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

function step(title, fn) {
  const started = Date.now();
  console.log(`\n=== ${title}`);
  const ok = fn();
  console.log(`=== ${title}: ${ok ? 'ok' : 'FAILED'} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  if (!ok) {
    failures.push(title);
  }
  return ok;
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  return result.status === 0;
}

function jest(name, configPath, extraArgs = []) {
  const report = join(out, `${name}.json`);
  const ok = run(
    process.execPath,
    ['--experimental-vm-modules', join(root, 'node_modules/jest/bin/jest.js'), '--config', configPath, '--json', `--outputFile=${report}`, ...extraArgs],
    { env: { ...process.env, NODE_NO_WARNINGS: '1' } },
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

const built = step('build', () => {
  try {
    build();
    return true;
  } catch {
    return false;
  }
});

step('typecheck', () => {
  const tsc = join(root, 'node_modules/typescript/bin/tsc');
  const configs = ['tsconfig.json', ...(existsSync(join(root, 'apps/web/tsconfig.json')) ? ['apps/web/tsconfig.json'] : [])];
  return configs.map((c) => run(process.execPath, [tsc, '-p', c, '--noEmit'])).every(Boolean);
});

// The project graph first: without it @nx/enforce-module-boundaries skips itself with a warning.
step(
  'lint',
  () =>
    run(process.execPath, [join(root, 'node_modules/nx/dist/bin/nx.js'), 'show', 'projects'], { stdio: ['ignore', 'ignore', 'inherit'] }) &&
    run(process.execPath, [join(root, 'node_modules/eslint/bin/eslint.js'), '.']) &&
    run(process.execPath, [join(root, 'node_modules/prettier/bin/prettier.cjs'), '--check', '--log-level=warn', '.']),
);

// Deployment files are checked without an engine or a cluster: docker-compose (Debian's) parses
// the compose file; kubectl kustomize renders every overlay and kubernetes-models checks the schemas.
function tool(name) {
  const found = !spawnSync(name, ['--help'], { stdio: 'ignore' }).error;
  if (!found) {
    console.log(`${name} is not installed${process.env.CI === 'true' ? '' : ': its check is skipped here (CI installs it)'}`);
  }
  return found || process.env.CI !== 'true' ? found : null;
}

step('deployment files', () => {
  const compose = tool('docker-compose');
  const kubectl = tool('kubectl');
  if (compose === null || kubectl === null) {
    return false;
  }
  const composeOk = !compose || run('docker-compose', ['--env-file', '.env.example', 'config', '-q']);
  const k8sOk = !kubectl || run(process.execPath, [join(root, 'tools', 'validate-k8s.mjs')]);
  return composeOk && k8sOk;
});

step('unit and integration tests', () => jest('unit', join(root, 'jest.config.mjs'), ['--maxWorkers=2']));

// The tools' own helpers (tools/*.test.mjs: the build check of `npm start`; tools/bench/*.test.mjs:
// statistics, the arrival-rate driver; tools/generate/*.test.mjs: the call generator;
// tools/openapi/*.test.mjs: the API reference's types), on node:test.
step('tools', () => {
  const tests = ['.', 'bench', 'generate', 'openapi'].flatMap((dir) =>
    readdirSync(join(root, 'tools', dir))
      .filter((f) => f.endsWith('.test.mjs'))
      .map((f) => join(root, 'tools', dir, f)),
  );
  const result = spawnSync(process.execPath, ['--test', '--test-reporter=tap', ...tests], { cwd: root, encoding: 'utf8' });
  process.stdout.write(
    result.stdout
      .split('\n')
      .filter((l) => /^(not )?ok |^# (tests|pass|fail)/.test(l))
      .join('\n') + '\n',
  );
  const count = (name) => Number(new RegExp(`^# ${name} (\\d+)`, 'm').exec(result.stdout)?.[1] ?? 0);
  totals.passed += count('pass');
  totals.failed += count('fail');
  return result.status === 0 && count('pass') > 0;
});

if (built) {
  const e2eProjects = readdirSync(join(root, 'apps')).filter((d) => d.endsWith('-e2e') && existsSync(join(root, 'apps', d, 'jest.config.mjs')));
  for (const project of e2eProjects) {
    step(`e2e: ${project}`, () => jest(project, join(root, 'apps', project, 'jest.config.mjs'), ['--runInBand']));
  }
} else {
  failures.push('e2e (not run: the build failed)');
}

console.log(failures.length ? `\nFailed steps: ${failures.join(', ')}` : '\nAll steps passed.');
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed`);
process.exit(failures.length ? 1 : 0);
