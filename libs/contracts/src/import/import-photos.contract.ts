import type { ImportRevertRequest, ImportRevertResult } from './import-jobs.contract.js';

// The photos of a restore (issue 23, apps/import-service/README.md "Photos of a restore"):
// import-service copies each photo of a Wrenchlog export's ZIP into object storage under a key of
// the import (below), and hands it to its owner with the owner's usual calls (machine.profile-photo.set,
// machine.gallery.add, service.image.add), which check the key is the caller's, record it once per
// key and announce it (image.stored: the image worker makes the thumbnail). Revert asks each owner
// to remove the images stored under the import's keys.

// Producer: import-service's job. Consumers: machine-service, service-record-service.
export const MACHINE_IMPORT_REVERT_PHOTOS = 'machine.import.revertPhotos' as const;
export const SERVICE_IMPORT_REVERT_IMAGES = 'service.import.revertImages' as const;

const hex = (n: number, width: number): string => n.toString(16).padStart(width, '0').slice(-width);

/**
 * Every key of a restore's photos starts with this: the caller's own prefix, then a UUID-shaped id
 * (the shape the gateway signs image links for) whose first group is the import's id and whose next
 * ones are fixed, so Revert finds exactly that import's photos. The gateway's own ids are hashes
 * (libs/storage `ownedObjectId`): one falls under an import's prefix with odds of 2^-48.
 */
export const importPhotoKeyPrefix = (accountId: number, importId: number): string => `u${accountId}/${hex(importId, 8)}-0000-f000-0000-`;

/** The original's and the thumbnail's keys of a restore's photo (its number in the import): the same on a resumed job. */
export function importPhotoKeys(accountId: number, importId: number, seq: number, ext: 'jpg' | 'png' | 'webp'): { originalKey: string; thumbnailKey: string } {
  const base = `${importPhotoKeyPrefix(accountId, importId)}${hex(seq, 12)}`;
  return { originalKey: `${base}-original.${ext}`, thumbnailKey: `${base}-thumb.${ext}` };
}

/** How many of a restore's photos one revert call removes at most (the job calls again while a call removes that many). */
export const IMPORT_PHOTO_REVERT_CALL_MAX = 500;

export type ImportRevertPhotosRequest = ImportRevertRequest;
export type ImportRevertPhotosResult = ImportRevertResult;

export type ImportPhotosRpc = {
  [MACHINE_IMPORT_REVERT_PHOTOS]: { request: ImportRevertPhotosRequest; response: ImportRevertPhotosResult };
  [SERVICE_IMPORT_REVERT_IMAGES]: { request: ImportRevertPhotosRequest; response: ImportRevertPhotosResult };
};
