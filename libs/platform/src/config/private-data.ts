import { chmodSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { isMainThread } from 'node:worker_threads';

/**
 * Makes what this process writes readable by its own user only (issue 25: data files were
 * world-readable): files 0600 and folders 0700 from now on (the SQLite files, secrets.json, the
 * objects), and the data folder itself 0700, which also closes files an older version made 0644.
 * Call first thing at start, before anything is written. The umask is the process's, and a worker
 * thread may not set it (HOST_THREADS=2 runs the services on one): tools/host.mjs sets it first.
 */
export function keepDataPrivate(dataDir: string): void {
  if (isMainThread) {
    process.umask(0o077);
  }
  const dir = resolve(dataDir);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  try {
    chmodSync(dir, 0o700);
  } catch {
    // A folder owned by another user (a mounted volume): its owner decides.
  }
}
