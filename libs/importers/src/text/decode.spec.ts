import { describe, expect, it } from '@jest/globals';
import { ImportFileError } from '../errors.js';
import { fixture } from '../fixtures.js';
import { IMPORT_LIMITS } from '../limits.js';
import { decodeFile } from './decode.js';

describe('decodeFile', () => {
  it('reads UTF-8 and drops its byte-order mark', () => {
    const decoded = decodeFile(fixture('lubelogger-fuel-de.csv'));
    expect(decoded).toMatchObject({ encoding: 'utf-8', hasBom: true, notes: [] });
    expect(decoded.text.startsWith('Date;')).toBe(true);
  });

  it('reads UTF-16 by its mark', () => {
    const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Date,Notes\n1/2/2024,café\n', 'utf16le')]);
    expect(decodeFile(bytes)).toMatchObject({ encoding: 'utf-16le', hasBom: true, text: 'Date,Notes\n1/2/2024,café\n' });
  });

  it('reads a non-UTF-8 file as Windows-1252 and says so', () => {
    const decoded = decodeFile(fixture('latin1.csv'));
    expect(decoded.encoding).toBe('windows-1252');
    expect(decoded.text).toContain('café crème');
    expect(decoded.notes[0]).toMatch(/^The file is not UTF-8/);
  });

  it('refuses a JPEG renamed to .csv, naming what it is', () => {
    expect(() => decodeFile(fixture('photo.jpg.csv'))).toThrow(
      new ImportFileError('NOT_CSV', 'This file is a JPEG image, not a CSV file. Export or save it as CSV (UTF-8) and upload that.'),
    );
  });

  it('refuses binary data, an empty file and one over 20 MB', () => {
    expect(() => decodeFile(Buffer.from([0x41, 0x00, 0x42, 0x0a]))).toThrow('This file is not text (it holds binary data), so it is not a CSV file.');
    expect(() => decodeFile(Buffer.alloc(0))).toThrow('The file is empty.');
    expect(() => decodeFile(Buffer.from(' \r\n\n'))).toThrow('The file is empty.');
    expect(() => decodeFile(Buffer.alloc(IMPORT_LIMITS.maxBytes + 1, 0x41))).toThrow('The file is 20 MB; an import takes at most 20 MB.');
  });

  it('refuses a forced encoding the bytes are not in', () => {
    expect(() => decodeFile(fixture('latin1.csv'), 'utf-8')).toThrow('The file cannot be read as UTF-8. Save it as CSV UTF-8 and upload it again.');
  });
});
