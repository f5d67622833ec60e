import { Module, type DynamicModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ConfigModule, DatabaseModule, HealthModule, OutboxEvent, OutboxModule, PlatformEnv, RpcModule } from '@wrenchlog/platform';
import { UserTransactions } from './common/transactions.js';
import { FuelRecordEntity } from './fuel/fuel-record.entity.js';
import { FuelRecordsController } from './fuel/fuel-records.controller.js';
import { FuelRecordsService } from './fuel/fuel-records.service.js';
import { InventoryController } from './inventory/inventory.controller.js';
import { InventoryService } from './inventory/inventory.service.js';
import { PartEntity } from './inventory/part.entity.js';
import { SupplierEntity } from './inventory/supplier.entity.js';
import { MachineDeletedService } from './machines/machine-deleted.service.js';
import { MachineEventsController } from './machines/machine-events.controller.js';
import { migrations } from './migrations/index.js';
import { PurchaseEntity } from './purchases/purchase.entity.js';
import { PurchasesController } from './purchases/purchases.controller.js';
import { PurchasesService } from './purchases/purchases.service.js';

export const entities = [FuelRecordEntity, PurchaseEntity, PartEntity, SupplierEntity, OutboxEvent];

@Module({})
export class AppModule {
  static register(env: PlatformEnv): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(env),
        RpcModule.forRoot(),
        DatabaseModule.forService({ service: 'fuel-purchase-service', entities, migrations }),
        TypeOrmModule.forFeature(entities),
        HealthModule.forService('fuel-purchase-service'),
        // fuel.record.saved and .deleted for schedule-service (issue 21).
        OutboxModule,
      ],
      controllers: [FuelRecordsController, PurchasesController, InventoryController, MachineEventsController],
      providers: [UserTransactions, FuelRecordsService, PurchasesService, InventoryService, MachineDeletedService],
    };
  }
}
