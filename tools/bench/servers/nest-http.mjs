// L_nest_http (a reference, not a denominator): the same constant JSON route on a bare Nest app over
// Fastify, as the gateway is built, with none of the gateway's plugins, hooks, guard or pipes. It
// shows what the framework itself reaches next to L_http, and so how much of `/health`'s gap to
// 0.7 x L_http is ours. Decorators are applied by hand (plain JavaScript). Prints `ready <port>`.
import 'reflect-metadata';
import { Controller, Get, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';

class HealthController {
  live() {
    return { status: 'ok' };
  }
}
Controller('health')(HealthController);
Get()(HealthController.prototype, 'live', Object.getOwnPropertyDescriptor(HealthController.prototype, 'live'));
class HealthModule {}
Module({ controllers: [HealthController] })(HealthModule);

const app = await NestFactory.create(HealthModule, new FastifyAdapter(), { logger: ['error'] });
await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`ready ${app.getHttpServer().address().port}`);
