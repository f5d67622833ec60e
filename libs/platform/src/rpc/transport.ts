import { Transport, type ClientOptions, type MicroserviceOptions } from '@nestjs/microservices';
import { SERVICES, type ServiceName } from '@wrenchlog/contracts';
import type { PlatformEnv } from '../config/platform-env.js';
import { deadLetterArguments } from './dead-letter.js';
import { InProcessClient, InProcessServer } from './in-process.js';
import { RmqServer, TcpServer } from './servers.js';

export const queueName = (env: PlatformEnv, service: ServiceName): string => `${env.AMQP_QUEUE_PREFIX}${service}`;

export const tcpPort = (env: PlatformEnv, service: ServiceName): number => env.SERVICE_PORT_BASE + SERVICES.indexOf(service);

// Nest's RMQ defaults are unsafe and slow as shipped, so every option is set on purpose:
// durable queue and persistent messages survive a broker restart; noAck false means a message is
// acked by AckInterceptor only after its handler finished; prefetch bounds in-flight work; noDelay
// turns off Nagle, which otherwise adds ~40 ms to every RPC (delayed ACK on the reply). The
// connection's name (shown by `rabbitmqctl list_connections user_provided_name` and the management
// UI) says which product and queue it serves, so an operator, or a fault test, can tell them apart.
function rmqOptions(env: PlatformEnv, service: ServiceName, side: 'server' | 'client') {
  const queue = queueName(env, service);
  return {
    urls: [env.AMQP_URL!],
    queue,
    // Rejected messages go to the retry queue (see dead-letter.ts).
    queueOptions: { durable: true, arguments: deadLetterArguments(queue) },
    persistent: true,
    noAck: false,
    prefetchCount: env.AMQP_PREFETCH,
    socketOptions: { connectionOptions: { noDelay: true, clientProperties: { connection_name: `wrenchlog ${side} ${queue}` } } },
  };
}

/** How a service listens: RabbitMQ when AMQP_URL is set, else in-process or Nest TCP on SERVICE_HOST. */
export function serverTransport(env: PlatformEnv, service: ServiceName): MicroserviceOptions {
  if (env.AMQP_URL) {
    return { strategy: new RmqServer(rmqOptions(env, service, 'server')) };
  }
  if (env.RPC_TRANSPORT === 'in-process') {
    return { strategy: new InProcessServer(service) };
  }
  return { strategy: new TcpServer({ host: env.SERVICE_HOST, port: tcpPort(env, service) }) };
}

/** How a caller reaches a service; the same queue options as the server or RabbitMQ refuses them. */
export function clientTransport(env: PlatformEnv, service: ServiceName): ClientOptions {
  if (env.AMQP_URL) {
    // The client declares the queue with the server's options (or RabbitMQ refuses them), but its
    // noAck applies to its direct reply-to consumer, which RabbitMQ requires to be auto-ack.
    return { transport: Transport.RMQ, options: { ...rmqOptions(env, service, 'client'), noAck: true } } as ClientOptions;
  }
  if (env.RPC_TRANSPORT === 'in-process') {
    return { customClass: InProcessClient, options: { endpoint: service } } as ClientOptions;
  }
  return { transport: Transport.TCP, options: { host: env.SERVICE_HOST, port: tcpPort(env, service) } };
}

/** Where a service listens, for its start-up line. */
export function describeTransport(env: PlatformEnv, service: ServiceName): string {
  if (env.AMQP_URL) {
    return `queue ${queueName(env, service)}`;
  }
  return env.RPC_TRANSPORT === 'in-process' ? 'the in-process transport' : `tcp ${env.SERVICE_HOST}:${tcpPort(env, service)}`;
}
