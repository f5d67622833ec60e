import { IsBoolean, IsIn, IsInt, IsOptional, IsString, IsUrl, Max, Min } from 'class-validator';
import { EnvBoolean } from './load-env.js';

const pgUrl = { protocols: ['postgres', 'postgresql'], require_tld: false, require_protocol: true };
const amqpUrl = { protocols: ['amqp', 'amqps'], require_tld: false, require_protocol: true };

/** Settings every back-end process shares. Only config/ reads process.env. */
export class PlatformEnv {
  // SQLite files, objects, outbox and generated secrets in the embedded mode.
  @IsString() DATA_DIR: string = './data';

  // Unset: one SQLite file per service. Set: PostgreSQL, database `<base>_<service>` on that server.
  @IsOptional() @IsUrl(pgUrl, { message: 'must be a postgres:// URL' }) DATABASE_URL?: string;

  // Unset: Nest TCP transport on SERVICE_HOST. Set: RabbitMQ, one durable queue per service.
  @IsOptional() @IsUrl(amqpUrl, { message: 'must be an amqp:// URL' }) AMQP_URL?: string;

  // Prefix for queue names, so several installs (or test runs) can share one broker.
  @IsString() AMQP_QUEUE_PREFIX: string = '';

  @IsInt() @Min(1) @Max(1000) AMQP_PREFETCH: number = 16;

  // A failed event is redelivered after this delay, at most AMQP_MAX_RETRIES times, then parked in <queue>.dlq.
  @IsInt() @Min(10) AMQP_RETRY_DELAY_MS: number = 5000;
  @IsInt() @Min(0) @Max(100) AMQP_MAX_RETRIES: number = 5;

  @IsString() SERVICE_HOST: string = '127.0.0.1';

  // Without AMQP_URL: 'tcp' (one process per service) or 'in-process' (every service in the one
  // process of tools/host.mjs, which sets it; see docs/DEVELOPING.md).
  @IsIn(['tcp', 'in-process']) RPC_TRANSPORT: 'tcp' | 'in-process' = 'tcp';

  // Embedded mode: service i of SERVICES listens on SERVICE_PORT_BASE + i.
  @IsInt() @Min(1024) @Max(65000) SERVICE_PORT_BASE: number = 3101;

  // A call that takes longer answers 503 at the gateway.
  @IsInt() @Min(100) RPC_TIMEOUT_MS: number = 5000;

  @IsIn(['text', 'json']) LOG_FORMAT: 'text' | 'json' = 'text';

  @IsIn(['error', 'warn', 'log', 'debug', 'verbose']) LOG_LEVEL: 'error' | 'warn' | 'log' | 'debug' | 'verbose' = 'log';

  // Run pending migrations and exit (a Kubernetes migration Job or init container).
  @EnvBoolean() @IsBoolean() MIGRATE_ONLY: boolean = false;

  // When set, a service also answers GET /health/live and /health/ready on this port (Kubernetes probes).
  @IsOptional() @IsInt() @Min(1) @Max(65535) HEALTH_PORT?: number;
}

/** Distributed means the services share servers (PostgreSQL or RabbitMQ) instead of embedded defaults. */
export const isDistributed = (env: PlatformEnv): boolean => Boolean(env.DATABASE_URL || env.AMQP_URL);
