import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './ports.js';

export interface RunningS3rver {
  /** S3_* variables that point the product (or a storage driver) at this server. */
  env: { S3_ENDPOINT: string; S3_ACCESS_KEY: string; S3_SECRET_KEY: string; S3_BUCKET: string };
  stop(): Promise<void>;
}

interface S3rverInstance {
  run(): Promise<unknown>;
  close(): Promise<void>;
  httpServer?: { unref(): void };
}
type S3rverCtor = new (options: Record<string, unknown>) => S3rverInstance;

/**
 * An in-process S3 server (s3rver: no multipart upload, no signature check) on 127.0.0.1 with a
 * free port and a temporary folder, removed by stop(). The bucket is left for the client to create.
 * The e2e global setup starts one for the distributed product, so that mode uses the S3 protocol.
 */
export async function startS3rver(bucket = 'wrenchlog', options: { unref?: boolean } = {}): Promise<RunningS3rver> {
  const S3rver = createRequire(import.meta.url)('s3rver') as S3rverCtor;
  const directory = mkdtempSync(join(tmpdir(), 'wrenchlog-s3rver-'));
  const port = await freePort();
  const server = new S3rver({ address: '127.0.0.1', port, silent: true, directory, vhostBuckets: false });
  await server.run();
  if (options.unref) {
    // Does not keep a test runner's process alive on its own (e.g. one started by a global setup).
    server.httpServer?.unref();
  }
  return {
    env: { S3_ENDPOINT: `http://127.0.0.1:${port}`, S3_ACCESS_KEY: 'S3RVER', S3_SECRET_KEY: 'S3RVER', S3_BUCKET: bucket },
    async stop() {
      await server.close().catch(() => undefined);
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
