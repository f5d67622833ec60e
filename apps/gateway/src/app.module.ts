import { Module, type DynamicModule } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { ConfigModule, RpcModule } from '@wrenchlog/platform';
import { createSecretKey } from 'node:crypto';
import { AccountsModule } from './accounts/accounts.module.js';
import { AdminModule } from './admin/admin.module.js';
import { AnalyticsModule } from './analytics/analytics.module.js';
import { AuthModule } from './auth/auth.module.js';
import { ContactModule } from './contact/contact.module.js';
import type { GatewayEnv } from './config/gateway-env.js';
import type { GatewaySecrets } from './config/secrets.js';
import { HealthController } from './health/health.controller.js';
import { FuelModule } from './fuel/fuel.module.js';
import { InventoryModule } from './inventory/inventory.module.js';
import { PublicConfigModule } from './public-config/public-config.module.js';
import { PurchasesModule } from './purchases/purchases.module.js';
import { GatewayInfo } from './root/gateway-info.js';
import { RootController } from './root/root.controller.js';
import { UserController } from './user/user.controller.js';
import { ServiceRecordsModule } from './service-records/service-records.module.js';
import { ImagesModule } from './images/images.module.js';
import { DocumentsModule } from './documents/documents.module.js';
import { MachinesModule } from './machines/machines.module.js';
import { SchedulesModule } from './schedules/schedules.module.js';
import { WorkModule } from './work/work.module.js';
import { ReportsModule } from './reports/reports.module.js';
import { ImportsModule } from './imports/imports.module.js';
import { NotificationsModule } from './notifications/notifications.module.js';
import { ExportsModule } from './exports/exports.module.js';

@Module({})
export class AppModule {
  static register(env: GatewayEnv, secrets: GatewaySecrets, info: GatewayInfo): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(env),
        RpcModule.forRoot(),
        // A KeyObject, not the string: given a string, jsonwebtoken first tries to parse it as a public
        // key on every verify (about 2 ms of CPU per signed-in request, measured by npm run bench).
        JwtModule.register({ global: true, secret: createSecretKey(Buffer.from(secrets.jwtSecret)), signOptions: { algorithm: 'HS256' } }),
        AuthModule,
        ImagesModule.register(secrets.urlSigningSecret),
        DocumentsModule.register(secrets.urlSigningSecret),
        MachinesModule,
        FuelModule,
        PurchasesModule,
        InventoryModule,
        AdminModule,
        AccountsModule,
        ContactModule,
        AnalyticsModule,
        ServiceRecordsModule,
        PublicConfigModule,
        SchedulesModule,
        WorkModule,
        ReportsModule,
        ImportsModule,
        NotificationsModule,
        ExportsModule.register(secrets.urlSigningSecret),
      ],
      controllers: [RootController, UserController, HealthController],
      providers: [{ provide: GatewayInfo, useValue: info }],
    };
  }
}
