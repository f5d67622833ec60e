import { Module, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { Actor } from '@wrenchlog/contracts';
import { PlatformEnv } from '../src/config/platform-env.js';
import { RpcDomainErrorFilter } from '../src/errors/rpc-error.filter.js';
import { MoneyInterceptor } from '../src/rpc/money.interceptor.js';
import { RpcClient, ServiceClients } from '../src/rpc/rpc-client.js';
import { serverTransport } from '../src/rpc/transport.js';

/** Sends `payload` to `pattern` as `actor`, through the real client and transport. */
export type InProcessSend = (pattern: string, payload: unknown, actor: Actor | null) => Promise<unknown>;

/**
 * Controllers served as user-service by a real Nest microservice on the in-process transport, with
 * the services' error filter, and a client that calls them: the handler decorators' tests run them
 * as a service would.
 */
export async function serveInProcess(controllers: Type[]): Promise<{ send: InProcessSend; close: () => Promise<void> }> {
  const env = Object.assign(new PlatformEnv(), { RPC_TRANSPORT: 'in-process', RPC_TIMEOUT_MS: 2000 }) as PlatformEnv;
  @Module({ controllers })
  class ControllersModule {}

  const app = await NestFactory.createMicroservice(ControllersModule, { ...serverTransport(env, 'user-service'), logger: false });
  app.useGlobalFilters(new RpcDomainErrorFilter());
  app.useGlobalInterceptors(new MoneyInterceptor());
  await app.listen();
  const clients = new ServiceClients(env);
  const rpc = new RpcClient(clients, env);
  return {
    send: (pattern, payload, actor) => rpc.send(pattern as never, payload as never, { actor, correlationId: 'c-1' } as never),
    close: async () => {
      await clients.onApplicationShutdown();
      await app.close();
    },
  };
}
