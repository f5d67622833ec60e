import { SERVICES } from '@wrenchlog/contracts';
import amqp from 'amqplib';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { canConnect } from './ports.js';

/** The machine's real servers for the distributed mode; URLs from the environment, local defaults. */
export const TEST_POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const TEST_AMQP_URL = process.env.TEST_AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';

/**
 * Whether the distributed suites can run. With CI=true they must: an unreachable server is an
 * error, never a silent skip.
 */
export async function distributedServersAvailable(): Promise<boolean> {
  const pgUrl = new URL(TEST_POSTGRES_URL);
  const amqpUrl = new URL(TEST_AMQP_URL);
  const [pgUp, amqpUp] = await Promise.all([
    canConnect(pgUrl.hostname, Number(pgUrl.port || 5432)),
    canConnect(amqpUrl.hostname, Number(amqpUrl.port || 5672)),
  ]);
  if (pgUp && amqpUp) {
    return true;
  }
  const missing = [!pgUp && `PostgreSQL (${pgUrl.host})`, !amqpUp && `RabbitMQ (${amqpUrl.host})`].filter(Boolean).join(' and ');
  if (process.env.CI === 'true') {
    throw new Error(`CI=true but ${missing} cannot be reached: the distributed-mode tests must run`);
  }
  console.warn(`distributed-mode tests skipped: ${missing} cannot be reached`);
  return false;
}

export type TestEngine = 'sqlite' | 'postgres';

/**
 * The databases a service's integration tests run on: SQLite always, PostgreSQL as
 * distributedServersAvailable() decides (so with CI=true an unreachable server fails the run).
 */
export async function testEngines(): Promise<TestEngine[]> {
  return (await distributedServersAvailable()) ? ['sqlite', 'postgres'] : ['sqlite'];
}

export interface DistributedResources {
  env: Record<string, string>;
  cleanup(): Promise<void>;
}

/** A name no other test run takes: the base of a run's databases (and its queue prefix). */
const privateName = () => `wl_t${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;

/** The URL of a database on the test server. */
const databaseUrl = (name: string): string => {
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  return url.toString();
};

/** A private database base name and queue prefix on the shared servers, removed by cleanup(). */
export function distributedResources(): DistributedResources {
  const id = privateName();
  const prefix = `${id}.`;
  return {
    env: {
      DATABASE_URL: databaseUrl(id),
      AMQP_URL: TEST_AMQP_URL,
      AMQP_QUEUE_PREFIX: prefix,
    },
    async cleanup() {
      await dropDatabases(id);
      await deleteQueues(SERVICES.flatMap((s) => [`${prefix}${s}`, `${prefix}${s}.retry`, `${prefix}${s}.dlq`]));
    },
  };
}

/**
 * A private database base name for a service under test: `url` is its DATABASE_URL (the service
 * adds its own suffix), `drop()` removes every database made under it.
 */
export function privateDatabaseBase(): { url: string; drop(): Promise<void> } {
  const id = privateName();
  return { url: databaseUrl(id), drop: () => dropDatabases(id) };
}

/** A fresh, empty database of its own (a library's tests); `drop()` removes it. */
export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const id = privateName();
  const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${id}_t"`);
  } finally {
    await admin.end();
  }
  return { url: databaseUrl(`${id}_t`), drop: () => dropDatabases(id) };
}

/** Drops every database whose name starts with `<base>_` (a product's, or the benchmark's). */
export async function dropDatabases(base: string, adminUrl: string = TEST_POSTGRES_URL): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [`${base.replace(/_/g, '\\_')}\\_%`]);
    for (const { datname } of rows) {
      await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    }
  } finally {
    await client.end();
  }
}

/** Deletes the named queues; one that does not exist is no error. */
export async function deleteQueues(queues: string[], url: string = TEST_AMQP_URL): Promise<void> {
  const connection = await amqp.connect(url);
  try {
    for (const queue of queues) {
      // A fresh channel per queue: deleting a queue that does not exist closes the channel.
      const channel = await connection.createChannel();
      channel.on('error', () => undefined);
      await channel.deleteQueue(queue).catch(() => undefined);
      await channel.close().catch(() => undefined);
    }
  } finally {
    await connection.close();
  }
}
