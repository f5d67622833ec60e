import {
  DOCUMENT_ADD,
  FUEL_RECORD_GET,
  IMAGE_KINDS,
  importDocumentKey,
  PURCHASE_GET,
  SERVICE_RECORD_GET,
  type DocumentAddRequest,
  type DocumentParentKind,
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
import { type ExportDocument, type ExportPhoto } from '@wrenchlog/importers';

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

// A restore's documents (issue 38) share the table and the job's pass with its photos: role
// 'document', numbered after the photos, owner the short name of the record kind (the column holds 10).

export const DOCUMENT_ROLE = 'document';
const DOCUMENT_OWNERS: Record<DocumentParentKind, string> = { machine: 'machine', 'service-record': 'service', 'fuel-record': 'fuel', purchase: 'purchase' };
const PARENT_KINDS = new Map(Object.entries(DOCUMENT_OWNERS).map(([kind, owner]) => [owner, kind as DocumentParentKind]));

/** A row of import_photos as the dry run plans it (a photo, or a document). */
export type PlannedFile = Pick<ExportPhoto, 'seq' | 'path' | 'fileName' | 'byteSize' | 'problem' | 'rowNumber'> & {
  owner: string;
  role: string;
  type: string | null;
};

/** The documents as rows of the plan, numbered from `firstSeq`; one whose record the export lacks has row 0 (never sent: skipped at commit). */
export const documentPlan = (documents: ExportDocument[], firstSeq: number): PlannedFile[] =>
  documents.map((d, i) => ({
    seq: firstSeq + i,
    rowNumber: d.rowNumber ?? 0,
    owner: DOCUMENT_OWNERS[d.kind] ?? 'machine',
    role: DOCUMENT_ROLE,
    path: d.path,
    fileName: d.fileName || 'document.pdf',
    byteSize: d.byteSize,
    type: d.problem ? null : 'pdf',
    problem: d.problem,
  }));

export const isDocument = (file: Pick<PlannedFile, 'role'>): boolean => file.role === DOCUMENT_ROLE;

/** The photo and document counts a restore shows (each absent when it has none). */
export function fileCounts(files: { role: string; problem: string | null; outcome: string }[]): { photos?: ImportPhotoCounts; documents?: ImportPhotoCounts } {
  const photos = files.filter((f) => !isDocument(f));
  const documents = files.filter(isDocument);
  return { ...(photos.length > 0 ? { photos: photoCounts(photos) } : {}), ...(documents.length > 0 ? { documents: photoCounts(documents) } : {}) };
}

/** The record a restored document goes to, and how its machine is asked of its owner (a machine is its own). */
export function documentParent(file: Pick<PlannedFile, 'owner'>, targetId: number) {
  const kind = PARENT_KINDS.get(file.owner) ?? 'machine';
  const parent = { kind, id: targetId };
  switch (kind) {
    case 'machine':
      return { parent, get: null };
    case 'service-record':
      return { parent, get: SERVICE_RECORD_GET };
    case 'fuel-record':
      return { parent, get: FUEL_RECORD_GET };
    case 'purchase':
      return { parent, get: PURCHASE_GET };
  }
}

/** image-worker's call of a hand upload for a restored document: the same rules (PDF, size, at most 50 a record), idempotent per key. */
export const documentCall = (
  accountId: number,
  importId: number,
  file: Pick<PlannedFile, 'seq' | 'fileName' | 'byteSize' | 'owner'>,
  parent: DocumentAddRequest['parent'],
  machineId: number | null,
): { pattern: typeof DOCUMENT_ADD; payload: DocumentAddRequest } => ({
  pattern: DOCUMENT_ADD,
  payload: {
    parent,
    machineId,
    objectKey: importDocumentKey(accountId, importId, file.seq),
    fileName: file.fileName,
    contentType: 'application/pdf',
    size: file.byteSize,
  },
});
