import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { swcTransform } from '../../jest.preset.mjs';

const here = dirname(fileURLToPath(import.meta.url));

// Component and logic tests of the SPA in jsdom; `fetch` is mocked at the network boundary only.
export default {
  rootDir: here,
  displayName: 'web',
  testEnvironment: '<rootDir>/src/test/jsdom-environment.mjs',
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: swcTransform,
  moduleNameMapper: {
    '\\.(css)$': '<rootDir>/src/test/style-stub.ts',
    '\\.(svg|png|jpe?g|webp)$': '<rootDir>/src/test/file-stub.ts',
    // The decorator-free contracts entry, from source (the main entry is imported for types only).
    '^@wrenchlog/contracts/limits$': '<rootDir>/../../libs/contracts/src/limits.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.spec.tsx'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
};
