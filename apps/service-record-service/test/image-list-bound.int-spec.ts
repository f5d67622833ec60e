import { MACHINE_SAVED, SERVICE_IMAGE_COUNT, SERVICE_IMAGE_LIST, SERVICE_IMAGE_LIST_MAX, SERVICE_RECORD_CREATE } from '@wrenchlog/contracts';
import { expectEventually, testEngines } from '@wrenchlog/testing';
import { DataSource } from 'typeorm';
import { ServiceImageEntity } from '../src/images/service-image.entity.js';
import { ServiceUnderTest, userA } from './harness.js';

// The spec's unpaged photo list of a record answers at most SERVICE_IMAGE_LIST_MAX photos (issue 25,
// item 9). One more than the bound is stored straight through the repository (uploads take 20 at a
// time through the gateway), then the list is asked over the transport as the gateway asks it.
describe.each(await testEngines())('the photo list of a service record (%s)', (engine) => {
  let svc: ServiceUnderTest;

  beforeAll(async () => {
    svc = await ServiceUnderTest.start(engine);
  });

  afterAll(async () => {
    await svc?.stop();
  });

  it(`answers the first ${SERVICE_IMAGE_LIST_MAX} photos added, while the count tells all of them`, async () => {
    const machineId = 4100;
    await svc.emit(MACHINE_SAVED, { machineId, accountId: userA.accountId, name: 'Dozer' });
    let recordId = 0;
    await expectEventually(async () => {
      recordId = (await svc.send(SERVICE_RECORD_CREATE, { title: 'Track rebuild', machineId }, userA)).id;
    });
    const rows = Array.from({ length: SERVICE_IMAGE_LIST_MAX + 1 }, (_, i) => ({
      accountId: userA.accountId,
      recordId: recordId,
      machineId,
      fileName: `photo-${i}.jpg`,
      originalKey: `u${userA.accountId}/bound-${i}-original.jpg`,
      thumbnailKey: `u${userA.accountId}/bound-${i}-thumb.jpg`,
      contentType: 'image/jpeg',
      originalSize: 1000,
      thumbnailSize: null,
      state: 'processed' as const,
      error: null,
      createdAt: new Date(),
    }));
    const repo = svc.get(DataSource).getRepository(ServiceImageEntity);
    for (let i = 0; i < rows.length; i += 100) {
      await repo.insert(rows.slice(i, i + 100));
    }

    const listed = await svc.send(SERVICE_IMAGE_LIST, { recordId: recordId }, userA);
    expect(listed).toHaveLength(SERVICE_IMAGE_LIST_MAX);
    expect(listed[0].fileName).toBe('photo-0.jpg');
    expect(listed.at(-1)!.fileName).toBe(`photo-${SERVICE_IMAGE_LIST_MAX - 1}.jpg`);
    expect(await svc.send(SERVICE_IMAGE_COUNT, { recordId: recordId }, userA)).toBe(SERVICE_IMAGE_LIST_MAX + 1);
  });
});
