import { IMAGE_LIMITS } from '@wrenchlog/contracts';
import sharp from 'sharp';
import type { Metadata, OutputInfo, Sharp, SharpOptions } from 'sharp';

// sharp on glibc: libvips' thread pool and glibc's per-thread malloc arenas fragment memory under
// load. sharp's docs advise one libvips thread when jemalloc is not in use (sharp sets this itself)
// and MALLOC_ARENA_MAX=2 in the process environment (set by the container/start script: it has to
// be in place before the process starts). The cache keeps decoded images; a worker does not reuse them.
sharp.cache(false);
sharp.concurrency(1);

export type ImageFormat = 'jpeg' | 'png' | 'webp';
export const CONTENT_TYPES: Record<ImageFormat, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/** The image cannot be processed (not an image, too many pixels, corrupt): the ledger marks it failed with this reason. */
export class ImageRejectedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImageRejectedError';
  }
}

export interface ProcessOptions {
  /** Make the thumbnail (none was uploaded). */
  makeThumbnail: boolean;
}

export interface ProcessedImage {
  format: ImageFormat;
  /** The normalised original (at most 1920 px, oriented, metadata stripped), or undefined when the upload is already fine. */
  original?: Buffer;
  thumbnail?: Buffer;
  width: number;
  height: number;
}

const inputOptions: SharpOptions = {
  // Refused from the header, before any pixel is decoded: a 14000x14000 PNG bomb never decodes.
  limitInputPixels: IMAGE_LIMITS.maxPixels,
  // Truncated or corrupt data is an error, not a half-grey picture.
  failOn: 'error',
  sequentialRead: true,
};

/**
 * Decodes the image once and derives every size from that decode: the normalised original (when
 * it is larger than 1920 px or carries metadata such as GPS position) and the 200 px thumbnail.
 * EXIF orientation is applied to the pixels, then all metadata is dropped, so location goes and
 * the picture keeps its orientation.
 */
export async function processImage(input: Buffer, options: ProcessOptions): Promise<ProcessedImage> {
  let meta: Metadata;
  try {
    meta = await sharp(input, inputOptions).metadata();
  } catch (err) {
    throw new ImageRejectedError(describe(err));
  }
  const format = meta.format === 'jpeg' || meta.format === 'png' || meta.format === 'webp' ? meta.format : undefined;
  if (!format) {
    throw new ImageRejectedError('Invalid file type. Only JPEG, PNG and WebP are allowed.');
  }
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (width * height > IMAGE_LIMITS.maxPixels) {
    throw new ImageRejectedError(`The image is too large: ${width}x${height} pixels (at most ${IMAGE_LIMITS.maxPixels / 1_000_000} megapixels).`);
  }
  const oriented = (meta.orientation ?? 1) !== 1;
  const hasMetadata = Boolean(meta.exif || meta.xmp || meta.iptc) || oriented;
  const tooLarge = Math.max(width, height) > IMAGE_LIMITS.maxDimension;
  const normaliseOriginal = tooLarge || hasMetadata;
  if (!normaliseOriginal && !options.makeThumbnail) {
    return { format, width, height };
  }
  let decoded: { data: Buffer; info: OutputInfo };
  try {
    decoded = await sharp(input, inputOptions)
      .autoOrient()
      .resize({ width: IMAGE_LIMITS.maxDimension, height: IMAGE_LIMITS.maxDimension, fit: 'inside', withoutEnlargement: true })
      .raw()
      .timeout({ seconds: 60 })
      .toBuffer({ resolveWithObject: true });
  } catch (err) {
    throw new ImageRejectedError(describe(err));
  }
  const { data, info } = decoded;
  const fromDecode = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  const result: ProcessedImage = { format, width: info.width, height: info.height };
  if (normaliseOriginal) {
    result.original = await encode(fromDecode(), format);
  }
  if (options.makeThumbnail) {
    const size = IMAGE_LIMITS.thumbnailSize;
    result.thumbnail = await encode(fromDecode().resize({ width: size, height: size, fit: 'inside', withoutEnlargement: true }), format);
  }
  return result;
}

/** Strips metadata from an uploaded thumbnail when it carries any (it is small: a separate decode is cheap). */
export async function cleanUploadedThumbnail(input: Buffer): Promise<Buffer | undefined> {
  let meta: Metadata;
  try {
    meta = await sharp(input, inputOptions).metadata();
  } catch (err) {
    throw new ImageRejectedError(`Thumbnail: ${describe(err)}`);
  }
  const format = meta.format === 'jpeg' || meta.format === 'png' || meta.format === 'webp' ? meta.format : undefined;
  if (!format) {
    throw new ImageRejectedError('Thumbnail: Invalid file type. Only JPEG, PNG and WebP are allowed.');
  }
  const tooLarge = Math.max(meta.width ?? 0, meta.height ?? 0) > IMAGE_LIMITS.maxDimension;
  if (!meta.exif && !meta.xmp && !meta.iptc && (meta.orientation ?? 1) === 1 && !tooLarge) {
    return undefined;
  }
  try {
    const size = IMAGE_LIMITS.thumbnailSize;
    return await encode(sharp(input, inputOptions).autoOrient().resize({ width: size, height: size, fit: 'inside', withoutEnlargement: true }), format);
  } catch (err) {
    throw new ImageRejectedError(`Thumbnail: ${describe(err)}`);
  }
}

function encode(image: Sharp, format: ImageFormat): Promise<Buffer> {
  switch (format) {
    case 'png':
      return image.png({ compressionLevel: 9 }).toBuffer();
    case 'webp':
      return image.webp({ quality: 85 }).toBuffer();
    case 'jpeg':
      return image.jpeg({ quality: 85, mozjpeg: true }).toBuffer();
  }
}

function describe(err: unknown): string {
  const message = (err as Error)?.message ?? String(err);
  if (/pixel limit/i.test(message)) {
    return `The image is too large (more than ${IMAGE_LIMITS.maxPixels / 1_000_000} megapixels).`;
  }
  if (/unsupported image format/i.test(message)) {
    return 'Invalid file type. Only JPEG, PNG and WebP are allowed.';
  }
  return `The image could not be read: ${message.split('\n')[0]}`;
}
