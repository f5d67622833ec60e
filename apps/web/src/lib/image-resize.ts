// Photos are made small in the browser before upload (spec doc 1 sections 5 and 9).
import { IMAGE_LIMITS, IMAGE_TYPE_MESSAGE } from '@wrenchlog/contracts/limits';

export const MAX_IMAGE_BYTES = 1887436.8; // 1.8 MB
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

/** Size that fits within `max` on the longest side, keeping the aspect ratio; never enlarges. */
export function fitWithin(width: number, height: number, max: number): { width: number; height: number } {
  const longest = Math.max(width, height);
  if (longest <= max) {
    return { width, height };
  }
  const scale = max / longest;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Qualities tried in order: 0.85, 0.80, … 0.50. */
export const QUALITY_STEPS: number[] = Array.from({ length: 8 }, (_, i) => (17 - i) / 20);

/** Encodes at falling quality until the result fits `maxBytes`, or answers the 0.5 attempt. */
export async function encodeWithinLimit(encode: (quality: number) => Promise<Blob>, maxBytes = MAX_IMAGE_BYTES): Promise<Blob> {
  let blob: Blob | null = null;
  for (const quality of QUALITY_STEPS) {
    blob = await encode(quality);
    if (blob.size <= maxBytes) {
      return blob;
    }
  }
  return blob!;
}

export class ImagePrepareError extends Error {}

async function decode(file: Blob): Promise<CanvasImageSource & { width: number; height: number }> {
  if (typeof createImageBitmap === 'function') {
    try {
      return await createImageBitmap(file, { imageOrientation: 'from-image' });
    } catch {
      // fall back to an <img> below
    }
  }
  const url = URL.createObjectURL(file);
  try {
    const img = new Image();
    img.decoding = 'async';
    img.src = url;
    await img.decode();
    return Object.assign(img, { width: img.naturalWidth, height: img.naturalHeight });
  } finally {
    URL.revokeObjectURL(url);
  }
}

function render(source: CanvasImageSource & { width: number; height: number }, max: number): HTMLCanvasElement {
  const size = fitWithin(source.width, source.height, max);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) {
    throw new ImagePrepareError('This browser cannot process images');
  }
  // JPEG has no transparency: paint PNG/WebP alpha on white, not black.
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, size.width, size.height);
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(source, 0, 0, size.width, size.height);
  return canvas;
}

function toJpeg(canvas: HTMLCanvasElement, quality: number): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new ImagePrepareError('Could not encode the image'))), 'image/jpeg', quality),
  );
}

/** The original (≤ 1920 px, ≤ 1.8 MB when quality allows) and a 200 px thumbnail, both JPEG. */
export async function prepareImage(file: File): Promise<{ original: Blob; thumbnail: Blob }> {
  if (!ACCEPTED_IMAGE_TYPES.includes(file.type)) {
    throw new ImagePrepareError(IMAGE_TYPE_MESSAGE);
  }
  const source = await decode(file);
  try {
    // Each size is drawn once; only the encoding repeats at falling quality.
    const large = render(source, IMAGE_LIMITS.maxDimension);
    const original = await encodeWithinLimit((q) => toJpeg(large, q));
    const small = render(source, IMAGE_LIMITS.thumbnailSize);
    const thumbnail = await encodeWithinLimit((q) => toJpeg(small, q));
    return { original, thumbnail };
  } finally {
    if ('close' in source && typeof source.close === 'function') {
      source.close();
    }
  }
}

export interface PreparedFile {
  file: File;
  original: Blob;
  thumbnail: Blob;
}

/**
 * Prepares several files one after another (memory stays at one decoded image). A file that fails
 * does not stop the others: it is answered in `failed` with the reason.
 */
export async function prepareImages(
  files: File[],
  onProgress?: (done: number, total: number) => void,
  prepare = prepareImage,
): Promise<{ prepared: PreparedFile[]; failed: { file: File; reason: string }[] }> {
  const prepared: PreparedFile[] = [];
  const failed: { file: File; reason: string }[] = [];
  for (const [i, file] of files.entries()) {
    try {
      prepared.push({ file, ...(await prepare(file)) });
    } catch (err) {
      failed.push({ file, reason: err instanceof Error && err.message ? err.message : 'the image could not be read' });
    }
    onProgress?.(i + 1, files.length);
  }
  return { prepared, failed };
}
