import { Unzip, UnzipInflate } from 'fflate';

// Unpacking a user's ZIP without trusting what it declares: entries are inflated as a stream (fflate's
// Unzip), the bytes actually produced are counted as they come, and the work stops at the cap. A ZIP's
// declared sizes are the uploader's word: a 259 KB ZIP declaring small sizes for 64 entries of 256 MB
// passed a check on them and held the event loop for 35 s.

export interface InflateOptions {
  /** The entries to unpack, by their name in the ZIP; the rest are skipped (never inflated). */
  wanted: (name: string) => boolean;
  /** The wanted entries' bytes together at most, counted as inflated. */
  maxBytes: number;
}

/** The wanted entries inflate to more than `maxBytes` (stopped there). */
export class ZipTooLargeError extends Error {}

/** The ZIP ends inside an entry, or its data cannot be inflated. */
export class ZipDamagedError extends Error {}

/**
 * Compressed bytes fed per step: deflate inflates at most about 1032 times, so one step produces at
 * most ~8 MB (a few milliseconds of work) before the count is checked and the loop may run others.
 */
const STEP_BYTES = 8 * 1024;

function* inflateSteps(zip: Uint8Array, options: InflateOptions, out: Map<string, Uint8Array>): Generator<void> {
  let total = 0;
  let failure: Error | null = null;
  const pending = new Set<string>();
  const unzip = new Unzip((file) => {
    if (!options.wanted(file.name) || out.has(file.name) || pending.has(file.name)) {
      return;
    }
    const chunks: Uint8Array[] = [];
    pending.add(file.name);
    file.ondata = (err, data, final) => {
      if (failure) {
        return;
      }
      if (err) {
        failure = new ZipDamagedError(err.message);
        return;
      }
      total += data.length;
      if (total > options.maxBytes) {
        failure = new ZipTooLargeError(`the entries inflate to more than ${options.maxBytes} bytes`);
        file.terminate();
        return;
      }
      chunks.push(data);
      if (final) {
        pending.delete(file.name);
        out.set(file.name, join(chunks));
      }
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  for (let at = 0; at < zip.length || at === 0; at += STEP_BYTES) {
    try {
      unzip.push(zip.subarray(at, at + STEP_BYTES), at + STEP_BYTES >= zip.length);
    } catch (error) {
      failure ??= new ZipDamagedError((error as Error).message);
    }
    if (failure) {
      throw failure;
    }
    yield;
  }
  if (pending.size > 0) {
    throw new ZipDamagedError(`the ZIP ends inside ${[...pending].join(', ')}`);
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
