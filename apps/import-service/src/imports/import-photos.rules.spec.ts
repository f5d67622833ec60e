import { importPhotoKeyPrefix, MACHINE_GALLERY_ADD, MACHINE_PROFILE_PHOTO_SET, SERVICE_IMAGE_ADD } from '@wrenchlog/contracts';
import { IMAGE_OBJECT_KEY, isKeyPrefixOf, isOwnImageRef } from '@wrenchlog/owned-images';
import { commitOutcome, photoCall, photoCounts, photoRef, type PlannedPhoto } from './import-photos.rules.js';

const photo = (over: Partial<PlannedPhoto>): PlannedPhoto => ({
  seq: 1,
  owner: 'machine',
  role: 'gallery',
  fileName: '4-gallery.jpg',
  byteSize: 1200,
  type: 'jpeg',
  ...over,
});

describe('a restore photo to its new owner', () => {
  it("gives a machine's profile photo to the new machine as its profile, the others to its gallery", () => {
    expect(photoCall(5, 42, photo({ seq: 3, role: 'profile', type: 'png' }), 901)).toEqual({
      pattern: MACHINE_PROFILE_PHOTO_SET,
      payload: {
        machineId: 901,
        image: {
          originalKey: 'u5/0000002a-0000-f000-0000-000000000003-original.png',
          thumbnailKey: 'u5/0000002a-0000-f000-0000-000000000003-thumb.png',
          contentType: 'image/png',
          originalSize: 1200,
          thumbnailSize: null,
          thumbnailUploaded: false,
        },
      },
    });
    const gallery = photoCall(5, 42, photo({ seq: 4 }), 901);
    expect(gallery.pattern).toBe(MACHINE_GALLERY_ADD);
    expect(gallery.payload).toMatchObject({
      machineId: 901,
      images: [{ originalKey: 'u5/0000002a-0000-f000-0000-000000000004-original.jpg', contentType: 'image/jpeg' }],
    });
  });

  it("gives a service record's image to the new record, with its file name", () => {
    const call = photoCall(5, 42, photo({ seq: 7, owner: 'service', role: 'image', fileName: 'receipt.jpg', type: 'webp' }), 3001);
    expect(call.pattern).toBe(SERVICE_IMAGE_ADD);
    expect(call.payload).toMatchObject({
      recordId: 3001,
      images: [
        {
          fileName: 'receipt.jpg',
          originalKey: 'u5/0000002a-0000-f000-0000-000000000007-original.webp',
          thumbnailKey: 'u5/0000002a-0000-f000-0000-000000000007-thumb.webp',
        },
      ],
    });
  });

  it("makes keys the owners and the gateway's image links take as the caller's own, under a prefix that names this import only", () => {
    const { payload } = photoCall(5, 4, photo({ seq: 12 }), 1);
    const image = 'images' in payload ? payload.images[0] : payload.image;
    expect(IMAGE_OBJECT_KEY.test(image.originalKey)).toBe(true);
    // The gateway signs links for keys of a UUID's shape only (apps/gateway/src/images/url-signer.ts).
    expect(image.thumbnailKey).toMatch(/^u5\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-thumb\.jpg$/);
    expect(isOwnImageRef(5, image)).toBe(true);
    expect(isOwnImageRef(6, image)).toBe(false);
    expect(image.originalKey.startsWith(importPhotoKeyPrefix(5, 4))).toBe(true);
    expect(photoRef(5, 42, photo({ seq: 1 })).originalKey.startsWith(importPhotoKeyPrefix(5, 4))).toBe(false);
    expect(isKeyPrefixOf(5, importPhotoKeyPrefix(5, 4))).toBe(true);
    expect(isKeyPrefixOf(5, importPhotoKeyPrefix(6, 4))).toBe(false);
    expect(isKeyPrefixOf(5, 'u5/%')).toBe(false);
    expect(isKeyPrefixOf(5, 'u5/')).toBe(false);
  });

  it('restores a photo only when it can be and its row is sent; counts what the import shows', () => {
    expect(commitOutcome({ problem: null }, true)).toBe('pending');
    expect(commitOutcome({ problem: 'not an image' }, true)).toBe('skipped');
    expect(commitOutcome({ problem: null }, false)).toBe('skipped');
    expect(
      photoCounts([
        { problem: null, outcome: 'written' },
        { problem: 'x', outcome: 'skipped' },
        { problem: null, outcome: 'failed' },
        { problem: null, outcome: 'pending' },
      ]),
    ).toEqual({ found: 4, problems: 1, written: 1, failed: 1 });
  });
});
