import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  ErrorCode,
  IMAGE_KINDS,
  IMAGE_LIMITS,
  IMAGE_TYPE_MESSAGE,
  sniffImageType,
  type ImageKind,
  type ImageKeysView,
  type ImageUrlsView,
  type StoredImageRef,
  type Actor,
} from '@wrenchlog/contracts';
import { badRequest, DomainError, RpcCallError, type CallContext } from '@wrenchlog/platform';
import { OBJECT_STORAGE, ownedObjectId, type ObjectStorage } from '@wrenchlog/storage';
import type { FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { Metadata } from 'sharp';
import { ImageUrlSigner } from './url-signer.js';

/*
 * Image uploads and image URLs for any gateway controller (machine photos, service-record images).
 *
 *   const pairs = await this.uploads.read(req, 'repeated');        // or 'single', 'indexed'
 *   const reply = await this.uploads.store(caller, call, pairs, (images) => this.rpc.send(PATTERN, { id, images }, call));
 *   return reply.map((photo) => this.uploads.urls(photo));           // {id, thumbnailUrl, originalUrl, state, error}
 *
 * read() takes the multipart body apart and checks every file before anything is stored: type by
 * content (JPEG, PNG, WebP; 415), size (413 beyond 2 MiB), pixel count from the header (413 beyond
 * 50 megapixels). Field layouts: 'single' = `original` + `thumbnail`; 'repeated' = `originals` +
 * `thumbnails` paired by position; 'indexed' = `images[i][original]` + `images[i][thumbnail]`.
 * The thumbnail is optional: the image worker makes a missing one. Each pair carries the name the
 * user's original file had (service-record images show it).
 * store() writes the objects under keys derived from the request's idempotency key, calls `save`
 * with their references, and deletes every object it wrote when the upload is refused (a refused
 * upload keeps nothing). Services answer object keys; urls() turns them into signed URLs.
 *
 * Retries: RPC replies are at most once, so a 503 after a timeout does not tell whether the service
 * recorded the images. The objects are then kept, and a retry with the same Idempotency-Key and the
 * same files derives the same keys, which the services record once (they are idempotent per object
 * key). An upload abandoned after such a 503 can leave its objects unreferenced in storage.
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
  /** The original's file name as the browser sent it ('' when none); never used for a key. */
  fileName: string;
}

/** One file part of a multipart upload. */
export interface UploadedFile {
  field: string;
  bytes: Buffer;
  fileName?: string;
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
export function pairUploads(files: UploadedFile[], layout: UploadLayout): { original: Buffer; thumbnail?: Buffer; fileName: string }[] {
  const originals = new Map<number, Buffer>();
  const names = new Map<number, string>();
  const thumbnails = new Map<number, Buffer>();
  const counters = { originals: 0, thumbnails: 0 };
  for (const { field, bytes, fileName } of files) {
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
    if (slot.role === 'original') {
      names.set(slot.index, fileName ?? '');
    }
  }
  for (const index of thumbnails.keys()) {
    if (!originals.has(index)) {
      throw badRequest('A thumbnail was sent without its original image');
    }
  }
  if (originals.size === 0) {
    throw badRequest('Select at least one photo to upload');
  }
  return [...originals.keys()].sort((a, b) => a - b).map((i) => ({ original: originals.get(i)!, thumbnail: thumbnails.get(i), fileName: names.get(i)! }));
}

@Injectable()
export class ImageUploads {
  private readonly logger = new Logger('ImageUploads');

  constructor(
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    private readonly signer: ImageUrlSigner,
  ) {}

  /** Reads and checks every file of a multipart upload, in the layout's order, with each original's file name; nothing is stored yet. */
  async read(req: FastifyRequest, layout: UploadLayout): Promise<UploadPair[]> {
    if (!req.isMultipart()) {
      throw new DomainError(ErrorCode.UnsupportedMediaType, 'Upload the photos as multipart/form-data.');
    }
    const files: UploadedFile[] = [];
    try {
      for await (const part of req.parts()) {
        if (part.type !== 'file') {
          continue;
        }
        files.push({ field: part.fieldname, bytes: await part.toBuffer(), fileName: part.filename });
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
      checked.push({
        original: await checkImage(pair.original),
        thumbnail: pair.thumbnail ? await checkImage(pair.thumbnail) : undefined,
        fileName: pair.fileName,
      });
    }
    return checked;
  }

  /**
   * Stores the checked images under generated keys and hands their references to `save` (the RPC
   * that records them). If storing or `save` fails, every object written here is deleted again.
   */
  async store<T>(caller: Actor, call: CallContext, pairs: UploadPair[], save: (images: StoredImageRef[]) => Promise<T>): Promise<T> {
    // Images belong to the account: they go to its folder.
    const { accountId } = caller;
    const requestKey = call.idempotencyKey ?? randomUUID();
    const refs = pairs.map((pair, index) => reference(accountId, pair, objectId(accountId, requestKey, index, pair.original.bytes)));
    const written: string[] = [];
    let saving = false;
    try {
      for (let i = 0; i < pairs.length; i++) {
        const { original, thumbnail } = pairs[i];
        await this.putOnce(refs[i].originalKey, original, written);
        if (thumbnail) {
          await this.putOnce(refs[i].thumbnailKey, thumbnail, written);
        }
      }
      saving = true;
      return await save(refs);
    } catch (err) {
      if (saving && outcomeUnknown(err)) {
        this.logger.warn(`kept ${written.length} object(s) of an upload whose outcome is unknown (${(err as Error).message})`);
        throw err;
      }
      await this.storage.deleteMany(written).catch((e: Error) => this.logger.warn(`could not remove ${written.length} refused object(s): ${e.message}`));
      throw err;
    }
  }

  /**
   * Writes an object unless a retry of the same request already did: the image worker may have
   * normalised it since, and a refused retry must not delete what a recorded image points at.
   */
  private async putOnce(key: string, image: CheckedImage, written: string[]): Promise<void> {
    if (await this.storage.exists(key)) {
      return;
    }
    await this.storage.put(key, image.bytes, IMAGE_KINDS[image.kind].contentType);
    written.push(key);
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

/**
 * The object name of the index-th image of a request: the same request retried (same user,
 * Idempotency-Key, position and bytes) names the same objects; anything else names new ones.
 */
export function objectId(accountId: number, requestKey: string, index: number, original: Buffer): string {
  return ownedObjectId(accountId, requestKey, index, original);
}

/** A service that did not answer (timeout, lost connection) may have recorded the images or not. */
function outcomeUnknown(err: unknown): boolean {
  return err instanceof RpcCallError && err.code === ErrorCode.Unavailable;
}

function reference(accountId: number, pair: UploadPair, id: string): StoredImageRef {
  const originalExt = IMAGE_KINDS[pair.original.kind].ext;
  const thumbnailExt = IMAGE_KINDS[(pair.thumbnail ?? pair.original).kind].ext;
  return {
    originalKey: `u${accountId}/${id}-original.${originalExt}`,
    thumbnailKey: `u${accountId}/${id}-thumb.${thumbnailExt}`,
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
