import { Zip, ZipDeflate, ZipPassThrough, strToU8, type ZipInputFile } from 'fflate';
import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import type { ObjectStorage } from '@wrenchlog/storage';

/**
 * A ZIP written straight into object storage as it is made (fflate's streaming Zip): CSV pages are
 * deflated as they come, photos stored as they are (already compressed), so an export never holds
 * the whole archive, nor a whole photo, in memory. One file at a time, in order.
 */
export class ExportArchive {
  private readonly zip: Zip;
  private readonly out = new PassThrough();
  private readonly stored: Promise<void>;
  private failure: Error | undefined;
  private size = 0;

  constructor(storage: ObjectStorage, key: string) {
    this.zip = new Zip((err, chunk, final) => {
      if (err) {
        this.failure = err;
        this.out.destroy(err);
        return;
      }
      this.size += chunk.length;
      this.out.write(chunk);
      if (final) {
        this.out.end();
      }
    });
    this.stored = storage.put(key, this.out, 'application/zip');
    // Seen by finish(); until then a storage failure stops the next write.
    this.stored.catch((err: Error) => (this.failure ??= err));
  }

  /** A deflated text file written in pieces (a CSV page by page). */
  text(name: string): { write: (text: string) => Promise<void>; end: () => Promise<void> } {
    const file = new ZipDeflate(name, { level: 6 });
    this.add(file);
    return {
      write: (text) => this.push(file, strToU8(text), false),
      end: () => this.push(file, new Uint8Array(0), true),
    };
  }

  /** A stored (not recompressed) copy of a stream: a photo's original. */
  async copy(name: string, stream: Readable): Promise<void> {
    const file = new ZipPassThrough(name);
    this.add(file);
    for await (const chunk of stream) {
      await this.push(file, chunk as Uint8Array, false);
    }
    await this.push(file, new Uint8Array(0), true);
  }

  /** Ends the ZIP and waits for storage to have all of it; its size in bytes. */
  async finish(): Promise<number> {
    this.check();
    this.zip.end();
    await this.stored;
    this.check();
    return this.size;
  }

  /** Stops writing after a failure; what storage received is deleted by the caller. */
  abort(): void {
    this.zip.terminate();
    this.out.destroy();
  }

  private add(file: ZipInputFile): void {
    this.check();
    this.zip.add(file);
  }

  private async push(file: ZipDeflate | ZipPassThrough, bytes: Uint8Array, final: boolean): Promise<void> {
    this.check();
    file.push(bytes, final);
    // Storage is slower than deflate: wait for it rather than buffer the archive.
    if (this.out.writableNeedDrain) {
      await once(this.out, 'drain');
    }
    this.check();
  }

  private check(): void {
    if (this.failure) {
      throw this.failure;
    }
  }
}
