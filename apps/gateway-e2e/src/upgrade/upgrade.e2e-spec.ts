import { ApiClient, dropDatabases, e2eProducts, expectEventually, startProduct, type RunningProduct } from '@wrenchlog/testing';
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

  // Every row moved with its owner as the person who added it; the names come from user-service's
  // announcement of the migrated memberships, so they may take a moment to reach each service.
  it.each(manifest.owners.map(({ owner }) => [owner.name, owner] as const))(
    '%s is named as the one who added every machine and record',
    async (_name, owner) => {
      const token = await api.login(owner.username, owner.password);
      const me = (await api.get('/api/user/me', token)).body as { id: number; name: string };
      const by = { id: me.id, name: me.name };
      const machines = (await api.get('/api/machines/all', token)).body as { id: number }[];
      expect(machines.length).toBeGreaterThan(0);
      await expectEventually(async () => {
        for (const m of machines) {
          expect((await api.get(`/api/machines/?machineId=${m.id}`, token)).body).toMatchObject({ createdBy: by });
          for (const s of (await api.get(`/api/services/machine/${m.id}?size=100`, token)).body.content) {
            expect(s).toMatchObject({ createdBy: by });
          }
          for (const f of (await api.get(`/api/fuel-records/machine/${m.id}`, token)).body) {
            expect(f).toMatchObject({ createdBy: by });
          }
          for (const r of (await api.get(`/api/machines/${m.id}/schedules`, token)).body) {
            // Issue 35's job templates (schedule-service 1767600000000): an upgraded schedule names none.
            expect(r).toMatchObject({ createdBy: by, jobTemplateId: null });
          }
        }
        for (const p of (await api.get('/api/parts?size=100', token)).body.content) {
          // Issue 35's parts loop (1767510000000): an upgraded part holds nothing back.
          expect(p).toMatchObject({ createdBy: by, reserved: 0, available: p.quantity });
        }
        // Issue 35's inspections (1767500000000): the built-in forms are there for an upgraded account.
        expect((await api.get('/api/inspection-forms', token)).body.length).toBeGreaterThanOrEqual(3);
        // work-order-service 1767600000000: an upgraded account has no job template yet, and may keep them.
        const templates = await api.get('/api/job-templates', token);
        expect([templates.status, templates.body]).toEqual([200, []]);
      });
    },
  );
});
