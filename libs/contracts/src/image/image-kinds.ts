/**
 * The image types the product takes, known by their first bytes (never by file name or declared
 * type): the gateway's uploads and a restore's photos (libs/importers) tell them the same way.
 */
export type ImageKind = 'jpeg' | 'png' | 'webp';

export const IMAGE_KINDS: Record<ImageKind, { contentType: string; ext: 'jpg' | 'png' | 'webp' }> = {
  jpeg: { contentType: 'image/jpeg', ext: 'jpg' },
  png: { contentType: 'image/png', ext: 'png' },
  webp: { contentType: 'image/webp', ext: 'webp' },
};

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** JPEG (FF D8 FF), PNG (its 8-byte signature) or WebP (RIFF....WEBP); anything else is undefined. */
export function sniffImageType(bytes: Uint8Array): ImageKind | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return 'jpeg';
  }
  if (bytes.length >= 8 && PNG.every((b, i) => bytes[i] === b)) {
    return 'png';
  }
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') {
    return 'webp';
  }
  return undefined;
}

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
