import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nodeProject } from '../../jest.preset.mjs';

// Fault tests: of the distributed mode on the machine's real PostgreSQL and RabbitMQ, and of the
// embedded product under `npm start`'s supervisor (embedded-crash); each suite starts its own
// product and breaks something under a stream of writes.
export default nodeProject(dirname(fileURLToPath(import.meta.url)), {
  testMatch: ['<rootDir>/src/**/*.e2e-spec.ts'],
  testTimeout: 120000,
});
