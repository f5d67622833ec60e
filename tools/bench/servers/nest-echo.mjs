// L_rpc_nest server: a Nest RMQ microservice with the production transport options, global
// filter and ack interceptor of libs/platform (as bootstrapService sets them up), answering
// `bench.echo` with its payload. Decorators are applied by hand (this is plain JavaScript). Prints `ready`.
import 'reflect-metadata';
import { Controller, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MessagePattern } from '@nestjs/microservices';
import { AckInterceptor, declareDeadLetterQueues, queueName, RpcDomainErrorFilter, serverTransport } from '@wrenchlog/platform';
import { benchRmqEnv, ECHO_SERVICE } from '../rmq-env.mjs';

class EchoController {
  echo(message) {
    return message;
  }
}
Controller()(EchoController);
MessagePattern('bench.echo')(EchoController.prototype, 'echo', Object.getOwnPropertyDescriptor(EchoController.prototype, 'echo'));
class EchoModule {}
Module({ controllers: [EchoController] })(EchoModule);

const env = benchRmqEnv();
await declareDeadLetterQueues(env.AMQP_URL, queueName(env, ECHO_SERVICE), env.AMQP_RETRY_DELAY_MS);
const app = await NestFactory.createMicroservice(EchoModule, { ...serverTransport(env, ECHO_SERVICE), logger: ['error'] });
app.useGlobalFilters(new RpcDomainErrorFilter());
app.useGlobalInterceptors(new AckInterceptor({ maxRetries: env.AMQP_MAX_RETRIES }));
app.enableShutdownHooks(['SIGTERM']);
await app.listen();
console.log('ready');
