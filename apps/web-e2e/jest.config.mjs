import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nodeProject } from '../../jest.preset.mjs';

// The web app in real Chromium (playwright-core, Debian's /usr/bin/chromium) against the started
// product: the global setup builds nothing and starts the embedded product once for every suite.
export default nodeProject(dirname(fileURLToPath(import.meta.url)), {
  testMatch: ['<rootDir>/src/**/*.e2e-spec.ts'],
  globalSetup: '<rootDir>/src/global-setup.ts',
  globalTeardown: '<rootDir>/src/global-teardown.ts',
  testTimeout: 180000,
});
