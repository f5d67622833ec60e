// The baselines, measured in the same run as the scenarios: the denominators of every ratio.
import { Logger } from '@nestjs/common';
import { ClientProxyFactory } from '@nestjs/microservices';
import { clientTransport } from '@wrenchlog/platform';
import { deleteQueues, dropDatabases, makeImage } from '@wrenchlog/testing';
import amqp from 'amqplib';
import argon2 from 'argon2';
import { randomBytes, randomUUID } from 'node:crypto';
import { cpus } from 'node:os';
import pg from 'pg';
import { firstValueFrom, timeout } from 'rxjs';
import sharp from 'sharp';
import { migrateService, startChild } from './children.mjs';
import { runList } from './list-sql.mjs';
import { runHttp, runLoop } from './load.mjs';
import { benchRmqEnv, ECHO_SERVICE } from './rmq-env.mjs';
import { seedKnownMachines, seedServiceRecords, withClient } from './seed.mjs';

/** The fixture photo: a 4000x3000 JPEG made at run time (no binary in the repository), under the 2 MB upload limit. */
let photo;
export async function fixturePhoto() {
  photo ??= await makeImage(4000, 3000, 'jpeg');
  return photo;
}

export async function httpBaseline(script, { seconds, connections }) {
  const server = await startChild(script);
  try {
    const url = `http://127.0.0.1:${server.port}/health`;
    await runHttp({ url, seconds: 1, connections }); // warm-up
    return await runHttp({ url, seconds, connections });
  } finally {
    await server.stop();
  }
}

/** L_pg_list: the services-list statements (page 0 of 12 + count) on a private migrated database. */
export async function pgListBaseline({ seconds, pgUrl }) {
  const base = `wlbench_${randomBytes(3).toString('hex')}`;
  const url = new URL(pgUrl);
  url.pathname = `/${base}`;
  migrateService('service-record-service', url.toString());
  url.pathname = `/${base}_service_record`;
  try {
    await withClient(url.toString(), async (client) => {
      await seedKnownMachines(client, { count: 40 });
      await seedServiceRecords(client, { from: 1, to: 2000, users: 2 });
      await client.query('ANALYZE service_records');
    });
    const pool = new pg.Pool({ connectionString: url.toString(), max: 16 });
    // A client still closing when the database is dropped (WITH FORCE) reports it on the pool: expected, not a failure.
    pool.on('error', () => undefined);
    try {
      return await runLoop(() => runList(pool, { userId: 1 }), { concurrency: 16, seconds });
    } finally {
      await pool.end();
    }
  } finally {
    await dropDatabases(base, pgUrl);
  }
}

/** L_rpc_raw: amqplib request/reply over direct reply-to, 16 calls in flight. */
export async function rpcRawBaseline({ seconds, amqpUrl }) {
  const queue = `wlbench.raw-echo.${randomBytes(3).toString('hex')}`;
  const server = await startChild('tools/bench/servers/amqp-echo.mjs', { AMQP_URL: amqpUrl, BENCH_QUEUE: queue });
  const connection = await amqp.connect(amqpUrl, { noDelay: true });
  try {
    const channel = await connection.createChannel();
    const pending = new Map();
    await channel.consume(
      'amq.rabbitmq.reply-to',
      (msg) => {
        pending.get(msg.properties.correlationId)?.();
        pending.delete(msg.properties.correlationId);
      },
      { noAck: true },
    );
    const payload = Buffer.from(JSON.stringify({ pattern: 'bench.echo', data: { hello: 'world' } }));
    const call = () =>
      new Promise((resolve) => {
        const id = randomUUID();
        pending.set(id, resolve);
        channel.sendToQueue(queue, payload, { replyTo: 'amq.rabbitmq.reply-to', correlationId: id, persistent: true });
      });
    return await runLoop(call, { concurrency: 16, seconds });
  } finally {
    await connection.close().catch(() => undefined);
    await server.stop();
    await deleteQueues([queue], amqpUrl);
  }
}

/** L_rpc_nest: a Nest RMQ client and server with the production options, 16 calls in flight. */
export async function rpcNestBaseline({ seconds, amqpUrl }) {
  const prefix = `wlbench.${randomBytes(3).toString('hex')}.`;
  const childEnv = { AMQP_URL: amqpUrl, BENCH_QUEUE_PREFIX: prefix };
  const server = await startChild('tools/bench/servers/nest-echo.mjs', childEnv);
  const env = { ...benchRmqEnv(), AMQP_URL: amqpUrl, AMQP_QUEUE_PREFIX: prefix };
  Logger.overrideLogger(['error', 'warn']); // no connection chatter in the report
  const client = ClientProxyFactory.create(clientTransport(env, ECHO_SERVICE));
  try {
    await client.connect();
    const message = { actor: null, payload: { hello: 'world' }, meta: { correlationId: 'bench' } };
    return await runLoop(() => firstValueFrom(client.send('bench.echo', message).pipe(timeout(env.RPC_TIMEOUT_MS))), { concurrency: 16, seconds });
  } finally {
    await client.close();
    await server.stop();
    const queue = `${prefix}${ECHO_SERVICE}`;
    await deleteQueues([queue, `${queue}.retry`, `${queue}.dlq`], amqpUrl);
  }
}

/** L_img: sharp alone, the worker's work on one photo: one decode to 1920 px, the 1920 px original and the 200 px thumbnail from it. */
export async function imageBaseline({ seconds }) {
  const input = await fixturePhoto();
  sharp.cache(false);
  sharp.concurrency(1);
  const once = async () => {
    const { data, info } = await sharp(input)
      .autoOrient()
      .resize({ width: 1920, height: 1920, fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
    await raw().jpeg().toBuffer();
    await raw().resize({ width: 200, height: 200, fit: 'inside' }).jpeg().toBuffer();
  };
  // One image at a time: the worker processes one photo at a time with one libvips thread.
  return runLoop(once, { concurrency: 1, seconds, warmupSeconds: 0 });
}

/** L_kdf: argon2id with the user service's parameters; one hash at a time (ms a hash = p50). */
export async function kdfBaseline({ seconds }) {
  const options = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 };
  const result = await runLoop(() => argon2.hash('correct horse battery staple', options), { concurrency: 1, seconds, warmupSeconds: 0 });
  return { ...result, cores: cpus().length };
}
