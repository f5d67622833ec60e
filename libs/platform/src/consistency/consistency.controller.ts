import { Controller, Inject, Module, type DynamicModule, type Type } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CONTEXT_OWNERS, type RpcMessage, type ServiceName } from '@wrenchlog/contracts';
import { DataSource } from 'typeorm';
import { PlatformEnv } from '../config/platform-env.js';
import { AppliedLog, type CausedAnswer } from './applied-log.js';

/** The request another service (the gateway) sends to learn what applying a position caused here. */
export interface CausedRequest {
  source: string;
  id: number;
}

/** `<context>.consistency.caused`, answered by every service (bootstrapService adds it). */
export function consistencyPattern(service: ServiceName): string {
  const context = (Object.entries(CONTEXT_OWNERS) as [string, ServiceName][]).find(([, owner]) => owner === service)![0];
  return `${context}.consistency.caused`;
}

/** The longest a service waits for a session's positions: below RPC_TIMEOUT_MS, so its 503 arrives before the caller gives up. */
export const consistencyWaitMs = (env: PlatformEnv): number => Math.floor(env.RPC_TIMEOUT_MS * 0.8);

/**
 * Wraps a service's root module with what every service has for read your writes (issue 37): its
 * AppliedLog (on its database when it has one) and the handler of its consistency pattern.
 */
export function withConsistency(service: ServiceName, root: Type | DynamicModule): DynamicModule {
  @Controller()
  class ConsistencyController {
    constructor(
      @Inject(AppliedLog) private readonly log: AppliedLog,
      @Inject(PlatformEnv) private readonly env: PlatformEnv,
    ) {}

    @MessagePattern(consistencyPattern(service))
    caused(@Payload() m: RpcMessage<CausedRequest>): Promise<CausedAnswer> {
      const { source, id } = m?.payload ?? ({} as CausedRequest);
      if (typeof source !== 'string' || !Number.isSafeInteger(id)) {
        return Promise.resolve({ applied: true, caused: {} });
      }
      const waitMs = Math.min(consistencyWaitMs(this.env), typeof m.meta?.waitMs === 'number' ? Math.max(0, m.meta.waitMs) : consistencyWaitMs(this.env));
      return this.log.causedBy(source, id, waitMs);
    }
  }

  @Module({})
  class ConsistencyRoot {}

  return {
    module: ConsistencyRoot,
    imports: [root],
    controllers: [ConsistencyController],
    providers: [
      {
        provide: AppliedLog,
        inject: [{ token: DataSource, optional: true }],
        useFactory: (dataSource?: DataSource) => new AppliedLog(service, dataSource),
      },
    ],
    exports: [AppliedLog],
  };
}
