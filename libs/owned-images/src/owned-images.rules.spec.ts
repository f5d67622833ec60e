import type { ImageProcessedEvent, StoredImageRef } from '@wrenchlog/contracts';
import {
  cleanFileName,
  deletedEvent,
  isOwnImageRef,
  isOwnKey,
  isStoredImageRef,
  pendingCutoff,
  processedChange,
  storedEvent,
  type OwnedImageRow,
} from './owned-images.rules.js';

const ID = '1b2c3d4e-aaaa-bbbb-cccc-0123456789ab';
const ref = (over: Partial<StoredImageRef> = {}): StoredImageRef => ({
  originalKey: `u7/${ID}-original.jpg`,
  thumbnailKey: `u7/${ID}-thumb.jpg`,
  contentType: 'image/jpeg',
  originalSize: 1000,
  thumbnailSize: null,
  thumbnailUploaded: false,
  ...over,
});

describe(isOwnKey.name, () => {
  it("takes a generated key under the caller's own prefix", () => {
    expect(isOwnKey(7, `u7/${ID}-original.jpg`)).toBe(true);
    expect(isOwnKey(7, `u7/${ID}-thumb.webp`)).toBe(true);
  });

  it("refuses another user's prefix, including one that only starts with the caller's digits", () => {
    expect(isOwnKey(7, `u8/${ID}-original.jpg`)).toBe(false);
    expect(isOwnKey(7, `u77/${ID}-original.jpg`)).toBe(false);
    expect(isOwnKey(77, `u7/${ID}-original.jpg`)).toBe(false);
  });

  it('refuses keys that do not match the pattern: paths, other roles and types, non-strings', () => {
    expect(isOwnKey(7, `u7/../u8/${ID}-original.jpg`)).toBe(false);
    expect(isOwnKey(7, `u7/${ID}-document.pdf`)).toBe(false);
    expect(isOwnKey(7, `u7/${ID}-original.gif`)).toBe(false);
    expect(isOwnKey(7, 'u7/short-original.jpg')).toBe(false);
    expect(isOwnKey(7, `u7/${ID}-original.jpg\n`)).toBe(false);
    expect(isOwnKey(7, undefined)).toBe(false);
    expect(isOwnKey(7, 42)).toBe(false);
  });

  it("follows an owner's own pattern and prefix", () => {
    const rules = { pattern: /^docs\/\d+\/[a-z]+\.pdf$/, prefix: (accountId: number) => `docs/${accountId}/` };
    expect(isOwnKey(7, 'docs/7/manual.pdf', rules)).toBe(true);
    expect(isOwnKey(7, 'docs/8/manual.pdf', rules)).toBe(false);
    expect(isOwnKey(7, `u7/${ID}-original.jpg`, rules)).toBe(false);
  });
});

describe(isStoredImageRef.name, () => {
  it('takes what the gateway sends, with and without an uploaded thumbnail', () => {
    expect(isStoredImageRef(ref())).toBe(true);
    expect(isStoredImageRef(ref({ thumbnailUploaded: true, thumbnailSize: 80 }))).toBe(true);
  });

  it('refuses a thumbnail size that contradicts the thumbnail flag, bad sizes and missing fields', () => {
    expect(isStoredImageRef(ref({ thumbnailUploaded: true, thumbnailSize: null }))).toBe(false);
    expect(isStoredImageRef(ref({ thumbnailUploaded: false, thumbnailSize: 80 }))).toBe(false);
    expect(isStoredImageRef(ref({ originalSize: -1 }))).toBe(false);
    expect(isStoredImageRef(ref({ originalSize: 1.5 }))).toBe(false);
    expect(isStoredImageRef(ref({ contentType: '' }))).toBe(false);
    expect(isStoredImageRef({ ...ref(), thumbnailUploaded: undefined })).toBe(false);
    expect(isStoredImageRef(null)).toBe(false);
    expect(isStoredImageRef('u7/x')).toBe(false);
  });
});

