import type { ServiceName } from '@wrenchlog/contracts';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { DataSourceOptions, MixedList, EntitySchema } from 'typeorm';
import type { PlatformEnv } from '../config/platform-env.js';
import { serviceDatabaseUrl } from './database-url.js';
import { QueryLogger } from './query-logger.js';

export interface ServiceDatabase {
  service: ServiceName;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities: MixedList<Function | string | EntitySchema>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: MixedList<Function | string>;
}

/**
 * One code path, two engines: a SQLite file per service under DATA_DIR, or the service's own
 * PostgreSQL database. Migrations run at boot (DatabaseModule, under a lock); synchronize is never on.
 */
export function dataSourceOptions(env: PlatformEnv, db: ServiceDatabase): DataSourceOptions {
  const common = { entities: db.entities, migrations: db.migrations, migrationsRun: false, synchronize: false, logger: new QueryLogger() };
  const url = serviceDatabaseUrl(env, db.service);
  if (url) {
    return { type: 'postgres', url, ...common, extra: { max: 10, connectionTimeoutMillis: 5000 } } as DataSourceOptions;
  }
  const dir = resolve(env.DATA_DIR, 'db');
  mkdirSync(dir, { recursive: true });
  return {
    type: 'better-sqlite3',
    database: join(dir, `${db.service}.sqlite`),
    // WAL lets readers run while a write commits; busy timeout covers the short write locks.
    prepareDatabase: (sqlite: { pragma: (s: string) => unknown }) => {
      sqlite.pragma('journal_mode = WAL');
      sqlite.pragma('busy_timeout = 5000');
      sqlite.pragma('foreign_keys = ON');
    },
    ...common,
  } as DataSourceOptions;
}
