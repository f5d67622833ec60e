import type { DynamicModule, INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { loadEnv } from '@wrenchlog/platform';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePortBlock } from '../ports.js';

/** The SQLite files the release before accounts (r30) left, one a service (apps/gateway-e2e/fixtures/upgrade). */
const R30_DATABASES = new URL('../../../../apps/gateway-e2e/fixtures/upgrade/r30/embedded/data-folder/db/', import.meta.url).pathname;

export interface UpgradedService {
  app: INestApplicationContext;
  /** Closes the service and removes its copy of the database. */
  close: () => Promise<void>;
}

/**
 * A service started on a copy of its r30 SQLite file, so that its migrations since run on what an
 * earlier release wrote, as an upgrade would.
 */
export async function startOnR30Database<E extends object>(options: {
  service: string;
  env: new () => E;
  module: (env: E) => DynamicModule;
  /** Settings beside the data folder, ports and log level. */
  vars?: Record<string, string>;
}): Promise<UpgradedService> {
  const dir = mkdtempSync(join(tmpdir(), `wl-${options.service}-upgrade-`));
  mkdirSync(join(dir, 'db'));
  copyFileSync(join(R30_DATABASES, `${options.service}.sqlite`), join(dir, 'db', `${options.service}.sqlite`));
  const env = loadEnv(options.env, { DATA_DIR: dir, SERVICE_PORT_BASE: String(await freePortBlock(12)), LOG_LEVEL: 'error', ...options.vars });
  const app = await NestFactory.createApplicationContext(options.module(env), { logger: false });
  await app.init();
  return {
    app,
    close: async () => {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
