import 'reflect-metadata';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MACHINE_PHOTO_PROCESSED, type ImageStoredEvent, type RpcMessage } from '@wrenchlog/contracts';
import { loadEnv, OutboxEvent } from '@wrenchlog/platform';
import { OBJECT_STORAGE, type ObjectStorage } from '@wrenchlog/storage';
import { expectEventually, freePortBlock, makeImage, makeJpeg } from '@wrenchlog/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { AppModule } from '../src/app.module.js';
import { ImageWorkerEnv } from '../src/config/image-worker-env.js';
import { ImageController } from '../src/image.controller.js';
import { LedgerImageEntity } from '../src/ledger/ledger-image.entity.js';
import { LedgerService } from '../src/ledger/ledger.service.js';
import { ImageQueue } from '../src/processing/image-queue.js';

// The worker module against a temporary SQLite database and folder storage; nothing listens on the
// service ports, so its image.processed events stay in its outbox where the test can count them.
describe('image worker across a restart', () => {
  let dir: string;
  let env: ImageWorkerEnv;
  let app: INestApplicationContext | undefined;

  const start = async (overrides: Record<string, string> = {}) => {
    env = loadEnv(ImageWorkerEnv, {
      DATA_DIR: dir,
      SERVICE_PORT_BASE: String(await freePortBlock(6)),
      LOG_LEVEL: 'error',
      IMAGE_SWEEP_INTERVAL_MS: '300',
      IMAGE_CLAIM_SECONDS: '1',
      ...overrides,
    });
    app = await NestFactory.createApplicationContext(AppModule.register(env), { logger: false });
    await app.init();
    return app;
  };
  const stop = async () => {
    await app?.close();
    app = undefined;
  };
  const rows = () =>
    app!
      .get(DataSource)
      .getRepository(LedgerImageEntity)
      .find({ order: { id: 'ASC' } });
  const processedEvents = async () =>
    (await app!.get(DataSource).getRepository(OutboxEvent).find())
      .filter((e) => e.event === MACHINE_PHOTO_PROCESSED)
      .map((e) => JSON.parse(e.message).payload.originalKey as string);

  const stored = (n: number, size: number): ImageStoredEvent => ({
    accountId: 7,
    owner: 'machine-service',
    recordId: 3,
    machineId: 3,
    originalKey: `u7/0000000${n}-aaaa-bbbb-cccc-dddddddddddd-original.jpg`,
    thumbnailKey: `u7/0000000${n}-aaaa-bbbb-cccc-dddddddddddd-thumb.jpg`,
    contentType: 'image/jpeg',
    originalSize: size,
    thumbnailSize: null,
    thumbnailUploaded: false,
  });

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'wl-image-worker-'));
  });

  afterEach(async () => {
    await stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('processes every image left pending by a stopped worker exactly once after it starts again', async () => {
    // A worker that records three images and stops before processing them; a fourth was claimed
    // by a worker that crashed mid-image (its claim runs out).
    await start({ IMAGE_SWEEP_INTERVAL_MS: '3600000' });
    const storage = app!.get<ObjectStorage>(OBJECT_STORAGE);
    const ledger = app!.get(LedgerService);
    const events: ImageStoredEvent[] = [];
    for (let n = 1; n <= 4; n++) {
      const bytes = n === 4 ? await makeImage(2400, 1800, 'jpeg') : await makeJpeg(640, 480);
      const event = stored(n, bytes.length);
      await storage.put(event.originalKey, bytes, 'image/jpeg');
      await ledger.record(event);
      events.push(event);
    }
    expect(await ledger.claim((await rows())[3].id)).toBe(true);
    await stop();

    await start();
    const restartedStorage = app!.get<ObjectStorage>(OBJECT_STORAGE);

    await expectEventually(async () => {
      expect((await rows()).map((r) => r.state)).toEqual(['processed', 'processed', 'processed', 'processed']);
    }, 20000);
    const after = await rows();
    expect(after.map((r) => r.attempts)).toEqual([1, 1, 1, 2]);
    for (const event of events) {
      const thumb = await sharp((await restartedStorage.getBuffer(event.thumbnailKey)).body).metadata();
      expect(Math.max(thumb.width!, thumb.height!)).toBe(200);
    }
    expect(await sharp((await restartedStorage.getBuffer(events[3].originalKey)).body).metadata()).toMatchObject({ width: 1920, height: 1440 });
    expect(after[3].originalSize).toBe((await restartedStorage.getBuffer(events[3].originalKey)).body.length);
    expect((await processedEvents()).sort()).toEqual(events.map((e) => e.originalKey).sort());

    // A repeated image.stored message processes nothing again; the owner is told the outcome again
    // (it announces an image again when it never heard back).
    const controller = app!.get(ImageController);
    const message: RpcMessage<ImageStoredEvent> = {
      actor: { userId: 7, adminLevel: 0, accountId: 7, role: 'owner' as const },
      payload: events[0],
      meta: { correlationId: 'repeat-1' },
    };
    await controller.onStored(message);
    await app!.get(ImageQueue).idle();
    expect((await rows()).map((r) => r.attempts)).toEqual([1, 1, 1, 2]);
    expect((await processedEvents()).filter((k) => k === events[0].originalKey)).toHaveLength(2);

    // Another restart finds nothing to do.
    await stop();
    await start();
    await app!.get(ImageQueue).idle();
    expect((await rows()).map((r) => [r.state, r.attempts])).toEqual([
      ['processed', 1],
      ['processed', 1],
      ['processed', 1],
      ['processed', 2],
    ]);
    expect(await processedEvents()).toHaveLength(5);
  }, 60000);

  it('marks an image it cannot read failed with the reason, once, and keeps going', async () => {
    await start();
    const storage = app!.get<ObjectStorage>(OBJECT_STORAGE);
    const controller = app!.get(ImageController);
    const bad = stored(1, 20);
    const good = stored(2, 0);
    await storage.put(bad.originalKey, Buffer.from('this is not a picture'), 'image/jpeg');
    const goodBytes = await makeJpeg(300, 300);
    await storage.put(good.originalKey, goodBytes, 'image/jpeg');

    for (const e of [bad, good, bad]) {
      await controller.onStored({
        actor: { userId: 7, adminLevel: 0, accountId: 7, role: 'owner' as const },
        payload: { ...e, originalSize: e === good ? goodBytes.length : 20 },
        meta: { correlationId: 'c' },
      });
    }

    await expectEventually(async () => {
      expect((await rows()).map((r) => r.state)).toEqual(['failed', 'processed']);
    });
    const [failed] = await rows();
    expect(failed.error).toBe('Invalid file type. Only JPEG, PNG and WebP are allowed.');
    expect(failed.attempts).toBe(1);
  });

  it('answers the account size from the ledger and forgets a deleted machine, objects included', async () => {
    await start();
    const storage = app!.get<ObjectStorage>(OBJECT_STORAGE);
    const controller = app!.get(ImageController);
    const bytes = await makeJpeg(400, 300);
    const a = stored(1, bytes.length);
    await storage.put(a.originalKey, bytes, 'image/jpeg');
    await controller.onStored({ actor: { userId: 7, adminLevel: 0, accountId: 7, role: 'owner' as const }, payload: a, meta: { correlationId: 'c' } });
    await expectEventually(async () => expect((await rows())[0].state).toBe('processed'));
    const row = (await rows())[0];

    const stats = await controller.stats(
      { userId: 7, adminLevel: 0, accountId: 7, role: 'owner' as const },
      { actor: { userId: 7, adminLevel: 0, accountId: 7, role: 'owner' as const }, payload: { accountId: 7 }, meta: { correlationId: 'c' } },
    );
    expect(stats).toEqual({ imageCount: 1, totalImageSize: row.originalSize + row.thumbnailSize!, documentCount: 0, totalDocumentSize: 0 });
    expect(() =>
      controller.stats(
        { userId: 8, adminLevel: 0, accountId: 8, role: 'owner' as const },
        { actor: { userId: 8, adminLevel: 0, accountId: 8, role: 'owner' as const }, payload: { accountId: 7 }, meta: { correlationId: 'c' } },
      ),
    ).toThrow('User not found');
    await expect(
      controller.stats(
        { userId: 8, adminLevel: 1, accountId: 8, role: 'owner' as const },
        { actor: { userId: 8, adminLevel: 1, accountId: 8, role: 'owner' as const }, payload: { accountId: 7 }, meta: { correlationId: 'c' } },
      ),
    ).resolves.toEqual(stats);

    await controller.onMachineDeleted({
      actor: { userId: 7, adminLevel: 0, accountId: 7, role: 'owner' as const },
      payload: { accountId: 7, machineId: 3 },
      meta: { correlationId: 'c' },
    });
    await controller.onMachineDeleted({
      actor: { userId: 7, adminLevel: 0, accountId: 7, role: 'owner' as const },
      payload: { accountId: 7, machineId: 3 },
      meta: { correlationId: 'c' },
    });

    expect((await rows()).map((r) => r.state)).toEqual(['deleted']);
    expect(await storage.exists(a.originalKey)).toBe(false);
    expect(await storage.exists(a.thumbnailKey)).toBe(false);
    await expect(
      controller.stats(
        { userId: 7, adminLevel: 0, accountId: 7, role: 'owner' as const },
        { actor: { userId: 7, adminLevel: 0, accountId: 7, role: 'owner' as const }, payload: { accountId: 7 }, meta: { correlationId: 'c' } },
      ),
    ).resolves.toEqual({
      imageCount: 0,
      totalImageSize: 0,
      documentCount: 0,
      totalDocumentSize: 0,
    });
  });

  it('ignores an image.stored that arrives after the image or its machine was deleted', async () => {
    await start();
    const storage = app!.get<ObjectStorage>(OBJECT_STORAGE);
    const controller = app!.get(ImageController);
    const actor = { userId: 7, adminLevel: 0, accountId: 7, role: 'owner' as const };
    const bytes = await makeJpeg(300, 200);
    const photo = stored(1, bytes.length);
    const onMachine = { ...stored(2, bytes.length), machineId: 42, recordId: 42 };
    for (const e of [photo, onMachine]) {
      await storage.put(e.originalKey, bytes, 'image/jpeg');
    }

    await controller.onDeleted({
      actor,
      payload: { accountId: 7, owner: 'machine-service', images: [{ originalKey: photo.originalKey, thumbnailKey: photo.thumbnailKey }] },
      meta: { correlationId: 'c' },
    });
    await controller.onMachineDeleted({ actor, payload: { accountId: 7, machineId: 42 }, meta: { correlationId: 'c' } });
    await controller.onStored({ actor, payload: photo, meta: { correlationId: 'c' } });
    await controller.onStored({ actor, payload: onMachine, meta: { correlationId: 'c' } });
    await app!.get(ImageQueue).idle();

    expect((await rows()).map((r) => [r.originalKey, r.state])).toEqual([
      [photo.originalKey, 'deleted'],
      [onMachine.originalKey, 'deleted'],
    ]);
    expect(await storage.exists(photo.originalKey)).toBe(false);
    expect(await storage.exists(onMachine.originalKey)).toBe(false);
    expect(await processedEvents()).toEqual([]);
    await expect(controller.stats(actor, { actor, payload: { accountId: 7 }, meta: { correlationId: 'c' } })).resolves.toEqual({
      imageCount: 0,
      totalImageSize: 0,
      documentCount: 0,
      totalDocumentSize: 0,
    });
  });
});
