import { Inject, Injectable, Logger } from '@nestjs/common';
import { ErrorCode, IMAGE_LIMITS, IMAGE_TYPE_MESSAGE, type Actor, type ImageKeysView, type ImageUrlsView, type StoredImageRef } from '@wrenchlog/contracts';
import { badRequest, DomainError, requireActor } from '@wrenchlog/platform';
import { OBJECT_STORAGE, type ObjectStorage } from '@wrenchlog/storage';
import type { FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { Metadata } from 'sharp';
import { IMAGE_KINDS, sniffImageType, type ImageKind } from './sniff.js';
import { ImageUrlSigner } from './url-signer.js';

/*
 * Image uploads and image URLs for any gateway controller (machine photos, service-record images).
 *
 *   const pairs = await this.uploads.read(req, 'repeated');        // or 'single', 'indexed'
 *   const reply = await this.uploads.store(actor, pairs, (images) => this.rpc.send(PATTERN, { id, images }, call));
 *   return reply.map((photo) => this.uploads.urls(photo));           // {id, thumbnailUrl, originalUrl, state, error}
 *
 * read() takes the multipart body apart and checks every file before anything is stored: type by
 * content (JPEG, PNG, WebP; 415), size (413 beyond 2 MiB), pixel count from the header (413 beyond
 * 50 megapixels). Field layouts: 'single' = `original` + `thumbnail`; 'repeated' = `originals` +
 * `thumbnails` paired by position; 'indexed' = `images[i][original]` + `images[i][thumbnail]`.
 * The thumbnail is optional: the image worker makes a missing one.
 * store() writes the objects under generated keys (u{userId}/{uuid}-original.{ext}), calls `save`
 * with their references, and deletes every object it wrote when anything fails (a refused upload
 * keeps nothing). Services answer object keys; urls() turns them into signed URLs.
 */

export type UploadLayout = 'single' | 'repeated' | 'indexed';

export interface CheckedImage {
  bytes: Buffer;
  kind: ImageKind;
  width: number;
  height: number;
}

export interface UploadPair {
  original: CheckedImage;
  thumbnail?: CheckedImage;
}

export const FILE_TOO_LARGE_MESSAGE = `Each image must be at most ${IMAGE_LIMITS.maxFileBytes / (1024 * 1024)} MB.`;
export const TOO_MANY_PIXELS_MESSAGE = `The image is too large: at most ${IMAGE_LIMITS.maxPixels / 1_000_000} megapixels.`;
/** How many files one upload may carry (5 gallery originals and their thumbnails, with room for service records). */
export const MAX_FILES_PER_UPLOAD = 20;

const INDEXED = /^images\[(\d{1,2})\]\[(original|thumbnail)\]$/;

/** Checks one file: content type from its bytes, size, and pixel count read from its header (no pixels decoded). */
export async function checkImage(bytes: Buffer): Promise<CheckedImage> {
  if (bytes.length > IMAGE_LIMITS.maxFileBytes) {
    throw new DomainError(ErrorCode.PayloadTooLarge, FILE_TOO_LARGE_MESSAGE);
  }
  const kind = sniffImageType(bytes);
  if (!kind) {
    throw new DomainError(ErrorCode.UnsupportedMediaType, IMAGE_TYPE_MESSAGE);
  }
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new DomainError(ErrorCode.UnsupportedMediaType, IMAGE_TYPE_MESSAGE);
  }
  if (meta.format !== kind || !meta.width || !meta.height) {
    throw new DomainError(ErrorCode.UnsupportedMediaType, IMAGE_TYPE_MESSAGE);
  }
  if (meta.width * meta.height > IMAGE_LIMITS.maxPixels) {
    throw new DomainError(ErrorCode.PayloadTooLarge, TOO_MANY_PIXELS_MESSAGE);
  }
  return { bytes, kind, width: meta.width, height: meta.height };
}

/** Groups the uploaded files of a layout into original/thumbnail pairs; a thumbnail without its original is refused. */
export function pairUploads(files: { field: string; bytes: Buffer }[], layout: UploadLayout): { original: Buffer; thumbnail?: Buffer }[] {
  const originals = new Map<number, Buffer>();
  const thumbnails = new Map<number, Buffer>();
  const counters = { originals: 0, thumbnails: 0 };
  for (const { field, bytes } of files) {
    let slot: { index: number; role: 'original' | 'thumbnail' } | undefined;
    if (layout === 'single' && (field === 'original' || field === 'thumbnail')) {
      slot = { index: 0, role: field };
    } else if (layout === 'repeated' && (field === 'originals' || field === 'thumbnails')) {
      slot = { index: counters[field]++, role: field === 'originals' ? 'original' : 'thumbnail' };
    } else if (layout === 'indexed') {
      const m = INDEXED.exec(field);
      if (m) {
        slot = { index: Number(m[1]), role: m[2] as 'original' | 'thumbnail' };
      }
    }
    if (!slot) {
      throw badRequest(`Unexpected file field '${field.slice(0, 40)}'`);
    }
    const target = slot.role === 'original' ? originals : thumbnails;
    if (target.has(slot.index)) {
      throw badRequest(`More than one ${slot.role} was sent for the same image`);
    }
    target.set(slot.index, bytes);
  }
  for (const index of thumbnails.keys()) {
    if (!originals.has(index)) {
      throw badRequest('A thumbnail was sent without its original image');
    }
  }
  if (originals.size === 0) {
    throw badRequest('Select at least one photo to upload');
  }
  return [...originals.keys()].sort((a, b) => a - b).map((i) => ({ original: originals.get(i)!, thumbnail: thumbnails.get(i) }));
}

