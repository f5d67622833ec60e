import 'reflect-metadata';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { loadEnv } from '@wrenchlog/platform';
import { freePortBlock } from '@wrenchlog/testing';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DataSource } from 'typeorm';
import { AppModule } from '../src/app.module.js';
import { ImageWorkerEnv } from '../src/config/image-worker-env.js';
import { DocumentsService } from '../src/documents/documents.service.js';

// Issue 32's migration on a database the release before accounts wrote (the upgrade fixture's
// SQLite file, copied): images, documents and tombstones move to their owner's account.
const FIXTURE = join(dirname(fileURLToPath(import.meta.url)), '../../gateway-e2e/fixtures/upgrade/r30/embedded/data-folder/db/image-worker.sqlite');

describe('image-worker upgrade to accounts (sqlite fixture of r30)', () => {
  let dir: string;
  let app: INestApplicationContext;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'wl-image-upgrade-'));
    mkdirSync(join(dir, 'db'));
    copyFileSync(FIXTURE, join(dir, 'db', 'image-worker.sqlite'));
    const env = loadEnv(ImageWorkerEnv, {
      DATA_DIR: dir,
      SERVICE_PORT_BASE: String(await freePortBlock(6)),
      LOG_LEVEL: 'error',
      IMAGE_SWEEP_INTERVAL_MS: '3600000',
    });
    app = await NestFactory.createApplicationContext(AppModule.register(env), { logger: false });
    await app.init();
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("moves each owner's documents to their account, added by them, and keeps the ledger's images", async () => {
    const db = app.get(DataSource);
    const documents: { id: number; account_id: number; created_by: number }[] = await db.query('SELECT id, account_id, created_by FROM documents ORDER BY id');
    expect(documents.length).toBeGreaterThan(0);
    expect(documents.every((d) => d.created_by === d.account_id)).toBe(true);
    expect(await db.query('SELECT COUNT(*) AS n FROM ledger_images WHERE account_id IS NULL')).toEqual([{ n: 0 }]);

    const owner = documents[0].account_id;
    const document = await app.get(DocumentsService).get({ userId: owner, adminLevel: 0, accountId: owner, role: 'owner' }, documents[0].id);
    expect(document.createdBy).toEqual({ id: owner, name: null });
  });
});
