import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nodeProject } from '../../jest.preset.mjs';

// Writes the upgrade fixture of the tree as it is (see src/upgrade/README.md): run it on the last
// landed release before a change of storage, never as part of `npm test`.
export default nodeProject(dirname(fileURLToPath(import.meta.url)), {
  testMatch: ['<rootDir>/src/upgrade/*.fixture.ts'],
  testTimeout: 600000,
});
