import { join, resolve } from 'node:path';
import { FolderObjectStorage } from './folder-storage.js';
import type { ObjectStorage } from './object-storage.js';
import { S3ObjectStorage } from './s3-storage.js';

export type StorageSettings = {
  DATA_DIR: string;
  S3_ENDPOINT?: string;
  S3_ACCESS_KEY?: string;
  S3_SECRET_KEY?: string;
  S3_BUCKET?: string;
  S3_REGION?: string;
};

/** The configured storage: the S3 bucket when S3_ENDPOINT is set, else the folder DATA_DIR/objects. Call init() before use. */
export function createObjectStorage(env: StorageSettings): ObjectStorage {
  if (env.S3_ENDPOINT) {
    if (!env.S3_ACCESS_KEY || !env.S3_SECRET_KEY) {
      throw new Error('S3_ACCESS_KEY and S3_SECRET_KEY must be set when S3_ENDPOINT is set');
    }
    return new S3ObjectStorage({
      endpoint: env.S3_ENDPOINT,
      accessKey: env.S3_ACCESS_KEY,
      secretKey: env.S3_SECRET_KEY,
      bucket: env.S3_BUCKET || 'wrenchlog',
      region: env.S3_REGION,
    });
  }
  return new FolderObjectStorage(join(resolve(env.DATA_DIR), 'objects'));
}
