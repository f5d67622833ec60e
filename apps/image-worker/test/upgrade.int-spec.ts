import { startOnR30Database, type UpgradedService } from '@wrenchlog/testing/nest';
import { DataSource } from 'typeorm';
import { AppModule } from '../src/app.module.js';
import { ImageWorkerEnv } from '../src/config/image-worker-env.js';
import { DocumentsService } from '../src/documents/documents.service.js';

// Issue 32's migration on a database the release before accounts wrote (the upgrade fixture's
// SQLite file, copied): images, documents and tombstones move to their owner's account.

describe('image-worker upgrade to accounts (sqlite fixture of r30)', () => {
  let upgraded: UpgradedService;

  beforeAll(async () => {
    upgraded = await startOnR30Database({
      service: 'image-worker',
      env: ImageWorkerEnv,
      module: (env) => AppModule.register(env),
      vars: { IMAGE_SWEEP_INTERVAL_MS: '3600000' },
    });
  }, 60_000);

  afterAll(() => upgraded?.close());

  it("moves each owner's documents to their account, added by them, and keeps the ledger's images", async () => {
    const db = upgraded.app.get(DataSource);
    const documents: { id: number; account_id: number; created_by: number }[] = await db.query('SELECT id, account_id, created_by FROM documents ORDER BY id');
    expect(documents.length).toBeGreaterThan(0);
    expect(documents.every((d) => d.created_by === d.account_id)).toBe(true);
    expect(await db.query('SELECT COUNT(*) AS n FROM ledger_images WHERE account_id IS NULL')).toEqual([{ n: 0 }]);

    const owner = documents[0].account_id;
    const document = await upgraded.app.get(DocumentsService).get({ userId: owner, adminLevel: 0, accountId: owner, role: 'owner' }, documents[0].id);
    expect(document.createdBy).toEqual({ id: owner, name: null });
  });
});
