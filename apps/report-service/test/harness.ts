import { Test, type TestingModule, type TestingModuleBuilder } from '@nestjs/testing';
import { loadEnv } from '@wrenchlog/platform';
import { privateDatabaseBase, type TestEngine } from '@wrenchlog/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppModule } from '../src/app.module.js';
import { ReportEnv } from '../src/config/report-env.js';

/**
 * report-service's module on its real migrations (SQLite in a temporary folder named from
 * `prefix`, or a private PostgreSQL database), initialised but not listening: the tests call its
 * handlers straight. `adjust` overrides providers before it compiles; `stop` closes it and drops
 * its data.
 */
export async function startReportModule(
  engine: TestEngine,
  prefix: string,
  adjust: (builder: TestingModuleBuilder) => TestingModuleBuilder = (builder) => builder,
): Promise<{ moduleRef: TestingModule; stop: () => Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  const databases = engine === 'postgres' ? privateDatabaseBase() : undefined;
  const env = loadEnv(ReportEnv, { DATA_DIR: dataDir, LOG_LEVEL: 'error', ...(databases ? { DATABASE_URL: databases.url } : {}) });
  const moduleRef = await adjust(Test.createTestingModule({ imports: [AppModule.register(env)] })).compile();
  await moduleRef.init();
  return {
    moduleRef,
    stop: async () => {
      await moduleRef.close();
      rmSync(dataDir, { recursive: true, force: true });
      await databases?.drop();
    },
  };
}
