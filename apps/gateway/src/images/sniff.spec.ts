import { makeImage } from '@wrenchlog/testing';
import { sniffImageType } from '@wrenchlog/contracts';

describe(sniffImageType.name, () => {
  it.each(['jpeg', 'png', 'webp'] as const)('knows a real %s by its first bytes', async (format) => {
    expect(sniffImageType(await makeImage(32, 24, format))).toBe(format);
  });

  it('refuses HTML, GIF, SVG and empty files whatever they are called', () => {
    expect(sniffImageType(Buffer.from('<!doctype html><script>alert(1)</script>'))).toBeUndefined();
    expect(sniffImageType(Buffer.from('GIF89a\x01\x00\x01\x00'))).toBeUndefined();
    expect(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBeUndefined();
    expect(sniffImageType(Buffer.alloc(0))).toBeUndefined();
  });

  it('refuses a RIFF file that is not WebP (e.g. WAV) and a truncated signature', () => {
    expect(sniffImageType(Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt '))).toBeUndefined();
    expect(sniffImageType(Buffer.from([0x89, 0x50, 0x4e, 0x47]))).toBeUndefined();
    expect(sniffImageType(Buffer.from([0xff, 0xd8]))).toBeUndefined();
  });
});
