import { Module, type DynamicModule } from '@nestjs/common';
import { AccountMemberEntity, ConfigModule, DatabaseModule, HealthModule, OutboxEvent, PlatformEnv, RpcModule } from '@wrenchlog/platform';
import { CommonModule } from './common/common.module.js';
import { FuelRecordEntity } from './fuel/fuel-record.entity.js';
import { FuelModule } from './fuel/fuel.module.js';
import { InventoryModule } from './inventory/inventory.module.js';
import { PartEntity } from './inventory/part.entity.js';
import { StockHoldEntity } from './inventory/stock-hold.entity.js';
import { StockMovementEntity } from './inventory/stock-movement.entity.js';
import { StockReservationEntity } from './inventory/stock-reservation.entity.js';
import { StockTakeEntity } from './inventory/stock-take.entity.js';
import { SupplierEntity } from './inventory/supplier.entity.js';
import { KnownMachineEntity } from './machines/known-machine.entity.js';
import { MachinesModule } from './machines/machines.module.js';
import { migrations } from './migrations/index.js';
import { PurchaseEntity } from './purchases/purchase.entity.js';
import { PurchasesModule } from './purchases/purchases.module.js';
import { ReorderModule } from './reorder/reorder.module.js';

// AccountMemberEntity: the members projection behind createdBy / updatedBy and machine assignments (issue 32, MembersModule through CommonModule).
export const entities = [
  FuelRecordEntity,
  PurchaseEntity,
  PartEntity,
  SupplierEntity,
  KnownMachineEntity,
  AccountMemberEntity,
  OutboxEvent,
  StockTakeEntity,
  StockHoldEntity,
  StockReservationEntity,
  StockMovementEntity,
];

@Module({})
export class AppModule {
  static register(env: PlatformEnv): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(env),
        RpcModule.forRoot(),
        DatabaseModule.forService({ service: 'fuel-purchase-service', entities, migrations }),
        HealthModule.forService('fuel-purchase-service'),
        CommonModule,
        MachinesModule,
        InventoryModule,
        PurchasesModule,
        FuelModule,
        ReorderModule,
      ],
    };
  }
}
