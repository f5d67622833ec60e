import { ApiClient, dropDatabases, e2eProducts, startProduct, type RunningProduct } from '@wrenchlog/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { databaseUrl, fixtureDir, fixtureReleases, readManifest, restoreFixture } from './fixture-files.js';
import { ownerView } from './release-data.js';

// Upgrades (issue 32): this tree starts on the databases and data folder an earlier release left
// (committed under fixtures/upgrade/, written by that release), runs its migrations, and every owner
// sees exactly what they saw before: each record, its id, its figures, their reports and feeds.
const modes = e2eProducts().map(([mode]) => mode);

describe.each(fixtureReleases().flatMap((release) => modes.map((mode) => [release, mode] as const)))('upgrade from %s (%s)', (release, mode) => {
  const manifest = readManifest(release, mode);
  const dataDir = mkdtempSync(join(tmpdir(), `wrenchlog-upgrade-${mode}-`));
  const base = mode === 'distributed' ? `wl_upgrade_${Date.now().toString(36)}${process.pid}` : undefined;
  let product: RunningProduct | undefined;
  let api: ApiClient;

  beforeAll(async () => {
    await restoreFixture(fixtureDir(release, mode), dataDir, base);
    product = await startProduct({
      mode,
      root: process.env.WRENCHLOG_ROOT,
      env: { DATA_DIR: dataDir, WEBHOOKS_ALLOW_PRIVATE_NETWORKS: 'true', ...(base ? { DATABASE_URL: databaseUrl(base) } : {}) },
    });
    api = new ApiClient(product.baseUrl);
  }, 120_000);

  afterAll(async () => {
    await product?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    if (base) {
      await dropDatabases(base);
    }
  });

  it.each(manifest.owners.map(({ owner, sees }) => [owner.name, owner, sees] as const))('%s signs in and sees what they saw', async (_name, owner, sees) => {
    expect(await ownerView(api, owner)).toEqual(sees);
  });

  it.each(manifest.owners.map(({ owner }) => [owner.name, owner] as const))('%s owns the account their data moved to', async (_name, owner) => {
    const me = (await api.get('/api/user/me', await api.login(owner.username, owner.password))).body;

    expect(me).toMatchObject({ accountId: me.id, role: 'owner' });
  });
});
