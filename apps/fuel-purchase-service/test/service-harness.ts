import { Test, type TestingModule } from '@nestjs/testing';
import type { Actor } from '@wrenchlog/contracts';
import { loadEnv, PlatformEnv } from '@wrenchlog/platform';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppModule } from '../src/app.module.js';

/** The service's module on a fresh SQLite file (migrated at start), without a transport. */
export async function startService(): Promise<{ module: TestingModule; close: () => Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'wrenchlog-fuel-purchase-'));
  const env = loadEnv(PlatformEnv, { DATA_DIR: dataDir, LOG_LEVEL: 'error' });
  const module = await Test.createTestingModule({ imports: [AppModule.register(env)] }).compile();
  module.useLogger(['error']);
  await module.init();
  return {
    module,
    close: async () => {
      await module.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const alice: Actor = { userId: 1, adminLevel: 0 };
export const bob: Actor = { userId: 2, adminLevel: 0 };
