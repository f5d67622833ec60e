// Unit and integration tests of every project in one Jest run (e2e projects run separately
// against the started product: see tools/test.mjs).
import { existsSync, readdirSync } from 'node:fs';

const projects = ['apps', 'libs'].flatMap((dir) =>
  readdirSync(dir)
    .filter((name) => !name.endsWith('-e2e') && existsSync(`${dir}/${name}/jest.config.mjs`))
    .map((name) => `<rootDir>/${dir}/${name}/jest.config.mjs`),
);

// testTimeout is a global option (ignored inside a project): room for a busy 2-core machine.
export default { projects, testTimeout: 20000 };
