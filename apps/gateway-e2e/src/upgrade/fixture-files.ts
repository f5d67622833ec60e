import { TEST_POSTGRES_URL } from '@wrenchlog/testing';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import type { ReleaseManifest } from './release-data.js';

// Where an upgrade fixture lives and how it is copied in and out: the embedded product's data
// folder as it was left, and the distributed product's PostgreSQL databases as plain SQL (pg_dump
// --inserts, so the test loads them with the pg client alone) beside its objects folder.

export type FixtureMode = 'embedded' | 'distributed';

/** The fixtures of every earlier release the product must start on, oldest first. */
export const FIXTURES_DIR = new URL('../../fixtures/upgrade/', import.meta.url).pathname;

export const fixtureReleases = (): string[] => (existsSync(FIXTURES_DIR) ? readdirSync(FIXTURES_DIR).sort() : []);

export const fixtureDir = (release: string, mode: FixtureMode) => join(FIXTURES_DIR, release, mode);

export const readManifest = (release: string, mode: FixtureMode): ReleaseManifest =>
  JSON.parse(readFileSync(join(fixtureDir(release, mode), 'manifest.json'), 'utf8')) as ReleaseManifest;

export const databaseUrl = (name: string): string => {
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  return url.toString();
};

/** Saves a stopped product's data folder and, when distributed, its databases (`<base>_<service>`). */
export async function saveFixture(dir: string, dataDir: string, manifest: ReleaseManifest, base?: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  cpSync(dataDir, join(dir, 'data-folder'), { recursive: true });
  if (base) {
    mkdirSync(join(dir, 'postgres'), { recursive: true });
    for (const name of await databasesOf(base)) {
      const dump = spawnSync('pg_dump', ['--inserts', '--no-owner', '--no-privileges', '--dbname', databaseUrl(name)], {
        encoding: 'utf8',
        maxBuffer: 1 << 28,
      });
      if (dump.status !== 0) {
        throw new Error(`pg_dump ${name}: ${dump.stderr}`);
      }
      // psql's meta-commands (the \restrict guard of pg_dump) are not SQL: the pg client loads the rest.
      const sql = dump.stdout
        .split('\n')
        .filter((line) => !line.startsWith('\\'))
        .join('\n');
      writeFileSync(join(dir, 'postgres', `${name.slice(base.length + 1)}.sql`), sql);
    }
  }
  writeFileSync(join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
}

/** Lays a fixture out for a product to start on: its data folder copied to `dataDir`, its databases loaded under `base`. */
export async function restoreFixture(dir: string, dataDir: string, base?: string): Promise<void> {
  cpSync(join(dir, 'data-folder'), dataDir, { recursive: true });
  if (!base) {
    return;
  }
  for (const file of readdirSync(join(dir, 'postgres'))) {
    const name = `${base}_${file.replace(/\.sql$/, '')}`;
    await withClient(TEST_POSTGRES_URL, (c) => c.query(`CREATE DATABASE "${name}"`));
    await withClient(databaseUrl(name), (c) => c.query(readFileSync(join(dir, 'postgres', file), 'utf8')));
  }
}

async function databasesOf(base: string): Promise<string[]> {
  const { rows } = await withClient(TEST_POSTGRES_URL, (c) =>
    c.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1 ORDER BY datname', [`${base.replace(/_/g, '\\_')}\\_%`]),
  );
  return rows.map((r) => r.datname);
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
