import {
  IMAGE_KINDS,
  importPhotoKeys,
  MACHINE_GALLERY_ADD,
  MACHINE_PROFILE_PHOTO_SET,
  SERVICE_IMAGE_ADD,
  type ImportPhotoCounts,
  type MachineGalleryAddRequest,
  type MachinePhotoSetRequest,
  type AddServiceImagesRequest,
  type ImageKind,
  type StoredImageRef,
} from '@wrenchlog/contracts';
import { type ExportPhoto } from '@wrenchlog/importers';

// The pure rules of a restore's photos (issue 23): where each photo goes once its row is written,
// and the counts the import shows.

/** A photo as the job reads it back: its place in the export and its row's record once written. */
export interface PlannedPhoto {
  seq: number;
  owner: string;
  role: string;
  fileName: string;
  byteSize: number;
  type: string | null;
}

/** The owner's usual call for a photo of a restore: the same rules, key checks and idempotency as a hand upload. */
export type PhotoCall =
  | { pattern: typeof MACHINE_PROFILE_PHOTO_SET; payload: MachinePhotoSetRequest }
  | { pattern: typeof MACHINE_GALLERY_ADD; payload: MachineGalleryAddRequest }
  | { pattern: typeof SERVICE_IMAGE_ADD; payload: AddServiceImagesRequest };

/** The reference of a restored photo: its keys under the import, no thumbnail uploaded (the image worker makes it). */
export function photoRef(accountId: number, importId: number, photo: PlannedPhoto): StoredImageRef {
  const type = IMAGE_KINDS[photo.type as ImageKind];
  if (!type) {
    throw new Error(`photo ${photo.seq} has no image type`);
  }
  return {
    ...importPhotoKeys(accountId, importId, photo.seq, type.ext),
    contentType: type.contentType,
    originalSize: photo.byteSize,
    thumbnailSize: null,
    thumbnailUploaded: false,
  };
}

/**
 * The call that gives the photo to the record its row became (`targetId`, the new machine's or
 * service record's id): a machine's profile photo is its profile again, the rest its gallery; a
 * service record's image keeps its file name.
 */
export function photoCall(accountId: number, importId: number, photo: PlannedPhoto, targetId: number): PhotoCall {
  const image = photoRef(accountId, importId, photo);
  if (photo.owner === 'service') {
    return { pattern: SERVICE_IMAGE_ADD, payload: { recordId: targetId, images: [{ ...image, fileName: photo.fileName }] } };
  }
  if (photo.role === 'profile') {
    return { pattern: MACHINE_PROFILE_PHOTO_SET, payload: { machineId: targetId, image } };
  }
  return { pattern: MACHINE_GALLERY_ADD, payload: { machineId: targetId, images: [image] } };
}

/** A photo's outcome when the commit starts: pending when it can be restored and its row is sent, else skipped. */
export const commitOutcome = (photo: Pick<ExportPhoto, 'problem'>, rowSent: boolean): 'pending' | 'skipped' =>
  !photo.problem && rowSent ? 'pending' : 'skipped';

/** The counts a restore shows of its photos. */
export function photoCounts(photos: { problem: string | null; outcome: string }[]): ImportPhotoCounts {
  return {
    found: photos.length,
    problems: photos.filter((p) => p.problem !== null).length,
    written: photos.filter((p) => p.outcome === 'written').length,
    failed: photos.filter((p) => p.outcome === 'failed').length,
  };
}
