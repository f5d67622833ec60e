import {
  DOCUMENT_ADD,
  DOCUMENT_KEY,
  FUEL_RECORD_GET,
  importPhotoKeyPrefix,
  MACHINE_GALLERY_ADD,
  MACHINE_PROFILE_PHOTO_SET,
  SERVICE_IMAGE_ADD,
} from '@wrenchlog/contracts';
import { IMAGE_OBJECT_KEY, isKeyPrefixOf, isOwnImageRef } from '@wrenchlog/owned-images';
import {
  commitOutcome,
  documentCall,
  documentParent,
  documentPlan,
  fileCounts,
  photoCall,
  photoCounts,
  photoRef,
  type PlannedPhoto,
} from './import-photos.rules.js';

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

describe('a restore document to its new record (issue 38)', () => {
  const planned = documentPlan(
    [
      { rowNumber: 4, kind: 'fuel-record', path: 'documents/fuel-records/9/3-receipt.pdf', fileName: 'receipt.pdf', byteSize: 900, problem: null },
      { rowNumber: null, kind: 'purchase', path: 'documents/purchases/8/4-x.pdf', fileName: 'x.pdf', byteSize: 0, problem: 'the document is missing' },
    ],
    3,
  );

  it('numbers the documents after the photos, under their record kinds, a document without a record on no row', () => {
    expect(planned.map((d) => [d.seq, d.rowNumber, d.owner, d.role, d.type])).toEqual([
      [3, 4, 'fuel', 'document', 'pdf'],
      [4, 0, 'purchase', 'document', null],
    ]);
  });

  it("gives a document to image-worker's upload call under a key of the import that DOCUMENT_KEY takes, asking the record's owner for its machine", () => {
    const { parent, get } = documentParent(planned[0]!, 77);
    expect([parent, get]).toEqual([{ kind: 'fuel-record', id: 77 }, FUEL_RECORD_GET]);
    expect(documentParent({ owner: 'machine' }, 5).get).toBeNull();
    const call = documentCall(5, 42, planned[0]!, parent, 12);
    expect(call).toEqual({
      pattern: DOCUMENT_ADD,
      payload: {
        parent,
        machineId: 12,
        objectKey: `${importPhotoKeyPrefix(5, 42)}000000000003-document.pdf`,
        fileName: 'receipt.pdf',
        contentType: 'application/pdf',
        size: 900,
      },
    });
    expect(DOCUMENT_KEY.test(call.payload.objectKey)).toBe(true);
  });

  it('counts documents apart from photos, so a restore without documents shows the photo counts it always did', () => {
    expect(fileCounts([{ role: 'gallery', problem: null, outcome: 'written' }])).toEqual({ photos: { found: 1, problems: 0, written: 1, failed: 0 } });
    expect(fileCounts([{ role: 'document', problem: 'x', outcome: 'skipped' }])).toEqual({ documents: { found: 1, problems: 1, written: 0, failed: 0 } });
  });
});
