import 'reflect-metadata';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import {
  IMAGE_DELETED,
  IMAGE_STORED,
  MACHINE_SAVED,
  SERVICE_IMAGE_ADD,
  SERVICE_IMAGE_LIST,
  SERVICE_RECORD_CREATE,
  SERVICE_RECORD_DELETE,
  type Actor,
  type NewServiceImage,
} from '@wrenchlog/contracts';
import { loadEnv, OutboxEvent } from '@wrenchlog/platform';
import { anUploadedJpeg, expectEventually, privateDatabaseBase, testEngines } from '@wrenchlog/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { AppModule } from '../src/app.module.js';
import { ServiceRecordEnv } from '../src/config/service-record-env.js';
import { ImagesService } from '../src/images/images.service.js';
import { ServiceImageEntity } from '../src/images/service-image.entity.js';
import { MachinesService } from '../src/machines/machines.service.js';
import { RecordsService } from '../src/records/records.service.js';
import { ServiceUnderTest, userA, userB } from './harness.js';

// The images of service records through the owned-images module (issue 19): the same key checks
// and the same re-announcing of pending images as machine photos.

const image = (accountId: number, fileName = 'brake pads.jpg'): NewServiceImage => ({ ...anUploadedJpeg(accountId), fileName });

describe.each(await testEngines())('service-record images: keys (%s)', (engine) => {
  let svc: ServiceUnderTest;
  let recordId: number;

  beforeAll(async () => {
    svc = await ServiceUnderTest.start(engine);
    const machineId = 4200;
    await svc.emit(MACHINE_SAVED, { machineId, accountId: userA.accountId, name: 'Skid steer' });
    await expectEventually(async () => {
      recordId = (await svc.send(SERVICE_RECORD_CREATE, { title: 'Brakes', machineId }, userA)).id;
    });
  });

  afterAll(async () => {
    await svc?.stop();
  });

  it("refuses an image key outside the caller's own prefix, or not of the generated shape, and records nothing", async () => {
    const foreign = image(userB.accountId);
    const shaped = { ...image(userA.accountId), originalKey: `u${userA.accountId}/../u${userB.accountId}/x-original.jpg` };
    const mixed = { ...image(userA.accountId), thumbnailKey: image(userB.accountId).thumbnailKey };

    for (const bad of [foreign, shaped, mixed]) {
      expect(await svc.failure(SERVICE_IMAGE_ADD, { recordId, images: [image(userA.accountId), bad] }, userA)).toMatchObject({
        code: 'BAD_REQUEST',
        message: 'Invalid image reference',
      });
    }
    expect(await svc.get(DataSource).getRepository(ServiceImageEntity).countBy({ recordId })).toBe(0);
    expect(svc.events(IMAGE_STORED)).toEqual([]);
  });

  it("records the caller's own keys and announces each to the image worker", async () => {
    const own = image(userA.accountId);

    const [added] = await svc.send(SERVICE_IMAGE_ADD, { recordId, images: [own] }, userA);

    expect(added).toMatchObject({ fileName: 'brake pads.jpg', originalKey: own.originalKey, state: 'pending' });
    await expectEventually(async () =>
      expect(svc.events(IMAGE_STORED)).toEqual([
        {
          accountId: userA.accountId,
          owner: 'service-record-service',
          recordId,
          machineId: 4200,
          originalKey: own.originalKey,
          thumbnailKey: own.thumbnailKey,
          contentType: 'image/jpeg',
          originalSize: 1000,
          thumbnailSize: null,
          thumbnailUploaded: false,
        },
      ]),
    );
  });
});

