import {
  eventAccountId,
  isValidId,
  type ImageDeletedEvent,
  type ImageOwner,
  type ImageProcessedEvent,
  type ImageState,
  type ImageStoredEvent,
  type StoredImageRef,
} from '@wrenchlog/contracts';

// The pure rules of images a service owns (machine photos, service-record images): which object
// keys a caller may record, and what goes into image.stored, image.deleted and an image's row when
// the worker reports. No database, no Nest: OwnedImages applies them.

/** The object keys the gateway generates (`ImageUploads`): u{accountId} (an account's folder)/{id}-{original|thumb}.{jpg|png|webp}. */
export const IMAGE_OBJECT_KEY = /^u\d+\/[A-Za-z0-9-]{8,80}-(original|thumb)\.(jpg|png|webp)$/;

/** Every key of a user's images starts with this, so a key names its owner. */
export const accountKeyPrefix = (accountId: number): string => `u${accountId}/`;

export const INVALID_IMAGE_REFERENCE = 'Invalid image reference';

/** Which keys an owner accepts: the pattern they match and the prefix of the caller's own. */
export interface ImageKeyRules {
  pattern: RegExp;
  prefix: (accountId: number) => string;
}

export const DEFAULT_IMAGE_KEY_RULES: ImageKeyRules = { pattern: IMAGE_OBJECT_KEY, prefix: accountKeyPrefix };

/** The columns every owned image row has, whatever else its owner keeps beside them. */
export interface OwnedImageRow {
  id: number;
  accountId: number;
  originalKey: string;
  thumbnailKey: string;
  contentType: string;
  originalSize: number;
  thumbnailSize: number | null;
  state: ImageState;
  error: string | null;
  createdAt: Date;
}

/** Where an image belongs, as image.stored names it (the machine too, so machine.machine.deleted removes it). */
export interface ImagePlace {
  recordId: number;
  machineId: number | null;
}

const MAX_SIZE_BYTES = Number.MAX_SAFE_INTEGER;

/** A key the caller may record: the owner's pattern, under the caller's own prefix. */
export function isOwnKey(accountId: number, key: unknown, rules: ImageKeyRules = DEFAULT_IMAGE_KEY_RULES): boolean {
  return typeof key === 'string' && rules.pattern.test(key) && key.startsWith(rules.prefix(accountId));
}

/** A prefix that names only keys of the caller (under its own prefix, no LIKE wildcard): what removeUnderPrefix takes. */
export function isKeyPrefixOf(accountId: number, keyPrefix: unknown, rules: ImageKeyRules = DEFAULT_IMAGE_KEY_RULES): keyPrefix is string {
  const own = rules.prefix(accountId);
  return typeof keyPrefix === 'string' && keyPrefix.startsWith(own) && keyPrefix.length > own.length && /^[A-Za-z0-9/-]+$/.test(keyPrefix);
}

/**
 * A well-formed reference: two keys, a content type, byte sizes that fit a column, and a thumbnail
 * size exactly when a thumbnail was uploaded (as the contract says), so a malformed message is
 * refused rather than failing an insert.
 */
export function isStoredImageRef(image: unknown): image is StoredImageRef {
  if (typeof image !== 'object' || image === null) {
    return false;
  }
  const i = image as Partial<StoredImageRef>;
  return (
    typeof i.originalKey === 'string' &&
    typeof i.thumbnailKey === 'string' &&
    typeof i.contentType === 'string' &&
    i.contentType.length > 0 &&
    isSize(i.originalSize) &&
    typeof i.thumbnailUploaded === 'boolean' &&
    (i.thumbnailUploaded ? isSize(i.thumbnailSize) : i.thumbnailSize === null)
  );
}

/** A reference the gateway could have made for this caller: well-formed, both keys the caller's own. */
export function isOwnImageRef(accountId: number, image: unknown, rules: ImageKeyRules = DEFAULT_IMAGE_KEY_RULES): image is StoredImageRef {
  return isStoredImageRef(image) && isOwnKey(accountId, image.originalKey, rules) && isOwnKey(accountId, image.thumbnailKey, rules);
}

function isSize(value: unknown): value is number {
  return Number.isSafeInteger(value) && (value as number) >= 0 && (value as number) <= MAX_SIZE_BYTES;
}

/** image.stored for a recorded image: what the worker needs to add it to its ledger and process it. */
export function storedEvent(owner: ImageOwner, image: OwnedImageRow, place: ImagePlace, thumbnailUploaded: boolean): ImageStoredEvent {
  return {
    accountId: image.accountId,
    owner,
    recordId: place.recordId,
    machineId: place.machineId,
    originalKey: image.originalKey,
    thumbnailKey: image.thumbnailKey,
    contentType: image.contentType,
    originalSize: image.originalSize,
    thumbnailSize: image.thumbnailSize,
    thumbnailUploaded,
  };
}

/** image.deleted for removed images: the worker deletes their objects. */
export function deletedEvent(owner: ImageOwner, accountId: number, images: Pick<OwnedImageRow, 'originalKey' | 'thumbnailKey'>[]): ImageDeletedEvent {
  return { accountId, owner, images: images.map((i) => ({ originalKey: i.originalKey, thumbnailKey: i.thumbnailKey })) };
}

/** What a worker's report changes in the image's row, found by its owner and original key. */
export interface ProcessedChange {
  accountId: number;
  originalKey: string;
  set: Pick<OwnedImageRow, 'state' | 'error'> & Partial<Pick<OwnedImageRow, 'originalSize' | 'thumbnailSize'>>;
}

/**
 * The change a worker's report makes, or null for a report that is not this owner's or is
 * malformed (events may come from elsewhere than the worker; a bad one changes nothing).
 */
export function processedChange(owner: ImageOwner, event: ImageProcessedEvent | null | undefined): ProcessedChange | null {
  if (!event || event.owner !== owner || typeof event.originalKey !== 'string' || !isValidId(eventAccountId(event))) {
    return null;
  }
  const failed = event.state === 'failed';
  return {
    accountId: eventAccountId(event),
    originalKey: event.originalKey,
    set: {
      state: failed ? 'failed' : 'processed',
      error: failed ? (typeof event.error === 'string' && event.error ? event.error : 'Processing failed') : null,
      ...(isSize(event.originalSize) ? { originalSize: event.originalSize } : {}),
      ...(isSize(event.thumbnailSize) ? { thumbnailSize: event.thumbnailSize } : {}),
    },
  };
}

/** Images still pending when created before this are announced again: the worker never reported on them. */
export function pendingCutoff(now: Date, graceMs: number): Date {
  return new Date(now.getTime() - Math.max(0, graceMs));
}

/** The name shown with an image: the last path segment, without control characters, at most 255 characters. */
export function cleanFileName(name: unknown): string {
  const text = typeof name === 'string' ? name : '';
  const base = text
    .split(/[\\/]/)
    .pop()!
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim();
  return (base || 'image').slice(0, 255);
}
