import { deflateSync, strToU8 } from 'fflate';
import { crc32 } from 'node:zlib';

// ZIPs for the unpacking tests, built from entries compressed once: seven entries of 64 MB cost one
// compression instead of seven (a full run on CI spent minutes compressing them), and the sizes each
// entry declares are the test's to choose (a ZIP's declared sizes are the uploader's word).

export interface ZipEntry {
  name: string;
  /** The entry's bytes as stored: deflated (method 8) or as they are (method 0). */
  stored: Uint8Array;
  method: 0 | 8;
  /** The real inflated size and its CRC-32. */
  size: number;
  crc: number;
}

/** Compresses `content` once, for as many entries as need it. */
export function deflated(name: string, content: Uint8Array): ZipEntry {
  return { name, stored: deflateSync(content, { level: 1 }), method: 8, size: content.length, crc: crc32(content) };
}

export function stored(name: string, content: Uint8Array): ZipEntry {
  return { name, stored: content, method: 0, size: content.length, crc: crc32(content) };
}

/** The same compressed bytes under another name. */
export const renamed = (entry: ZipEntry, name: string): ZipEntry => ({ ...entry, name });

/** A ZIP of the entries; `declaredSize` (when given) is the size every entry claims, whatever it holds. */
export function zipOf(entries: readonly ZipEntry[], declaredSize?: number): Uint8Array {
  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = strToU8(entry.name);
    const size = declaredSize ?? entry.size;
    const local = header(30, name, (view) => {
      view.setUint32(0, 0x04034b50, true);
      view.setUint16(4, 20, true);
      view.setUint16(8, entry.method, true);
      view.setUint32(14, entry.crc, true);
      view.setUint32(18, entry.stored.length, true);
      view.setUint32(22, size, true);
      view.setUint16(26, name.length, true);
    });
    centrals.push(
      header(46, name, (view) => {
        view.setUint32(0, 0x02014b50, true);
        view.setUint16(4, 20, true);
        view.setUint16(6, 20, true);
        view.setUint16(10, entry.method, true);
        view.setUint32(16, entry.crc, true);
        view.setUint32(20, entry.stored.length, true);
        view.setUint32(24, size, true);
        view.setUint16(28, name.length, true);
        view.setUint32(42, offset, true);
      }),
    );
    locals.push(local, entry.stored);
    offset += local.length + entry.stored.length;
  }
  const directory = centrals.reduce((n, c) => n + c.length, 0);
  const end = header(22, new Uint8Array(0), (view) => {
    view.setUint32(0, 0x06054b50, true);
    view.setUint16(8, entries.length, true);
    view.setUint16(10, entries.length, true);
    view.setUint32(12, directory, true);
    view.setUint32(16, offset, true);
  });
  return concat([...locals, ...centrals, end]);
}

function header(fixed: number, name: Uint8Array, write: (view: DataView) => void): Uint8Array {
  const bytes = new Uint8Array(fixed + name.length);
  write(new DataView(bytes.buffer));
  bytes.set(name, fixed);
  return bytes;
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.length;
  }
  return all;
}