// A record's delete takes its images along in its transaction (OwnedImages.removeOf) and tells the
// image worker which objects to delete; another record's images stay.
describe.each(await testEngines())("service-record images: a deleted record's (%s)", (engine) => {
  let svc: ServiceUnderTest;

  beforeAll(async () => {
    svc = await ServiceUnderTest.start(engine);
    await svc.emit(MACHINE_SAVED, { machineId: 4400, accountId: userA.accountId, name: 'Grader' });
  });

  afterAll(async () => {
    await svc?.stop();
  });

  it('removes the images of the deleted record only and announces image.deleted for them', async () => {
    let gone = 0;
    await expectEventually(async () => {
      gone = (await svc.send(SERVICE_RECORD_CREATE, { title: 'Blade', machineId: 4400 }, userA)).id;
    });
    const kept = (await svc.send(SERVICE_RECORD_CREATE, { title: 'Tyres', machineId: 4400 }, userA)).id;
    const goneImages = [image(userA.accountId, 'blade 1.jpg'), image(userA.accountId, 'blade 2.jpg')];
    await svc.send(SERVICE_IMAGE_ADD, { recordId: gone, images: goneImages }, userA);
    await svc.send(SERVICE_IMAGE_ADD, { recordId: kept, images: [image(userA.accountId, 'tyres.jpg')] }, userA);

    await svc.send(SERVICE_RECORD_DELETE, { id: gone }, userA);

    expect((await svc.send(SERVICE_IMAGE_LIST, { recordId: kept }, userA)).map((i: { fileName: string }) => i.fileName)).toEqual(['tyres.jpg']);
    await expectEventually(async () =>
      expect(svc.events(IMAGE_DELETED)).toEqual([
        {
          accountId: userA.accountId,
          owner: 'service-record-service',
          images: goneImages.map((i) => ({ originalKey: i.originalKey, thumbnailKey: i.thumbnailKey })),
        },
      ]),
    );
  });
});

// A restart on the same database: the reconciler's pass at start announces images still pending
// after its grace period again (the first image.stored, or the worker's answer, was lost). Nothing
// listens for the image worker here, so what the service publishes stays in its outbox.
describe.each(await testEngines())('service-record images: after a restart (%s)', (engine) => {
  const owner: Actor = { userId: 7, adminLevel: 0, accountId: 7, role: 'owner' };
  let dir: string;
  let app: INestApplicationContext | undefined;
  const databases = engine === 'postgres' ? privateDatabaseBase() : undefined;

  const start = async () => {
    const vars: Record<string, string> = { DATA_DIR: dir, LOG_LEVEL: 'error' };
    if (databases) {
      vars.DATABASE_URL = databases.url;
    }
    app = await NestFactory.createApplicationContext(AppModule.register(loadEnv(ServiceRecordEnv, vars)), { logger: false });
    return app;
  };
  const announced = async (key: string) =>
    (
      await app!
        .get(DataSource)
        .getRepository(OutboxEvent)
        .find({ order: { id: 'ASC' } })
    )
      .filter((e) => e.event === IMAGE_STORED)
      .map((e) => JSON.parse(e.message).payload)
      .filter((p) => p.originalKey === key);

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'wl-service-images-'));
  });

  afterAll(async () => {
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
    await databases?.drop();
  });

  it('announces a pending image again once the service is back, and not one the worker reported on', async () => {
    const first = await start();
    await first
      .get(MachinesService)
      .onSaved({ actor: null, payload: { machineId: 51, accountId: owner.accountId, name: 'Tractor' }, meta: { correlationId: 'int-test' } });
    const record = await first.get(RecordsService).create(owner, { title: 'Oil change', machineId: 51 });
    const [pending, done] = [image(owner.accountId), image(owner.accountId)];
    await first.get(ImagesService).add(owner, { recordId: record.id, images: [pending, done] });
    await first.get(ImagesService).onProcessed({
      accountId: owner.accountId,
      owner: 'service-record-service',
      recordId: record.id,
      originalKey: done.originalKey,
      thumbnailKey: done.thumbnailKey,
      state: 'processed',
      error: null,
      originalSize: 900,
      thumbnailSize: 80,
    });
    // Both were stored well before the restart: past the reconciler's grace period.
    await first
      .get(DataSource)
      .getRepository(ServiceImageEntity)
      .update({ recordId: record.id }, { createdAt: new Date(Date.now() - 60 * 60_000) });
    expect(await announced(pending.originalKey)).toHaveLength(1);
    await first.close();
    app = undefined;

    await start();

    await expectEventually(async () => expect(await announced(pending.originalKey)).toHaveLength(2));
    const [original, again] = await announced(pending.originalKey);
    expect(again).toEqual(original);
    expect(again).toMatchObject({ owner: 'service-record-service', recordId: record.id, machineId: 51, thumbnailUploaded: false });
    expect(await announced(done.originalKey)).toHaveLength(1);
  });
});
