import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nodeProject } from '../../jest.preset.mjs';

// Runs against the started product: the global setup starts it embedded and (when PostgreSQL and
// RabbitMQ are reachable, always with CI=true) distributed, and every suite runs on both.
export default nodeProject(dirname(fileURLToPath(import.meta.url)), {
  testMatch: ['<rootDir>/src/**/*.e2e-spec.ts'],
  globalSetup: '<rootDir>/src/global-setup.ts',
  globalTeardown: '<rootDir>/src/global-teardown.ts',
  testTimeout: 60000,
});