@Injectable()
export class ImageUploads {
  private readonly logger = new Logger('ImageUploads');

  constructor(
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    private readonly signer: ImageUrlSigner,
  ) {}

  /** Reads and checks every file of a multipart upload; nothing is stored yet. */
  async read(req: FastifyRequest, layout: UploadLayout): Promise<UploadPair[]> {
    if (!req.isMultipart()) {
      throw new DomainError(ErrorCode.UnsupportedMediaType, 'Upload the photos as multipart/form-data.');
    }
    const files: { field: string; bytes: Buffer }[] = [];
    try {
      for await (const part of req.parts()) {
        if (part.type !== 'file') {
          continue;
        }
        files.push({ field: part.fieldname, bytes: await part.toBuffer() });
        if (files.length > MAX_FILES_PER_UPLOAD) {
          throw badRequest(`At most ${MAX_FILES_PER_UPLOAD} files can be uploaded at once`);
        }
      }
    } catch (err) {
      throw uploadError(err);
    }
    const pairs = pairUploads(files, layout);
    const checked: UploadPair[] = [];
    for (const pair of pairs) {
      checked.push({ original: await checkImage(pair.original), thumbnail: pair.thumbnail ? await checkImage(pair.thumbnail) : undefined });
    }
    return checked;
  }

  /**
   * Stores the checked images under generated keys and hands their references to `save` (the RPC
   * that records them). If storing or `save` fails, every object written here is deleted again.
   */
  async store<T>(actor: Actor | undefined | null, pairs: UploadPair[], save: (images: StoredImageRef[]) => Promise<T>): Promise<T> {
    const { userId } = requireActor(actor);
    const refs = pairs.map((pair) => reference(userId, pair));
    const written: string[] = [];
    try {
      for (let i = 0; i < pairs.length; i++) {
        const { original, thumbnail } = pairs[i];
        await this.storage.put(refs[i].originalKey, original.bytes, IMAGE_KINDS[original.kind].contentType);
        written.push(refs[i].originalKey);
        if (thumbnail) {
          await this.storage.put(refs[i].thumbnailKey, thumbnail.bytes, IMAGE_KINDS[thumbnail.kind].contentType);
          written.push(refs[i].thumbnailKey);
        }
      }
      return await save(refs);
    } catch (err) {
      await this.storage.deleteMany(written).catch((e: Error) => this.logger.warn(`could not remove ${written.length} refused object(s): ${e.message}`));
      throw err;
    }
  }

  /** Signed, short-lived URLs for an image a service answered with its keys. */
  urls(image: ImageKeysView): ImageUrlsView {
    return {
      id: image.id,
      thumbnailUrl: this.signer.url(image.thumbnailKey),
      originalUrl: this.signer.url(image.originalKey),
      state: image.state,
      error: image.error,
    };
  }
}

function reference(userId: number, pair: UploadPair): StoredImageRef {
  const id = randomUUID();
  const originalExt = IMAGE_KINDS[pair.original.kind].ext;
  const thumbnailExt = IMAGE_KINDS[(pair.thumbnail ?? pair.original).kind].ext;
  return {
    originalKey: `u${userId}/${id}-original.${originalExt}`,
    thumbnailKey: `u${userId}/${id}-thumb.${thumbnailExt}`,
    contentType: IMAGE_KINDS[pair.original.kind].contentType,
    originalSize: pair.original.bytes.length,
    thumbnailSize: pair.thumbnail ? pair.thumbnail.bytes.length : null,
    thumbnailUploaded: !!pair.thumbnail,
  };
}

/** Multipart limits from @fastify/multipart become clear 413s; our own errors pass through. */
function uploadError(err: unknown): unknown {
  if (err instanceof DomainError) {
    return err;
  }
  const code = (err as { code?: string })?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return new DomainError(ErrorCode.PayloadTooLarge, FILE_TOO_LARGE_MESSAGE);
  }
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new DomainError(ErrorCode.PayloadTooLarge, `At most ${MAX_FILES_PER_UPLOAD} files can be uploaded at once`);
  }
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
    return new DomainError(ErrorCode.UnsupportedMediaType, 'Upload the photos as multipart/form-data.');
  }
  return badRequest('The upload could not be read. Please try again.');
}
