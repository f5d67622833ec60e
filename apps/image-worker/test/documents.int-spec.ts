import 'reflect-metadata';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { Actor, DocumentAddRequest } from '@wrenchlog/contracts';
import { handlerRights, loadEnv, MemberDirectory } from '@wrenchlog/platform';
import { OBJECT_STORAGE, type ObjectStorage } from '@wrenchlog/storage';
import { freePortBlock, makePdf } from '@wrenchlog/testing';
import { memberOf } from '@wrenchlog/testing/nest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppModule } from '../src/app.module.js';
import { ImageWorkerEnv } from '../src/config/image-worker-env.js';
import { DocumentsController } from '../src/documents/documents.controller.js';
import { ImageController } from '../src/image.controller.js';

// The worker module against a temporary SQLite database and folder storage: documents recorded,
// scoped to their owner, counted, and deleted with their record or machine, objects included.
describe('image worker documents', () => {
  let dir: string;
  let app: INestApplicationContext;
  let docs: DocumentsController;
  let images: ImageController;
  let storage: ObjectStorage;
  const owner: Actor = { userId: 7, adminLevel: 0, accountId: 7, role: 'owner' as const };
  const stranger: Actor = { userId: 8, adminLevel: 0, accountId: 8, role: 'owner' as const };
  const meta = { correlationId: 'c' };
  const pdf = makePdf('int test');
  let n = 0;

  const message = <T>(actor: Actor, payload: T) => ({ actor, payload, meta });
  /** Stores a PDF as the gateway would, and records it. */
  const add = async (parent: DocumentAddRequest['parent'], machineId: number | null, extra: Partial<DocumentAddRequest> = {}, by: Actor = owner) => {
    const objectKey = `u7/${String(++n).padStart(8, '0')}-aaaa-bbbb-cccc-dddddddddddd-document.pdf`;
    await storage.put(objectKey, pdf, 'application/pdf');
    return docs.add(by, message(by, { parent, machineId, objectKey, fileName: `doc-${n}.pdf`, contentType: 'application/pdf', size: pdf.length, ...extra }));
  };
  const list = (parent: DocumentAddRequest['parent'], actor = owner) => docs.list(actor, message(actor, { parent }));
  const stats = () => images.stats(owner, message(owner, { accountId: 7 }));

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'wl-image-worker-docs-'));
    const env = loadEnv(ImageWorkerEnv, {
      DATA_DIR: dir,
      SERVICE_PORT_BASE: String(await freePortBlock(6)),
      LOG_LEVEL: 'error',
      IMAGE_SWEEP_INTERVAL_MS: '3600000',
    });
    app = await NestFactory.createApplicationContext(AppModule.register(env), { logger: false });
    await app.init();
    docs = app.get(DocumentsController);
    images = app.get(ImageController);
    storage = app.get<ObjectStorage>(OBJECT_STORAGE);
  });

  afterEach(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('records a document once per object key, lists it for its owner only, and counts it', async () => {
    const first = await add({ kind: 'service-record', id: 3 }, 2);
    const again = await docs.add(
      owner,
      message(owner, {
        parent: { kind: 'service-record', id: 3 },
        machineId: 2,
        objectKey: first.objectKey,
        fileName: 'x.pdf',
        contentType: 'application/pdf',
        size: pdf.length,
      }),
    );

    expect(again.id).toBe(first.id);
    expect((await list({ kind: 'service-record', id: 3 })).map((d) => d.fileName)).toEqual([first.fileName]);
    expect(await list({ kind: 'service-record', id: 3 }, stranger)).toEqual([]);
    await expect(docs.get(stranger, message(stranger, { id: first.id }))).rejects.toThrow('Document not found');
    await expect(docs.remove(stranger, message(stranger, { id: first.id }))).rejects.toThrow('Document not found');
    await expect(stats()).resolves.toEqual({ imageCount: 0, totalImageSize: 0, documentCount: 1, totalDocumentSize: pdf.length });
  });

  it("pages through the account's documents by id for an export, with their parent and key, none of another account's", async () => {
    const first = await add({ kind: 'machine', id: 5 }, 5);
    const second = await add({ kind: 'service-record', id: 4 }, 5);
    const third = await add({ kind: 'purchase', id: 9 }, null);
    const strangerKey = 'u8/00000099-aaaa-bbbb-cccc-dddddddddddd-document.pdf';
    await storage.put(strangerKey, pdf, 'application/pdf');
    await docs.add(
      stranger,
      message(stranger, {
        parent: { kind: 'machine', id: 6 },
        machineId: 6,
        objectKey: strangerKey,
        fileName: 'x.pdf',
        contentType: 'application/pdf',
        size: pdf.length,
      }),
    );

    const page1 = await docs.exportPage(owner, message(owner, { afterId: 0, limit: 2 }));
    const page2 = await docs.exportPage(owner, message(owner, { afterId: page1.nextAfterId!, limit: 2 }));

    expect(page1.items.map((d) => [d.id, d.parentKind, d.parentId, d.machineId, d.fileName, d.objectKey])).toEqual([
      [first.id, 'machine', 5, 5, first.fileName, first.objectKey],
      [second.id, 'service-record', 4, 5, second.fileName, second.objectKey],
    ]);
    expect(page1.nextAfterId).toBe(second.id);
    expect(page2).toEqual({
      items: [
        expect.objectContaining({ id: third.id, parentKind: 'purchase', parentId: 9, machineId: null, size: pdf.length, contentType: 'application/pdf' }),
      ],
      nextAfterId: null,
    });
    expect((await docs.exportPage(stranger, message(stranger, { afterId: 0, limit: 500 }))).items.map((d) => d.fileName)).toEqual(['x.pdf']);
  });

  it("refuses a key of another user's folder", async () => {
    await expect(add({ kind: 'machine', id: 2 }, 2, { objectKey: 'u8/00000001-aaaa-bbbb-cccc-dddddddddddd-document.pdf' })).rejects.toThrow(
      'Invalid document key',
    );
  });

  it('deletes a document and its object', async () => {
    const doc = await add({ kind: 'fuel-record', id: 4 }, 2);
    await docs.remove(owner, message(owner, { id: doc.id }));
    expect(await storage.exists(doc.objectKey)).toBe(false);
    await expect(docs.remove(owner, message(owner, { id: doc.id }))).rejects.toThrow('Document not found');
  });

  it('deletes the documents of a deleted record, and refuses one added after the deletion', async () => {
    const onRecord = await add({ kind: 'purchase', id: 5 }, null);
    const other = await add({ kind: 'purchase', id: 6 }, null);

    await docs.onPurchaseDeleted(message(owner, { recordId: 5, accountId: 7, machineId: null, at: new Date().toISOString() }));

    expect(await list({ kind: 'purchase', id: 5 })).toEqual([]);
    expect(await storage.exists(onRecord.objectKey)).toBe(false);
    expect((await list({ kind: 'purchase', id: 6 })).map((d) => d.id)).toEqual([other.id]);
    await expect(add({ kind: 'purchase', id: 5 }, null)).rejects.toThrow('Record not found');
    expect(await list({ kind: 'purchase', id: 5 })).toEqual([]);
  });

  it("deletes a machine's documents and those of its records, following records that moved", async () => {
    const onMachine = await add({ kind: 'machine', id: 2 }, 2);
    const onRecord = await add({ kind: 'service-record', id: 3 }, 2);
    const moved = await add({ kind: 'fuel-record', id: 4 }, 2);
    await docs.onFuelRecordSaved(
      message(owner, { recordId: 4, accountId: 7, machineId: 9, date: '2026-11-20', currentMileage: null, currentHours: null, at: new Date().toISOString() }),
    );

    await images.onMachineDeleted(message(owner, { accountId: 7, machineId: 2 } as never));

    for (const gone of [onMachine, onRecord]) {
      expect(await storage.exists(gone.objectKey)).toBe(false);
    }
    expect((await list({ kind: 'fuel-record', id: 4 })).map((d) => d.id)).toEqual([moved.id]);
    await expect(stats()).resolves.toMatchObject({ documentCount: 1 });
    await expect(add({ kind: 'service-record', id: 10 }, 2)).rejects.toThrow('Record not found');
  });

  it("moves the documents of a batch of fuel records (an import's) in order, the last event of a record winning, a malformed one skipped", async () => {
    const fourth = await add({ kind: 'fuel-record', id: 4 }, 2);
    const fifth = await add({ kind: 'fuel-record', id: 5 }, 2);
    const saved = (recordId: number, machineId: number) =>
      message(owner, { recordId, accountId: 7, machineId, date: '2026-11-20', currentMileage: null, currentHours: null, at: new Date().toISOString() });
    await docs.onFuelRecordSavedBatch(message(owner, { events: [saved(4, 9), saved(5, 9), { payload: { recordId: 'x' } }, saved(5, 2)] } as never));

    await images.onMachineDeleted(message(owner, { accountId: 7, machineId: 2 } as never));

    expect(await storage.exists(fifth.objectKey)).toBe(false);
    expect((await list({ kind: 'fuel-record', id: 4 })).map((d) => d.id)).toEqual([fourth.id]);
  });

  describe('accounts (issue 32)', () => {
    const manager = memberOf(owner, 'manager', 17);
    const mechanic = memberOf(owner, 'mechanic', 18);
    const saved = (userId: number, name: string, role: Actor['role'], machineIds: number[] | null = null) =>
      app.get(MemberDirectory).onSaved({ accountId: 7, userId, name, role, machineIds, removed: false, at: new Date().toISOString() });

    it("lets a manager add to and read the owner's documents, each naming who added it", async () => {
      await saved(7, 'Olga', 'owner');
      await saved(17, 'Maria', 'manager');
      await add({ kind: 'machine', id: 2 }, 2);
      const byManager = await add({ kind: 'machine', id: 2 }, 2, {}, manager);

      expect(byManager).toMatchObject({ createdBy: { id: 17, name: 'Maria' }, updatedBy: null });
      expect((await list({ kind: 'machine', id: 2 }, manager)).map((d) => d.createdBy?.name)).toEqual(['Olga', 'Maria']);
      await expect(docs.get(stranger, message(stranger, { id: byManager.id }))).rejects.toMatchObject({ code: 'NOT_FOUND' });
      await expect(images.stats(manager, message(manager, { accountId: 7 }))).resolves.toMatchObject({ documentCount: 2 });
    });

    it('shows a mechanic only the documents of their machines (and of purchases without one)', async () => {
      await saved(18, 'Ivan', 'mechanic', [2]);
      const theirs = await add({ kind: 'service-record', id: 3 }, 2);
      const other = await add({ kind: 'service-record', id: 4 }, 5);
      const purchase = await add({ kind: 'purchase', id: 6 }, null);

      await expect(docs.get(mechanic, message(mechanic, { id: theirs.id }))).resolves.toMatchObject({ id: theirs.id });
      await expect(docs.get(mechanic, message(mechanic, { id: purchase.id }))).resolves.toMatchObject({ id: purchase.id });
      await expect(docs.get(mechanic, message(mechanic, { id: other.id }))).rejects.toMatchObject({ message: 'Document not found' });
      await expect(docs.remove(mechanic, message(mechanic, { id: other.id }))).rejects.toMatchObject({ code: 'NOT_FOUND' });
      expect(await list({ kind: 'service-record', id: 4 }, mechanic)).toEqual([]);
      await expect(docs.countForMachine(mechanic, message(mechanic, { machineId: 5 }))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    });

    it("asks document.read to read documents, document.write to add or delete one, and import.run to revert an import's", () => {
      expect(handlerRights(DocumentsController)).toEqual({
        add: 'document.write',
        list: 'document.read',
        countForMachine: 'document.read',
        get: 'document.read',
        remove: 'document.write',
        exportPage: 'export.run',
        revertImport: 'import.run',
      });
      expect(handlerRights(ImageController)).toEqual({ stats: 'machine.read' });
    });
  });
});
