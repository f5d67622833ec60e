import { ApiClient, dropDatabases, startProduct, type ProductMode } from '@wrenchlog/testing';
import { execSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { databaseUrl, fixtureDir, saveFixture } from './fixture-files.js';
import { writeReleaseData } from './release-data.js';

// `UPGRADE_RELEASE=<name> node --experimental-vm-modules node_modules/jest/bin/jest.js -c apps/gateway-e2e/jest.fixture.config.mjs`
// (after a build): both products of this tree, filled through the API, saved as fixtures/upgrade/<name>/.
const root = fileURLToPath(new URL('../../../..', import.meta.url));
const release = process.env.UPGRADE_RELEASE ?? 'unnamed';
const commit = execSync('git rev-parse --short HEAD', { cwd: root, encoding: 'utf8' }).trim();

it.each<ProductMode>(['embedded', 'distributed'])('writes the %s upgrade fixture of this tree', async (mode) => {
  const dataDir = mkdtempSync(join(tmpdir(), `wrenchlog-fixture-${mode}-`));
  const base = mode === 'distributed' ? `wl_fixture_${Date.now().toString(36)}` : undefined;
  const product = await startProduct({
    mode,
    root,
    env: { DATA_DIR: dataDir, WEBHOOKS_ALLOW_PRIVATE_NETWORKS: 'true', ...(base ? { DATABASE_URL: databaseUrl(base) } : {}) },
  });
  try {
    const manifest = await writeReleaseData(new ApiClient(product.baseUrl), `${release} (${commit})`);
    await product.stop();
    await saveFixture(fixtureDir(release, mode), dataDir, manifest, base);
  } finally {
    await product.stop();
    rmSync(dataDir, { recursive: true, force: true });
    if (base) {
      await dropDatabases(base);
    }
  }
});
