import { Client } from 'minio';
import type { Readable } from 'node:stream';
import { assertValidKey, ObjectNotFoundError, readAll, type ObjectStorage, type StoredObject } from './object-storage.js';

export interface S3Settings {
  endpoint: string;
  accessKey: string;
  secretKey: string;
  bucket: string;
  region?: string;
}

const NOT_FOUND = new Set(['NoSuchKey', 'NotFound', 'NoSuchObject']);

const isNotFound = (err: unknown): boolean => {
  const e = err as { code?: string; statusCode?: number };
  return NOT_FOUND.has(e?.code ?? '') || e?.statusCode === 404;
};

/** Objects in one S3 bucket (MinIO, or any S3 server) through the minio client, path-style. */
export class S3ObjectStorage implements ObjectStorage {
  readonly kind = 's3' as const;
  private readonly client: Client;
  private readonly bucket: string;
  private readonly region: string;

  constructor(settings: S3Settings) {
    const url = new URL(settings.endpoint);
    const useSSL = url.protocol === 'https:';
    this.client = new Client({
      endPoint: url.hostname,
      port: url.port ? Number(url.port) : useSSL ? 443 : 80,
      useSSL,
      accessKey: settings.accessKey,
      secretKey: settings.secretKey,
      region: settings.region ?? 'us-east-1',
      pathStyle: true,
    });
    this.bucket = settings.bucket;
    this.region = settings.region ?? 'us-east-1';
  }

  async init(): Promise<void> {
    if (await this.client.bucketExists(this.bucket)) {
      return;
    }
    try {
      await this.client.makeBucket(this.bucket, this.region);
    } catch (err) {
      // Another replica created it at the same moment.
      if (!(await this.client.bucketExists(this.bucket))) {
        throw err;
      }
    }
  }

  async put(key: string, body: Buffer | Readable, contentType: string, size?: number): Promise<void> {
    assertValidKey(key);
    // A buffer is sent in one PUT; so is a stream, read to the end (no multipart: images are small).
    const bytes = Buffer.isBuffer(body) ? body : await readAll(body);
    await this.client.putObject(this.bucket, key, bytes, size ?? bytes.length, { 'Content-Type': contentType });
  }

  async get(key: string): Promise<StoredObject> {
    assertValidKey(key);
    try {
      const stat = await this.client.statObject(this.bucket, key);
      const stream = await this.client.getObject(this.bucket, key);
      const meta = stat.metaData as Record<string, string>;
      return { stream, size: stat.size, contentType: meta['content-type'] ?? meta['Content-Type'] ?? 'application/octet-stream' };
    } catch (err) {
      if (isNotFound(err)) {
        throw new ObjectNotFoundError(key);
      }
      throw err;
    }
  }

  async getBuffer(key: string): Promise<{ body: Buffer; contentType: string }> {
    const object = await this.get(key);
    return { body: await readAll(object.stream), contentType: object.contentType };
  }

  async exists(key: string): Promise<boolean> {
    assertValidKey(key);
    try {
      await this.client.statObject(this.bucket, key);
      return true;
    } catch (err) {
      if (isNotFound(err)) {
        return false;
      }
      throw err;
    }
  }

  async deleteMany(keys: readonly string[]): Promise<void> {
    if (keys.length === 0) {
      return;
    }
    keys.forEach(assertValidKey);
    // DeleteObjects takes at most 1000 keys per request.
    for (let i = 0; i < keys.length; i += 1000) {
      await this.client.removeObjects(this.bucket, keys.slice(i, i + 1000) as string[]);
    }
  }
}
