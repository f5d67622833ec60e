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
 * Reads the header, then decodes the upload once: into the normalised original (when it is larger
 * than 1920 px or carries metadata such as GPS position), from which the 200 px thumbnail is made,
 * or, when the original is fine as it is, straight into the thumbnail. EXIF orientation is applied
 * to the pixels, then all metadata is dropped, so location goes and the picture keeps its orientation.
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
  const size = IMAGE_LIMITS.thumbnailSize;
  const result: ProcessedImage = { format, width, height };
  if (normaliseOriginal) {
    try {
      const { data, info } = await encodeWithInfo(
        sharp(input, inputOptions)
          .autoOrient()
          .resize({ width: IMAGE_LIMITS.maxDimension, height: IMAGE_LIMITS.maxDimension, fit: 'inside', withoutEnlargement: true })
          .timeout({ seconds: 60 }),
        format,
      );
      Object.assign(result, { original: data, width: info.width, height: info.height });
    } catch (err) {
      throw new ImageRejectedError(describe(err));
    }
  }
  if (options.makeThumbnail) {
    // From the normalised original when there is one (already oriented, at most 1920 px; a JPEG or
    // WebP of it decodes straight at 1/8 scale), else from the upload, shrunk while decoding. Either
    // way no full-size raw copy of the picture passes through JavaScript (an 8 MB buffer per photo
    // that the garbage collector then had to reclaim on the worker's main thread).
    const source = result.original ? sharp(result.original, inputOptions) : sharp(input, inputOptions).autoOrient();
    try {
      result.thumbnail = await encode(source.resize({ width: size, height: size, fit: 'inside', withoutEnlargement: true }).timeout({ seconds: 60 }), format);
    } catch (err) {
      throw new ImageRejectedError(describe(err));
    }
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
  return withFormat(image, format).toBuffer();
}

function encodeWithInfo(image: Sharp, format: ImageFormat): Promise<{ data: Buffer; info: OutputInfo }> {
  return withFormat(image, format).toBuffer({ resolveWithObject: true });
}

function withFormat(image: Sharp, format: ImageFormat): Sharp {
  switch (format) {
    case 'png':
      return image.png({ compressionLevel: 9 });
    case 'webp':
      return image.webp({ quality: 85 });
    case 'jpeg':
      // libjpeg-turbo with optimised Huffman tables (sharp's default). mozjpeg (trellis quantisation,
      // progressive scan search) made the 1920 px original about 5 % smaller for 10x the encoding
      // time (measured on the 4000x3000 benchmark photo: 376 ms against 35 ms), which made the
      // encode, not the decode, the worker's main cost.
      return image.jpeg({ quality: 85 });
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
