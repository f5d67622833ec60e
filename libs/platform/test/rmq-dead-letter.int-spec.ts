import { Controller, Module, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ClientProxyFactory, EventPattern, Payload, type ClientProxy } from '@nestjs/microservices';
import type { RpcMessage } from '@wrenchlog/contracts';
import { distributedServersAvailable, expectEventually, TEST_AMQP_URL } from '@wrenchlog/testing';
import amqp from 'amqplib';
import { randomBytes } from 'node:crypto';
import { firstValueFrom } from 'rxjs';
import { loadEnv } from '../src/config/load-env.js';
import { PlatformEnv } from '../src/config/platform-env.js';
import { AckInterceptor } from '../src/rpc/ack.interceptor.js';
import { declareDeadLetterQueues, parkingQueueOf, retryQueueOf } from '../src/rpc/dead-letter.js';
import { clientTransport, queueName, serverTransport } from '../src/rpc/transport.js';

const deliveries: { n: number; poison: boolean }[] = [];

@Controller()
class ProbeController {
  @EventPattern('probe.thing.happened')
  handle(@Payload() m: RpcMessage<{ n: number; poison: boolean }>): void {
    deliveries.push(m.payload);
    if (m.payload.poison) {
      throw new Error('this message can never be handled');
    }
  }
}

@Module({ controllers: [ProbeController] })
class ProbeModule {}

const available = await distributedServersAvailable();
const describeWithBroker = available ? describe : describe.skip;

describeWithBroker('event delivery over RabbitMQ', () => {
  const env = loadEnv(PlatformEnv, {
    AMQP_URL: TEST_AMQP_URL,
    AMQP_QUEUE_PREFIX: `wl_dlq_${randomBytes(4).toString('hex')}.`,
    AMQP_RETRY_DELAY_MS: '100',
    AMQP_MAX_RETRIES: '2',
  });
  const queue = queueName(env, 'user-service');
  let server: INestMicroservice;
  let client: ClientProxy;

  beforeAll(async () => {
    await declareDeadLetterQueues(env.AMQP_URL!, queue, env.AMQP_RETRY_DELAY_MS);
    server = await NestFactory.createMicroservice(ProbeModule, { ...serverTransport(env, 'user-service'), logger: false });
    server.useGlobalInterceptors(new AckInterceptor({ maxRetries: env.AMQP_MAX_RETRIES }));
    await server.listen();
    client = ClientProxyFactory.create(clientTransport(env, 'user-service'));
    await client.connect();
  });

  afterAll(async () => {
    await client?.close();
    await server?.close();
    const connection = await amqp.connect(TEST_AMQP_URL);
    const channel = await connection.createChannel();
    for (const q of [queue, retryQueueOf(queue), parkingQueueOf(queue)]) {
      await channel.deleteQueue(q);
    }
    await connection.close();
  });

  const emit = (payload: { n: number; poison: boolean }) =>
    firstValueFrom(client.emit('probe.thing.happened', { actor: null, payload, meta: { correlationId: `c${payload.n}` } }), { defaultValue: undefined });

  it('parks a poison event after the retry bound while the events behind it flow', async () => {
    await emit({ n: 1, poison: true });
    for (const n of [2, 3, 4]) {
      await emit({ n, poison: false });
    }

    await expectEventually(
      async () => {
        const connection = await amqp.connect(TEST_AMQP_URL);
        try {
          const channel = await connection.createChannel();
          expect((await channel.checkQueue(parkingQueueOf(queue))).messageCount).toBe(1);
        } finally {
          await connection.close();
        }
      },
      10000,
      200,
    );

    expect(deliveries.filter((d) => !d.poison).map((d) => d.n)).toEqual([2, 3, 4]);
    // The first delivery and exactly maxRetries redeliveries, each after the retry delay.
    expect(deliveries.filter((d) => d.poison)).toHaveLength(3);
  });
});
