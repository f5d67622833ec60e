import 'reflect-metadata';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { IMAGE_DELETED, IMAGE_STORED, importPhotoKeys, MACHINE_SAVED, type Actor, type StoredImageRef } from '@wrenchlog/contracts';
import { loadEnv, OutboxEvent, PlatformEnv } from '@wrenchlog/platform';
import { anUploadedJpeg, freePortBlock, privateDatabaseBase, testEngines } from '@wrenchlog/testing';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { AppModule } from '../src/app.module.js';
import { MachinesService } from '../src/machines/machines.service.js';
import { PhotosService } from '../src/photos/photos.service.js';

// machine-service on a fresh database (a temporary SQLite file, or a private PostgreSQL database);
// nothing listens on the other services' ports, so the events it publishes stay in its outbox
// where the test reads them.
describe.each(await testEngines())('machine-service photos and events (%s)', (engine) => {
  let dir: string;
  let app: INestApplicationContext;
  let machines: MachinesService;
  let photos: PhotosService;
  const owner: Actor = { userId: 3, adminLevel: 0, accountId: 3, role: 'owner' };
  const stranger: Actor = { userId: 4, adminLevel: 0, accountId: 4, role: 'owner' };
  const call = (actor: Actor) => ({ actor, correlationId: randomUUID() });

  const ref = (userId = owner.userId) => anUploadedJpeg(userId);
  const outbox = async (event: string) =>
    (
      await app
        .get(DataSource)
        .getRepository(OutboxEvent)
        .find({ order: { id: 'ASC' } })
    )
      .filter((e) => e.event === event)
      .map((e) => JSON.parse(e.message).payload);

  const databases = engine === 'postgres' ? privateDatabaseBase() : undefined;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'wl-machine-service-'));
    const vars: Record<string, string> = { DATA_DIR: dir, SERVICE_PORT_BASE: String(await freePortBlock(6)), LOG_LEVEL: 'error' };
    if (databases) {
      vars.DATABASE_URL = databases.url;
    }
    const env = loadEnv(PlatformEnv, vars);
    app = await NestFactory.createApplicationContext(AppModule.register(env), { logger: false });
    await app.init();
    machines = app.get(MachinesService);
    photos = app.get(PhotosService);
  });

  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
    await databases?.drop();
  });

  it('records gallery photos, announces each to the image worker, and refuses a 6th whole', async () => {
    const machine = await machines.create(owner, { name: 'Mower', year: 2021, make: 'Toro', model: 'Z' }, call(owner));
    const first = [ref(), ref(), ref(), ref()];

    const added = await photos.addToGallery(owner, machine.id, first, call(owner));
    await expect(photos.addToGallery(owner, machine.id, [ref(), ref()], call(owner))).rejects.toThrow('it has 4, so at most 1 more can be added');

    expect(added.map((p) => p.state)).toEqual(['pending', 'pending', 'pending', 'pending']);
    expect(await photos.gallery(owner, machine.id)).toHaveLength(4);
    const announced = (await outbox(IMAGE_STORED)).filter((e) => e.recordId === machine.id);
    expect(announced.map((e) => e.originalKey)).toEqual(first.map((r) => r.originalKey));
    expect(announced[0]).toMatchObject({ accountId: 3, owner: 'machine-service', machineId: machine.id, thumbnailUploaded: false });
    expect((await outbox(MACHINE_SAVED)).some((e) => e.machineId === machine.id && e.name === 'Mower')).toBe(true);
  });

  it("refuses keys outside the caller's own prefix and another user's machine", async () => {
    const machine = await machines.create(owner, { name: 'Plow', year: 2010, make: 'Fisher', model: 'XV2' }, call(owner));

    await expect(photos.addToGallery(owner, machine.id, [ref(99)], call(owner))).rejects.toThrow('Invalid image reference');
    await expect(photos.addToGallery(stranger, machine.id, [ref(stranger.userId)], call(stranger))).rejects.toThrow('Machine not found');
    await expect(photos.gallery(stranger, machine.id)).rejects.toThrow('Machine not found');
    await expect(machines.get(stranger, machine.id)).rejects.toThrow('Machine not found');
  });

  it('announces photos still pending again, and stops once the worker reported them', async () => {
    const machine = await machines.create(owner, { name: 'Chipper', year: 2019, make: 'Vermeer', model: 'BC1000' }, call(owner));
    const [a, b] = [ref(), ref()];
    await photos.addToGallery(owner, machine.id, [a, b], call(owner));
    const announcements = async (key: string) => (await outbox(IMAGE_STORED)).filter((e) => e.originalKey === key).length;
    await photos.onProcessed({
      accountId: 3,
      owner: 'machine-service',
      recordId: machine.id,
      originalKey: a.originalKey,
      thumbnailKey: a.thumbnailKey,
      state: 'processed',
      error: null,
      originalSize: 900,
      thumbnailSize: 80,
    });

    await photos.reannouncePending(0);

    expect(await announcements(a.originalKey)).toBe(1);
    expect(await announcements(b.originalKey)).toBe(2);
    expect((await photos.gallery(owner, machine.id)).map((p) => p.state)).toEqual(['processed', 'pending']);
  });

  it('keeps the last-serviced date from service.record.changed, whatever order the events come in', async () => {
    const machine = await machines.create(owner, { name: 'Truck', year: 2015, make: 'Ford', model: 'F-350' }, call(owner));
    const event = (at: string, latestServiceDate: string | null) => ({
      machineId: machine.id,
      accountId: 3,
      recordId: 1,
      change: 'saved' as const,
      latestServiceDate,
      at,
    });

    await machines.onServiceRecordChanged(event('2030-01-02T10:00:00Z', '2030-01-02'));
    await machines.onServiceRecordChanged(event('2030-01-01T10:00:00Z', '2029-12-31'));
    await machines.onServiceRecordChanged(event('2030-01-02T10:00:00Z', '2030-01-02'));
    await machines.onServiceRecordChanged({ ...event('2030-01-03T10:00:00Z', '2030-01-03'), accountId: 4 });
    await machines.onServiceRecordChanged(event('not a time', '2031-01-01'));

    const stored = await machines.get(owner, machine.id);
    expect(stored.lastServicedDate).toBe('2030-01-02');
    expect(stored.lastUpdated).toBe('2030-01-02T10:00:00.000Z');

    await machines.onServiceRecordChanged(event('2030-01-04T10:00:00.250Z', null));
    expect(await machines.get(owner, machine.id)).toMatchObject({ lastServicedDate: null, lastUpdated: '2030-01-04T10:00:00.250Z' });
  });

  it('takes the newest of many events for one machine applied at the same time, and never moves lastUpdated back', async () => {
    const machine = await machines.create(owner, { name: 'Loader', year: 2018, make: 'Cat', model: '906' }, call(owner));
    const event = (day: number) => ({
      machineId: machine.id,
      accountId: 3,
      recordId: day,
      change: 'saved' as const,
      latestServiceDate: `2029-03-${String(day).padStart(2, '0')}`,
      at: `2020-03-${String(day).padStart(2, '0')}T08:00:00Z`,
    });

    await Promise.all([12, 3, 28, 7, 19, 1, 25, 14].map((day) => machines.onServiceRecordChanged(event(day))));

    const stored = await machines.get(owner, machine.id);
    expect(stored.lastServicedDate).toBe('2029-03-28');
    // The machine was created now: events from 2020 change its service date, not lastUpdated.
    expect(Date.parse(stored.lastUpdated)).toBeGreaterThan(Date.parse('2026-01-01'));
  });

  it("reverts a restore's photos: its profile photo and gallery go, the machine has no profile photo, photos added by hand stay", async () => {
    const machine = await machines.create(owner, { name: 'Restored', year: 2018, make: 'Kubota', model: 'L2501' }, call(owner));
    const restored = (importId: number, seq: number): StoredImageRef => ({ ...ref(), ...importPhotoKeys(owner.userId, importId, seq, 'jpg') });
    await photos.setProfilePhoto(owner, machine.id, restored(9, 1), call(owner));
    // A resumed job hands the same photo over again: recorded once.
    await photos.addToGallery(owner, machine.id, [restored(9, 2)], call(owner));
    await photos.addToGallery(owner, machine.id, [restored(9, 2), restored(90, 1), ref()], call(owner));
    expect(await photos.gallery(owner, machine.id)).toHaveLength(3);

    expect(await photos.revertImport(stranger, { importId: 9, accountId: stranger.accountId }, call(stranger))).toEqual({ deleted: 0 });
    expect(await photos.revertImport(owner, { importId: 9, accountId: owner.accountId }, call(owner))).toEqual({ deleted: 2 });
    expect((await machines.get(owner, machine.id)).profilePhoto).toBeNull();
    await expect(photos.profilePhoto(owner, machine.id)).rejects.toThrow('This machine has no profile photo');
    const left = (await photos.gallery(owner, machine.id)).map((p) => p.originalKey);
    expect(left).toHaveLength(2);
    expect(left[0]).toBe(restored(90, 1).originalKey);
    const deleted = (await outbox(IMAGE_DELETED)).filter((e) => e.images.some((i: { originalKey: string }) => i.originalKey === restored(9, 1).originalKey));
    expect(deleted).toHaveLength(1);
    expect(deleted[0].images.map((i: { originalKey: string }) => i.originalKey).sort()).toEqual(
      [restored(9, 1).originalKey, restored(9, 2).originalKey].sort(),
    );
  });
});