describe(isOwnImageRef.name, () => {
  it("needs both keys under the caller's prefix", () => {
    expect(isOwnImageRef(7, ref())).toBe(true);
    expect(isOwnImageRef(8, ref())).toBe(false);
    expect(isOwnImageRef(7, ref({ thumbnailKey: `u8/${ID}-thumb.jpg` }))).toBe(false);
    expect(isOwnImageRef(7, ref({ originalKey: `u8/${ID}-original.jpg` }))).toBe(false);
  });
});

describe(storedEvent.name, () => {
  it('announces the row as its owner, at its place, with the thumbnail flag the owner knows', () => {
    const row: OwnedImageRow = { id: 3, accountId: 7, ...ref({ thumbnailSize: 80 }), state: 'pending', error: null, createdAt: new Date() };

    expect(storedEvent('service-record-service', row, { recordId: 12, machineId: 4 }, true)).toEqual({
      accountId: 7,
      owner: 'service-record-service',
      recordId: 12,
      machineId: 4,
      originalKey: row.originalKey,
      thumbnailKey: row.thumbnailKey,
      contentType: 'image/jpeg',
      originalSize: 1000,
      thumbnailSize: 80,
      thumbnailUploaded: true,
    });
  });
});

describe(deletedEvent.name, () => {
  it('names only the keys of each removed image', () => {
    expect(deletedEvent('machine-service', 7, [{ originalKey: 'a', thumbnailKey: 'b', id: 1 } as never])).toEqual({
      accountId: 7,
      owner: 'machine-service',
      images: [{ originalKey: 'a', thumbnailKey: 'b' }],
    });
  });
});

describe(processedChange.name, () => {
  const event = (over: Partial<ImageProcessedEvent> = {}): ImageProcessedEvent => ({
    accountId: 7,
    owner: 'machine-service',
    recordId: 1,
    originalKey: `u7/${ID}-original.jpg`,
    thumbnailKey: `u7/${ID}-thumb.jpg`,
    state: 'processed',
    error: null,
    originalSize: 900,
    thumbnailSize: 80,
    ...over,
  });

  it('keeps the state and the sizes the worker measured', () => {
    expect(processedChange('machine-service', event())).toEqual({
      accountId: 7,
      originalKey: `u7/${ID}-original.jpg`,
      set: { state: 'processed', error: null, originalSize: 900, thumbnailSize: 80 },
    });
  });

  it('keeps why processing failed, with a message when the worker gave none', () => {
    expect(processedChange('machine-service', event({ state: 'failed', error: 'Not an image' }))?.set).toMatchObject({
      state: 'failed',
      error: 'Not an image',
    });
    expect(processedChange('machine-service', event({ state: 'failed', error: null }))?.set).toMatchObject({ state: 'failed', error: 'Processing failed' });
  });

  it('leaves out sizes that are not sizes', () => {
    expect(processedChange('machine-service', event({ originalSize: -5, thumbnailSize: null }))?.set).toEqual({ state: 'processed', error: null });
  });

  it("ignores another owner's report and malformed ones", () => {
    expect(processedChange('service-record-service', event())).toBeNull();
    expect(processedChange('machine-service', event({ accountId: 0 }))).toBeNull();
    expect(processedChange('machine-service', event({ originalKey: 5 as never }))).toBeNull();
    expect(processedChange('machine-service', null)).toBeNull();
  });
});

describe(pendingCutoff.name, () => {
  it('is the grace period before now, and now for no grace', () => {
    const now = new Date('2030-01-01T00:10:00Z');
    expect(pendingCutoff(now, 120_000).toISOString()).toBe('2030-01-01T00:08:00.000Z');
    expect(pendingCutoff(now, 0).getTime()).toBe(now.getTime());
    expect(pendingCutoff(now, -5).getTime()).toBe(now.getTime());
  });
});

describe(cleanFileName.name, () => {
  it('keeps the last path segment without control characters, at most 255 characters, and names a nameless one', () => {
    expect(cleanFileName('C:\\Users\\me\\leak.jpg')).toBe('leak.jpg');
    expect(cleanFileName('../../etc/passwd\u0000.png')).toBe('passwd.png');
    expect(cleanFileName('a'.repeat(300))).toHaveLength(255);
    expect(cleanFileName(undefined)).toBe('image');
    expect(cleanFileName('  /  ')).toBe('image');
  });
});
