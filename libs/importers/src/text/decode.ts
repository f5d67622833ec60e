import { ImportFileError } from '../errors.js';
import { IMPORT_LIMITS, LIMIT_MESSAGES } from '../limits.js';

import type { ImportEncoding } from '@wrenchlog/contracts/limits';

/** The encodings a file is read in (the contracts' IMPORT_ENCODINGS). */
export { IMPORT_ENCODINGS, type ImportEncoding } from '@wrenchlog/contracts/limits';

export interface DecodedText {
  text: string;
  encoding: ImportEncoding;
  hasBom: boolean;
  /** Said to the user when the file was not UTF-8 (read another way, to be checked in the preview). */
  notes: string[];
}

// Files people upload by mistake, recognised by their first bytes (never by their name).
const SIGNATURES: { name: string; bytes: number[] }[] = [
  { name: 'a JPEG image', bytes: [0xff, 0xd8, 0xff] },
  { name: 'a PNG image', bytes: [0x89, 0x50, 0x4e, 0x47] },
  { name: 'a GIF image', bytes: [0x47, 0x49, 0x46, 0x38] },
  { name: 'a PDF document', bytes: [0x25, 0x50, 0x44, 0x46] },
  { name: 'a ZIP archive or an Excel workbook (.xlsx)', bytes: [0x50, 0x4b, 0x03, 0x04] },
  { name: 'an old Excel workbook (.xls)', bytes: [0xd0, 0xcf, 0x11, 0xe0] },
  { name: 'a gzip archive', bytes: [0x1f, 0x8b] },
];

const startsWith = (bytes: Uint8Array, prefix: number[]) => prefix.every((b, i) => bytes[i] === b);

/**
 * Reads the bytes of an upload as text, or refuses them with a message a user can act on.
 * `encoding` forces one (the user changed the detected one).
 */
export function decodeFile(bytes: Uint8Array, encoding?: ImportEncoding): DecodedText {
  if (bytes.length > IMPORT_LIMITS.maxBytes) {
    throw new ImportFileError('TOO_LARGE', LIMIT_MESSAGES.tooLarge(bytes.length));
  }
  if (bytes.length === 0) {
    throw new ImportFileError('EMPTY', 'The file is empty.');
  }
  const known = SIGNATURES.find((s) => startsWith(bytes, s.bytes));
  if (known) {
    throw new ImportFileError('NOT_CSV', `This file is ${known.name}, not a CSV file. Export or save it as CSV (UTF-8) and upload that.`);
  }
  const utf16 = startsWith(bytes, [0xff, 0xfe]) ? 'utf-16le' : startsWith(bytes, [0xfe, 0xff]) ? 'utf-16be' : undefined;
  const utf8Bom = startsWith(bytes, [0xef, 0xbb, 0xbf]);
  const chosen: ImportEncoding = encoding ?? utf16 ?? 'utf-8';
  if (chosen !== 'utf-16le' && chosen !== 'utf-16be' && looksBinary(bytes)) {
    throw new ImportFileError('NOT_CSV', 'This file is not text (it holds binary data), so it is not a CSV file.');
  }
  const hasBom = chosen === 'utf-8' ? utf8Bom : chosen === utf16;
  const notes: string[] = [];
  let text: string;
  if (chosen === 'utf-8' && encoding === undefined) {
    try {
      text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
    } catch {
      // Not UTF-8: most often Excel's "CSV" on Western Windows. Read it so, and say so.
      return {
        text: new TextDecoder('windows-1252').decode(bytes),
        encoding: 'windows-1252',
        hasBom: false,
        notes: ['The file is not UTF-8; it was read as Windows-1252 (Western European). Check accented letters in the preview, or save the file as CSV UTF-8.'],
      };
    }
  } else {
    try {
      text = new TextDecoder(chosen, { fatal: true, ignoreBOM: false }).decode(bytes);
    } catch {
      throw new ImportFileError('BAD_ENCODING', `The file cannot be read as ${chosen.toUpperCase()}. Save it as CSV UTF-8 and upload it again.`);
    }
  }
  if (text.trim() === '') {
    throw new ImportFileError('EMPTY', 'The file is empty.');
  }
  return { text, encoding: chosen, hasBom, notes };
}

/** NUL bytes or many control characters in the first 8 KB: a text file has neither. */
function looksBinary(bytes: Uint8Array): boolean {
  const sample = bytes.subarray(0, 8192);
  let control = 0;
  for (const b of sample) {
    if (b === 0) {
      return true;
    }
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c) {
      control += 1;
    }
  }
  return control > sample.length / 100;
}
