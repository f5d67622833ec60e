import { Module, type DynamicModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { PlatformEnv } from '../config/platform-env.js';
import { dataSourceOptions, type ServiceDatabase } from './data-source-options.js';
import { ensurePostgresDatabase } from './ensure-database.js';
import { bindSqliteIntegers } from './sqlite-bound-integers.js';
import { AppliedPosition } from '../consistency/applied-position.entity.js';
import { CreateAppliedPositions1767000000000 } from '../consistency/create-applied-positions.migration.js';
import { rememberServiceOf } from '../consistency/lanes.js';

// Any fixed number: the key of the PostgreSQL advisory lock that serialises migrations.
const MIGRATION_LOCK_KEY = 7_316_462;

/**
 * Runs pending migrations. On PostgreSQL several replicas may boot at once: an advisory lock
 * lets one migrate while the others wait, then find nothing left to do.
 */
export async function runMigrationsLocked(dataSource: DataSource): Promise<void> {
  if (dataSource.options.type !== 'postgres') {
    await dataSource.runMigrations({ transaction: 'each' });
    return;
  }
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await dataSource.runMigrations({ transaction: 'each' });
  } finally {
    await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await runner.release();
  }
}

/**
 * better-sqlite3 gives TypeORM one connection for the whole process: two transactions started
 * concurrently would nest as savepoints and interleave their statements. Queue them instead (an
 * embedded install runs one process per database). Inside a transaction, use the manager it
 * hands you, never dataSource.transaction() again (that would wait for itself).
 */
export function serializeSqliteTransactions(dataSource: DataSource): void {
  if (dataSource.options.type !== 'better-sqlite3') {
    return;
  }
  const manager = dataSource.manager;
  const original = manager.transaction.bind(manager) as (...args: unknown[]) => Promise<unknown>;
  let tail: Promise<unknown> = Promise.resolve();
  manager.transaction = ((...args: unknown[]) => {
    const run = tail.then(() => original(...args));
    tail = run.catch(() => undefined);
    return run;
  }) as typeof manager.transaction;
}

@Module({})
export class DatabaseModule {
  /** The service's own database, migrated at boot. Use TypeOrmModule.forFeature for repositories. */
  static forService(db: ServiceDatabase): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [
        TypeOrmModule.forRootAsync({
          inject: [PlatformEnv],
          useFactory: async (env: PlatformEnv) => {
            // Every service keeps the positions it applied (issue 37, libs/platform/src/consistency).
            const options = dataSourceOptions(env, {
              ...db,
              entities: [...(db.entities as unknown[]), AppliedPosition] as ServiceDatabase['entities'],
              migrations: [...(db.migrations as unknown[]), CreateAppliedPositions1767000000000] as ServiceDatabase['migrations'],
            });
            if (options.type === 'postgres' && typeof options.url === 'string') {
              await ensurePostgresDatabase(options.url);
            }
            // Migrations run below, under a lock, not inside initialize().
            return { ...options, migrationsRun: false } as DataSourceOptions;
          },
          dataSourceFactory: async (options) => {
            const dataSource = await new DataSource(options!).initialize();
            rememberServiceOf(dataSource, db.service);
            serializeSqliteTransactions(dataSource);
            bindSqliteIntegers(dataSource);
            await runMigrationsLocked(dataSource);
            return dataSource;
          },
        }),
      ],
      exports: [TypeOrmModule],
    };
  }
}
