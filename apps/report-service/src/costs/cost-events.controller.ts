import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import {
  FUEL_RECORD_DELETED,
  FUEL_RECORD_SAVED,
  INVENTORY_PURCHASE_DELETED,
  INVENTORY_PURCHASE_SAVED,
  NOTIFICATION_TIME_ZONE_CHANGED,
  SERVICE_RECORD_DELETED,
  SERVICE_RECORD_SAVED,
  batchPattern,
  type EventBatch,
  type FuelRecordDeletedEvent,
  type FuelRecordSavedEvent,
  type InventoryPurchaseDeletedEvent,
  type InventoryPurchaseSavedEvent,
  type NotificationTimeZoneChangedEvent,
  type RpcMessage,
  type ServiceRecordDeletedEvent,
  type ServiceRecordSavedEvent,
} from '@wrenchlog/contracts';
import { ReadModelVersions, zoneAccountOf } from '../versions/read-model-versions.js';
import { CostEventsService } from './cost-events.service.js';

// Each event raises its account's read-model version once applied, which retires its cached reports.
@Controller()
export class CostEventsController {
  constructor(
    private readonly costs: CostEventsService,
    private readonly versions: ReadModelVersions,
  ) {}

  @EventPattern(SERVICE_RECORD_SAVED)
  serviceSaved(@Payload() m: RpcMessage<ServiceRecordSavedEvent>) {
    return this.versions.after(m, () => this.costs.onServiceSaved(m));
  }

  @EventPattern(SERVICE_RECORD_DELETED)
  serviceDeleted(@Payload() m: RpcMessage<ServiceRecordDeletedEvent>) {
    return this.versions.after(m, () => this.costs.onServiceDeleted(m));
  }

  @EventPattern(FUEL_RECORD_SAVED)
  fuelSaved(@Payload() m: RpcMessage<FuelRecordSavedEvent>) {
    return this.versions.after(m, () => this.costs.onFuelSaved(m));
  }

  @EventPattern(batchPattern(FUEL_RECORD_SAVED))
  fuelSavedBatch(@Payload() m: RpcMessage<EventBatch<FuelRecordSavedEvent>>) {
    return this.versions.afterBatch(m, () => this.costs.onFuelSavedBatch(m));
  }

  @EventPattern(FUEL_RECORD_DELETED)
  fuelDeleted(@Payload() m: RpcMessage<FuelRecordDeletedEvent>) {
    return this.versions.after(m, () => this.costs.onFuelDeleted(m));
  }

  @EventPattern(INVENTORY_PURCHASE_SAVED)
  purchaseSaved(@Payload() m: RpcMessage<InventoryPurchaseSavedEvent>) {
    return this.versions.after(m, () => this.costs.onPurchaseSaved(m));
  }

  @EventPattern(INVENTORY_PURCHASE_DELETED)
  purchaseDeleted(@Payload() m: RpcMessage<InventoryPurchaseDeletedEvent>) {
    return this.versions.after(m, () => this.costs.onPurchaseDeleted(m));
  }

  @EventPattern(NOTIFICATION_TIME_ZONE_CHANGED)
  timeZoneChanged(@Payload() m: RpcMessage<NotificationTimeZoneChangedEvent>) {
    return this.versions.after(m, () => this.costs.onTimeZoneChanged(m), zoneAccountOf);
  }
}
