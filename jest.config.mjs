// Unit and integration tests of every project in one Jest run (e2e projects run separately
// against the started product: see tools/test.mjs).
import { existsSync, readdirSync } from 'node:fs';

const projects = ['apps', 'libs'].flatMap((dir) =>
  readdirSync(dir)
    .filter((name) => !name.endsWith('-e2e') && existsSync(`${dir}/${name}/jest.config.mjs`))
    .map((name) => `<rootDir>/${dir}/${name}/jest.config.mjs`),
);

// testTimeout is a global option (ignored inside a project): room for a busy 2-core machine.
// workerIdleMemoryLimit: a worker whose heap has grown past it after a file is replaced by a fresh
// one. Each file's modules stay reachable in the worker (ESM through vm modules), so without it a
// worker's heap reached 2.5 GB and V8 spent most of its time collecting: the restore-ZIP spec took
// 153 s there against 3 s alone (CI failed on its timeout).
export default { projects, testTimeout: 20000, workerIdleMemoryLimit: '800MB' };
