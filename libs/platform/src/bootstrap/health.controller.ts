import { Controller, Module, Optional, type DynamicModule } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { healthPattern, type HealthReply, type ServiceName } from '@wrenchlog/contracts';
import { DataSource } from 'typeorm';

export async function databaseStatus(dataSource: DataSource | undefined): Promise<HealthReply['database']> {
  if (!dataSource) {
    return 'none';
  }
  await dataSource.query('SELECT 1');
  return 'up';
}

@Module({})
export class HealthModule {
  /** Answers `<context>.health.ping` so the gateway's readiness check reaches this service and its database. */
  static forService(service: ServiceName): DynamicModule {
    @Controller()
    class HealthController {
      constructor(@Optional() private readonly dataSource?: DataSource) {}

      @MessagePattern(healthPattern(service))
      async ping(): Promise<HealthReply> {
        return { service, status: 'ok', database: await databaseStatus(this.dataSource) };
      }
    }
    return { module: HealthModule, controllers: [HealthController] };
  }
}
