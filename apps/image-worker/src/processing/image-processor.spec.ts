import 'reflect-metadata';
import { makeImage, makeJpeg, makePngBomb } from '@wrenchlog/testing';
import sharp from 'sharp';
import { ImageRejectedError, processImage } from './image-processor.js';

describe(processImage.name, () => {
  it('makes a 200 px thumbnail of a real JPEG and leaves a small clean original alone', async () => {
    const original = await makeJpeg(800, 600);

    const result = await processImage(original, { makeThumbnail: true });

    expect(result.original).toBeUndefined();
    const thumb = await sharp(result.thumbnail!).metadata();
    expect(thumb).toMatchObject({ format: 'jpeg', width: 200, height: 150 });
  });

  it('normalises an original larger than 1920 px, keeping its format', async () => {
    const original = await makeImage(2400, 1200, 'png');

    const result = await processImage(original, { makeThumbnail: false });

    expect(await sharp(result.original!).metadata()).toMatchObject({ format: 'png', width: 1920, height: 960 });
    expect(result.thumbnail).toBeUndefined();
  });

  it('strips location metadata and applies the EXIF orientation to the pixels', async () => {
    // Orientation 6: the camera was turned; the stored pixels are 400x300, shown as 300x400.
    const original = await makeImage(400, 300, 'jpeg', { exifOrientation: 6, gps: true });
    const before = await sharp(original).metadata();
    expect(before.exif).toBeDefined();

    const result = await processImage(original, { makeThumbnail: true });

    const after = await sharp(result.original!).metadata();
    expect(after.exif).toBeUndefined();
    expect(after).toMatchObject({ width: 300, height: 400 });
    expect(await sharp(result.thumbnail!).metadata()).toMatchObject({ width: 150, height: 200 });
  });

  it('refuses a 14000x14000 PNG bomb from its header (pixel count), without decoding it', async () => {
    const bomb = await makePngBomb(14000, 14000);
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);

    await expect(processImage(bomb, { makeThumbnail: true })).rejects.toThrow(ImageRejectedError);
    await expect(processImage(bomb, { makeThumbnail: true })).rejects.toThrow(/too large/);
  });

  it('refuses bytes that are not an image', async () => {
    await expect(processImage(Buffer.from('<html><script>alert(1)</script></html>'), { makeThumbnail: true })).rejects.toThrow(
      'Invalid file type. Only JPEG, PNG and WebP are allowed.',
    );
  });

  it('refuses a truncated JPEG rather than storing half a picture', async () => {
    const jpeg = await makeJpeg(800, 600);

    await expect(processImage(jpeg.subarray(0, Math.floor(jpeg.length / 2)), { makeThumbnail: true })).rejects.toThrow(ImageRejectedError);
  });
});
