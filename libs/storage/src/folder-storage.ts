import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, stat, writeFile, type FileHandle } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { assertValidKey, ObjectNotFoundError, readAll, type ObjectStorage, type StoredObject } from './object-storage.js';

/**
 * Objects as files under one folder (DATA_DIR/objects in the embedded mode). The content type is
 * kept in a `<file>.meta.json` side file. Writes go to a temporary file first and are renamed into
 * place, so a reader never sees half an object.
 */
export class FolderObjectStorage implements ObjectStorage {
  readonly kind = 'folder' as const;
  private readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  async init(): Promise<void> {
    await mkdir(this.root, { recursive: true });
  }

  private path(key: string): string {
    assertValidKey(key);
    return join(this.root, ...key.split('/'));
  }

  async put(key: string, body: Buffer | Readable, contentType: string): Promise<void> {
    const file = this.path(key);
    await mkdir(dirname(file), { recursive: true });
    const bytes = Buffer.isBuffer(body) ? body : await readAll(body);
    const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(`${file}.meta.json`, JSON.stringify({ contentType, size: bytes.length }));
    await writeFile(tmp, bytes);
    await rename(tmp, file);
  }

  async get(key: string): Promise<StoredObject> {
    const file = this.path(key);
    const contentType = await this.contentType(file);
    // Opened before answering: an object deleted a moment later is still read whole (the handle
    // keeps it), and a missing one is ObjectNotFoundError here, never a stream error nobody hears.
    let handle: FileHandle;
    try {
      handle = await open(file, 'r');
    } catch {
      throw new ObjectNotFoundError(key);
    }
    try {
      const { size } = await handle.stat();
      return { stream: handle.createReadStream({ autoClose: true }), size, contentType };
    } catch (err) {
      await handle.close().catch(() => undefined);
      throw err;
    }
  }

  async getBuffer(key: string): Promise<{ body: Buffer; contentType: string }> {
    const file = this.path(key);
    let body: Buffer;
    try {
      body = await readFile(file);
    } catch {
      throw new ObjectNotFoundError(key);
    }
    return { body, contentType: await this.contentType(file) };
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.path(key))).isFile();
    } catch {
      return false;
    }
  }

  async deleteMany(keys: readonly string[]): Promise<void> {
    for (const key of keys) {
      const file = this.path(key);
      await rm(file, { force: true });
      await rm(`${file}.meta.json`, { force: true });
    }
  }

  private async contentType(file: string): Promise<string> {
    try {
      return (JSON.parse(await readFile(`${file}.meta.json`, 'utf8')) as { contentType: string }).contentType;
    } catch {
      return 'application/octet-stream';
    }
  }
}
