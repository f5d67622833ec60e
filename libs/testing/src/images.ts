import type { StoredImageRef } from '@wrenchlog/contracts';
import sharp from 'sharp';
import { randomUUID } from 'node:crypto';
import { createDeflate } from 'node:zlib';

// Test images made with sharp at run time (no binary fixtures): real JPEG, PNG and WebP files of a
// chosen size, and a PNG decompression bomb.

export type TestImageFormat = 'jpeg' | 'png' | 'webp';

/** A real image of the given size and format: a colour gradient-like pattern so it does not compress to nothing. */
export async function makeImage(
  width: number,
  height: number,
  format: TestImageFormat = 'jpeg',
  options: { exifOrientation?: number; gps?: boolean } = {},
): Promise<Buffer> {
  // A small pattern scaled up: fast to make, and it compresses like a photo rather than like noise.
  const channels = 3;
  const w = Math.max(1, Math.ceil(width / 8));
  const h = Math.max(1, Math.ceil(height / 8));
  const pixels = Buffer.alloc(w * h * channels);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * channels;
      pixels[i] = (x * 255) / Math.max(1, w - 1);
      pixels[i + 1] = (y * 255) / Math.max(1, h - 1);
      pixels[i + 2] = (x * y * 7) % 256;
    }
  }
  const scaled = await sharp(pixels, { raw: { width: w, height: h, channels } })
    .resize(width, height, { fit: 'fill', kernel: 'cubic' })
    .raw()
    .toBuffer();
  let image = sharp(scaled, { raw: { width, height, channels } });
  if (options.exifOrientation || options.gps) {
    image = image.withExif({
      IFD0: { Make: 'Wrenchlog test camera' },
      ...(options.gps ? { IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' } } : {}),
    });
    if (options.exifOrientation) {
      image = image.withMetadata({ orientation: options.exifOrientation });
    }
  }
  switch (format) {
    case 'png':
      return image.png().toBuffer();
    case 'webp':
      return image.webp({ quality: 80 }).toBuffer();
    case 'jpeg':
      return image.jpeg({ quality: 85 }).toBuffer();
  }
}

export const makeJpeg = (width = 640, height = 480) => makeImage(width, height, 'jpeg');
export const makePng = (width = 640, height = 480) => makeImage(width, height, 'png');
export const makeWebp = (width = 640, height = 480) => makeImage(width, height, 'webp');

/**
 * A valid grayscale PNG of width x height that is small on disk (all-zero rows deflate about
 * 1000:1) but huge once decoded: 14000 x 14000 is 196 megapixels from about 200 KB.
 */
export async function makePngBomb(width = 14000, height = 14000): Promise<Buffer> {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'ascii');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // grayscale
  const idat = await new Promise<Buffer>((resolve, reject) => {
    const deflate = createDeflate({ level: 9 });
    const out: Buffer[] = [];
    deflate.on('data', (d: Buffer) => out.push(d));
    deflate.on('end', () => resolve(Buffer.concat(out)));
    deflate.on('error', reject);
    const row = Buffer.alloc(width + 1); // filter byte 0, then zero pixels
    let y = 0;
    const write = () => {
      while (y < height) {
        y++;
        if (!deflate.write(row)) {
          deflate.once('drain', write);
          return;
        }
      }
      deflate.end();
    };
    write();
  });
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', ihdr), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]);
}

let table: Uint32Array | undefined;
function crc32(buf: Buffer): number {
  table ??= Uint32Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) {
      c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    }
    return c >>> 0;
  });
  let crc = 0xffffffff;
  for (const byte of buf) {
    crc = table[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** What the gateway hands a service for a JPEG that `userId` uploaded: fresh keys in the user's folder, the thumbnail not made yet. */
export function anUploadedJpeg(userId: number): StoredImageRef {
  const id = randomUUID();
  return {
    originalKey: `u${userId}/${id}-original.jpg`,
    thumbnailKey: `u${userId}/${id}-thumb.jpg`,
    contentType: 'image/jpeg',
    originalSize: 1000,
    thumbnailSize: null,
    thumbnailUploaded: false,
  };
}
