import 'reflect-metadata';
import type { DynamicModule, INestMicroservice, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { ServiceName } from '@wrenchlog/contracts';
import { createServer, type Server } from 'node:http';
import { DataSource } from 'typeorm';
import { ConfigError, loadEnv } from '../config/load-env.js';
import type { PlatformEnv } from '../config/platform-env.js';
import { RpcDomainErrorFilter } from '../errors/rpc-error.filter.js';
import { createLogger } from '../logging/logger.js';
import { AckInterceptor } from '../rpc/ack.interceptor.js';
import { MoneyInterceptor } from '../rpc/money.interceptor.js';
import { declareDeadLetterQueues } from '../rpc/dead-letter.js';
import { describeTransport, queueName, serverTransport } from '../rpc/transport.js';
import { databaseStatus } from './health.controller.js';
import { keepDataPrivate } from '../config/private-data.js';
import { AppliedLog } from '../consistency/applied-log.js';
import { consistencyWaitMs, withConsistency } from '../consistency/consistency.controller.js';
import { ConsistencyInterceptor } from '../consistency/consistency.interceptor.js';

/** Reads and validates config, or prints every bad variable and exits: the first thing main.ts does. */
export function loadConfigOrExit<T extends object>(name: string, schema: new () => T): T {
  try {
    return loadEnv(schema);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`${name}: ${err.message}`);
      process.exit(1);
    }
    throw err;
  }
}

export interface ServiceBootstrap<T extends PlatformEnv> {
  service: ServiceName;
  env: T;
  module: Type | DynamicModule;
}

/** Starts a microservice on the configured transport with the shared filter, ack and shutdown behaviour. */
export async function bootstrapService<T extends PlatformEnv>({ service, env, module }: ServiceBootstrap<T>): Promise<INestMicroservice> {
  keepDataPrivate(env.DATA_DIR);
  const logger = createLogger(service, env);
  if (env.MIGRATE_ONLY) {
    // Creating the context connects the database and migrates it (DatabaseModule); then leave.
    const context = await NestFactory.createApplicationContext(module, { logger }).catch((err: Error) => {
      logger.fatal(`migration failed: ${err.message}`);
      process.exit(1);
    });
    await context.close();
    logger.log('migrations are up to date');
    process.exit(0);
  }
  let app: INestMicroservice;
  try {
    if (env.AMQP_URL) {
      await declareDeadLetterQueues(env.AMQP_URL, queueName(env, service), env.AMQP_RETRY_DELAY_MS);
    }
    app = await NestFactory.createMicroservice(withConsistency(service, module), { ...serverTransport(env, service), logger });
    app.useGlobalFilters(new RpcDomainErrorFilter());
    app.useGlobalInterceptors(new AckInterceptor({ maxRetries: env.AMQP_MAX_RETRIES }));
    // Inside the ack (an event is acked after its position is recorded), outside money removal
    // (the positions envelope wraps the answer as the caller gets it).
    app.useGlobalInterceptors(new ConsistencyInterceptor(app.get(AppliedLog), consistencyWaitMs(env)));
    app.useGlobalInterceptors(new MoneyInterceptor());
    // SIGTERM: stop taking messages, let in-flight handlers finish, close connections, exit.
    app.enableShutdownHooks(['SIGTERM', 'SIGINT']);
    await app.listen();
  } catch (err) {
    logger.fatal(`could not start: ${(err as Error).message}`);
    process.exit(1);
  }
  // In the one process every service would open the same port: the gateway's /api/health/ready
  // covers them all there.
  if (env.HEALTH_PORT && env.RPC_TRANSPORT !== 'in-process') {
    startProbeServer(app, env.HEALTH_PORT);
  }
  logger.log(`ready on ${describeTransport(env, service)}`);
  return app;
}

/** GET /health/live and /health/ready for Kubernetes probes; ready checks the database too. */
function startProbeServer(app: INestMicroservice, port: number): Server {
  const dataSource = (() => {
    try {
      return app.get(DataSource, { strict: false });
    } catch {
      return undefined;
    }
  })();
  const server = createServer((req, res) => {
    if (req.url === '/health/live') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
      return;
    }
    if (req.url === '/health/ready') {
      databaseStatus(dataSource)
        .then((database) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 'ok', database })))
        .catch((err: Error) => res.writeHead(503, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 'down', reason: err.message })));
      return;
    }
    res.writeHead(404).end();
  });
  server.listen(port);
  process.once('SIGTERM', () => server.close());
  return server;
}
