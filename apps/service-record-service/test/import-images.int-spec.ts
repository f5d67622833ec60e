import {
  IMAGE_DELETED,
  importPhotoKeys,
  MACHINE_SAVED,
  SERVICE_IMAGE_ADD,
  SERVICE_IMAGE_LIST,
  SERVICE_IMPORT_REVERT_IMAGES,
  SERVICE_RECORD_CREATE,
} from '@wrenchlog/contracts';
import { anUploadedJpeg, expectEventually, testEngines } from '@wrenchlog/testing';
import { ServiceUnderTest, userA, userB } from './harness.js';

// A restore's images (issue 23): added with the usual service.image.add under the import's keys,
// taken back by service.import.revertImages, which removes exactly that import's images.

const restored = (accountId: number, importId: number, seq: number) => ({
  ...importPhotoKeys(accountId, importId, seq, 'jpg'),
  contentType: 'image/jpeg',
  originalSize: 1000,
  thumbnailSize: null,
  thumbnailUploaded: false,
  fileName: 'receipt.jpg',
});

const byHand = (accountId: number) => ({ ...anUploadedJpeg(accountId), fileName: 'by hand.jpg' });

describe.each(await testEngines())("service-record images: a restore's, reverted (%s)", (engine) => {
  let svc: ServiceUnderTest;
  let recordId: number;

  beforeAll(async () => {
    svc = await ServiceUnderTest.start(engine);
    await svc.emit(MACHINE_SAVED, { machineId: 4300, accountId: userA.accountId, name: 'Loader' });
    await expectEventually(async () => {
      recordId = (await svc.send(SERVICE_RECORD_CREATE, { title: 'Hydraulics', machineId: 4300 }, userA)).id;
    });
  });

  afterAll(async () => {
    await svc?.stop();
  });

  it("removes the images under the import's keys only: another import's and those added by hand stay", async () => {
    const images = [restored(userA.accountId, 4, 1), restored(userA.accountId, 4, 2), restored(userA.accountId, 42, 1), byHand(userA.accountId)];
    // Added twice (a resumed job): recorded once.
    await svc.send(SERVICE_IMAGE_ADD, { recordId, images }, userA);
    await svc.send(SERVICE_IMAGE_ADD, { recordId, images: images.slice(0, 1) }, userA);
    expect(await svc.send(SERVICE_IMAGE_LIST, { recordId }, userA)).toHaveLength(4);

    // Another user's call names the same import: nothing of user A's goes.
    expect(await svc.send(SERVICE_IMPORT_REVERT_IMAGES, { importId: 4, accountId: userB.accountId }, userB)).toEqual({ deleted: 0 });
    expect(await svc.send(SERVICE_IMPORT_REVERT_IMAGES, { importId: 4, accountId: userA.accountId }, userA)).toEqual({ deleted: 2 });
    expect((await svc.send(SERVICE_IMAGE_LIST, { recordId }, userA)).map((i: { fileName: string }) => i.fileName)).toEqual(['receipt.jpg', 'by hand.jpg']);
    await expectEventually(async () =>
      expect(svc.events(IMAGE_DELETED)).toEqual([
        {
          accountId: userA.accountId,
          owner: 'service-record-service',
          images: images.slice(0, 2).map((i) => ({ originalKey: i.originalKey, thumbnailKey: i.thumbnailKey })),
        },
      ]),
    );
    // Again: nothing left of that import.
    expect(await svc.send(SERVICE_IMPORT_REVERT_IMAGES, { importId: 4, accountId: userA.accountId }, userA)).toEqual({ deleted: 0 });
    expect(await svc.failure(SERVICE_IMPORT_REVERT_IMAGES, { importId: 'x' } as never, userA)).toMatchObject({
      code: 'VALIDATION',
      message: 'Invalid import ID',
    });
  });
});
