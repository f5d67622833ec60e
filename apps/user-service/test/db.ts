import { DataSource } from 'typeorm';
import { entities } from '../src/app.module.js';
import { migrations } from '../src/migrations/index.js';

/** A fresh in-memory SQLite database with the service's real migrations. */
export async function testDataSource(): Promise<DataSource> {
  const ds = new DataSource({ type: 'better-sqlite3', database: ':memory:', entities, migrations, migrationsRun: true, synchronize: false });
  await ds.initialize();
  return ds;
}
