// Shared Jest settings for the Node projects: ESM TypeScript through @swc/jest (Nest 12 is ESM-only;
// run Jest with --experimental-vm-modules), @wrenchlog/* mapped to library sources.
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(fileURLToPath(import.meta.url));

export const swcTransform = {
  '^.+\\.tsx?$': [
    '@swc/jest',
    {
      // Not the build's .swcrc: that one leaves the test files out.
      swcrc: false,
      jsc: {
        parser: { syntax: 'typescript', decorators: true, tsx: true },
        transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false, react: { runtime: 'automatic' } },
        target: 'es2022',
        keepClassNames: true,
      },
      module: { type: 'es6' },
    },
  ],
};

export function nodeProject(projectDir, overrides = {}) {
  return {
    rootDir: projectDir,
    displayName: projectDir.split('/').slice(-1)[0],
    testEnvironment: 'node',
    setupFiles: ['reflect-metadata'],
    extensionsToTreatAsEsm: ['.ts'],
    moduleNameMapper: {
      '^@wrenchlog/(contracts|importers|owned-images|platform|storage|testing)$': `${root}/libs/$1/src/index.ts`,
      '^@wrenchlog/testing/nest$': `${root}/libs/testing/src/nest/service-under-test.ts`,
      '^@wrenchlog/testing/fakes$': `${root}/libs/testing/src/fake-store.ts`,
      '^@wrenchlog/contracts/limits$': `${root}/libs/contracts/src/limits.ts`,
      '^(\\.{1,2}/.*)\\.js$': '$1',
    },
    transform: swcTransform,
    testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.int-spec.ts'],
    testPathIgnorePatterns: ['/node_modules/', '/dist/'],
    ...overrides,
  };
}

export const repoRoot = resolve(root);
