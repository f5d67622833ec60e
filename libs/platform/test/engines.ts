import { createTestDatabase, testEngines } from '@wrenchlog/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { runMigrationsLocked } from '../src/database/database.module.js';

export interface OpenDatabase {
  dataSource: DataSource;
  close(): Promise<void>;
}

export interface Engine {
  label: string;
  /** A fresh database with the schema's migrations run, as a service runs them. */
  open(): Promise<OpenDatabase>;
}

type Schema = Pick<DataSourceOptions, 'entities' | 'migrations'>;

async function migrated(options: DataSourceOptions): Promise<DataSource> {
  const dataSource = await new DataSource(options).initialize();
  await runMigrationsLocked(dataSource);
  return dataSource;
}

/** SQLite (a temporary file) always; PostgreSQL (a private database) when the local server answers, always with CI=true. */
export async function engines(schema: Schema): Promise<Engine[]> {
  const sqlite: Engine = {
    label: 'SQLite',
    async open() {
      const dir = mkdtempSync(join(tmpdir(), 'wl-platform-'));
      const dataSource = await migrated({ type: 'better-sqlite3', database: join(dir, 'test.sqlite'), ...schema } as DataSourceOptions);
      return {
        dataSource,
        async close() {
          await dataSource.destroy();
          rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  };
  const postgres: Engine = {
    label: 'PostgreSQL',
    async open() {
      const database = await createTestDatabase();
      const dataSource = await migrated({ type: 'postgres', url: database.url, ...schema } as DataSourceOptions);
      return {
        dataSource,
        async close() {
          await dataSource.destroy();
          await database.drop();
        },
      };
    },
  };
  return (await testEngines()).map((engine) => (engine === 'postgres' ? postgres : sqlite));
}
