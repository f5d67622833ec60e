import { Inflate, strFromU8 } from 'fflate';

// Unpacking a user's ZIP without trusting what it declares: the entries are found through the ZIP's
// central directory (offsets, not its sizes, are taken from it), inflated as a stream (fflate's
// Inflate), the bytes actually produced counted as they come, and the work stops at the cap. A ZIP's
// declared sizes are the uploader's word: a 259 KB ZIP declaring small sizes for 64 entries of 256 MB
// passed a check on them and held the event loop for 35 s.

export interface InflateOptions {
  /** The entries to unpack, by their name in the ZIP; the rest are skipped (never inflated). */
  wanted: (name: string) => boolean;
  /** The wanted entries' bytes together at most, counted as inflated. */
  maxBytes: number;
  /** An entry that inflates to more than this is left out (not an error); no limit when absent. */
  maxEntryBytes?: number;
}

/** The wanted entries inflate to more than `maxBytes` (stopped there). */
export class ZipTooLargeError extends Error {}

/** The ZIP ends inside an entry, or its data cannot be inflated. */
export class ZipDamagedError extends Error {}

/**
 * Compressed bytes fed at once: deflate inflates at most about 1032 times, so a piece produces at
 * most ~1 MB before the count is checked.
 */
const PIECE_BYTES = 1024;
/** The loop may run others after this much output or input (each a few milliseconds of work). */
const STEP_OUTPUT = 1024 * 1024;
const STEP_INPUT = 64 * 1024;

interface Entry {
  name: string;
  method: number;
  data: Uint8Array;
}

/** The entries of the central directory, each with its compressed bytes (located through its local header). */
function entries(zip: Uint8Array): Entry[] {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  let end = zip.length - 22;
  while (end >= Math.max(0, zip.length - 22 - 0xffff) && view.getUint32(end, true) !== 0x06054b50) {
    end -= 1;
  }
  if (end < 0 || zip.length < 22 || view.getUint32(end, true) !== 0x06054b50) {
    throw new ZipDamagedError('no end of central directory');
  }
  const list: Entry[] = [];
  for (let at = view.getUint32(end + 16, true); at + 46 <= end && view.getUint32(at, true) === 0x02014b50;) {
    const nameLength = view.getUint16(at + 28, true);
    const local = view.getUint32(at + 42, true);
    const compressed = view.getUint32(at + 20, true);
    if (local + 30 > zip.length || view.getUint32(local, true) !== 0x04034b50) {
      throw new ZipDamagedError('an entry has no local header');
    }
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    if (start + compressed > zip.length) {
      throw new ZipDamagedError('an entry runs past the end of the ZIP');
    }
    const utf8 = (view.getUint16(at + 8, true) & 0x800) !== 0;
    list.push({
      name: strFromU8(zip.subarray(at + 46, at + 46 + nameLength), !utf8),
      method: view.getUint16(at + 10, true),
      data: zip.subarray(start, start + compressed),
    });
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return list;
}

function* inflateSteps(zip: Uint8Array, options: InflateOptions, out: Map<string, Uint8Array>): Generator<void> {
  let total = 0;
  let sinceOutput = 0;
  let sinceInput = 0;
  for (const entry of entries(zip)) {
    if (!options.wanted(entry.name) || out.has(entry.name)) {
      continue;
    }
    if (entry.method !== 0 && entry.method !== 8) {
      throw new ZipDamagedError(`${entry.name} uses compression method ${entry.method}`);
    }
    const chunks: Uint8Array[] = [];
    const entryMax = options.maxEntryBytes ?? Infinity;
    let size = 0;
    let done = false;
    const take = (data: Uint8Array, final: boolean) => {
      size += data.length;
      if (size > entryMax) {
        return; // left out: the loop stops feeding it
      }
      total += data.length;
      if (total > options.maxBytes) {
        throw new ZipTooLargeError(`the entries inflate to more than ${options.maxBytes} bytes`);
      }
      chunks.push(data);
      done = final;
    };
    const inflate = new Inflate(take);
    const piece = entry.method === 0 ? STEP_INPUT : PIECE_BYTES;
    for (let at = 0; !done && size <= entryMax; at += piece) {
      const last = at + piece >= entry.data.length;
      if (entry.method === 0) {
        take(entry.data.subarray(at, at + piece), last);
      } else {
        try {
          inflate.push(entry.data.subarray(at, at + piece), last);
        } catch (error) {
          throw error instanceof ZipTooLargeError ? error : new ZipDamagedError(`${entry.name}: ${(error as Error).message}`);
        }
        if (last && !done && size <= entryMax) {
          throw new ZipDamagedError(`${entry.name} ends early`);
        }
      }
      if (total - sinceOutput >= STEP_OUTPUT || at + piece - sinceInput >= STEP_INPUT) {
        sinceOutput = total;
        sinceInput = at + piece;
        yield;
      }
    }
    sinceInput = 0;
    if (size <= entryMax) {
      out.set(entry.name, join(chunks));
    } else {
      total -= chunks.reduce((n, c) => n + c.length, 0);
    }
  }
}

function join(chunks: Uint8Array[]): Uint8Array {
  if (chunks.length === 1) {
    return chunks[0];
  }
  const all = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    all.set(chunk, at);
    at += chunk.length;
  }
  return all;
}

/** The wanted entries, inflated in one go (for a caller that may hold the thread: a test, a worker). */
export function inflateZipSync(zip: Uint8Array, options: InflateOptions): Map<string, Uint8Array> {
  const out = new Map<string, Uint8Array>();
  for (const _step of inflateSteps(zip, options, out)) {
    // each step is bounded; nothing to do between them here
  }
  return out;
}

/** The wanted entries, inflated a step at a time with the event loop free between steps (other requests go on). */
export async function inflateZip(zip: Uint8Array, options: InflateOptions): Promise<Map<string, Uint8Array>> {
  const out = new Map<string, Uint8Array>();
  for (const _step of inflateSteps(zip, options, out)) {
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  return out;
}
