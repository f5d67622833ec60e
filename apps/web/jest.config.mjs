import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { swcTransform } from '../../jest.preset.mjs';

const here = dirname(fileURLToPath(import.meta.url));

// The translation files are imported as JSON modules (`with { type: 'json' }`): swc keeps the attribute.
const [pattern, [swc, options]] = Object.entries(swcTransform)[0];
const transform = { [pattern]: [swc, { ...options, jsc: { ...options.jsc, experimental: { keepImportAttributes: true } } }] };

// Component and logic tests of the SPA in jsdom; `fetch` is mocked at the network boundary only.
export default {
  rootDir: here,
  displayName: 'web',
  testEnvironment: '<rootDir>/src/test/jsdom-environment.mjs',
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform,
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
