import { Module, type DynamicModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PlatformEnv } from '../config/platform-env.js';
import { dataSourceOptions, type ServiceDatabase } from './data-source-options.js';
import { ensurePostgresDatabase } from './ensure-database.js';

@Module({})
export class DatabaseModule {
  /** The service's own database, migrated at boot. Use TypeOrmModule.forFeature for repositories. */
  static forService(db: ServiceDatabase): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [
        TypeOrmModule.forRootAsync({
          inject: [PlatformEnv],
          useFactory: async (env: PlatformEnv) => {
            const options = dataSourceOptions(env, db);
            if (options.type === 'postgres' && typeof options.url === 'string') {
              await ensurePostgresDatabase(options.url);
            }
            return options;
          },
        }),
      ],
      exports: [TypeOrmModule],
    };
  }
}
