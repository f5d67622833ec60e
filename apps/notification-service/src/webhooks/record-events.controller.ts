import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import {
  FUEL_RECORD_DELETED,
  FUEL_RECORD_SAVED,
  INVENTORY_PURCHASE_DELETED,
  INVENTORY_PURCHASE_SAVED,
  SERVICE_RECORD_DELETED,
  SERVICE_RECORD_SAVED,
  batchPattern,
  type EventBatch,
  type FuelRecordDeletedEvent,
  type FuelRecordSavedEvent,
  type InventoryPurchaseDeletedEvent,
  type InventoryPurchaseSavedEvent,
  type RpcMessage,
  type ServiceRecordDeletedEvent,
  type ServiceRecordSavedEvent,
} from '@wrenchlog/contracts';
import { RecordEventsService } from './record-events.service.js';

@Controller()
export class RecordEventsController {
  constructor(private readonly records: RecordEventsService) {}

  @EventPattern(SERVICE_RECORD_SAVED)
  serviceSaved(@Payload() m: RpcMessage<ServiceRecordSavedEvent>) {
    return this.records.serviceSaved(m);
  }

  @EventPattern(SERVICE_RECORD_DELETED)
  serviceDeleted(@Payload() m: RpcMessage<ServiceRecordDeletedEvent>) {
    return this.records.serviceDeleted(m);
  }

  @EventPattern(FUEL_RECORD_SAVED)
  fuelSaved(@Payload() m: RpcMessage<FuelRecordSavedEvent>) {
    return this.records.fuelSaved(m);
  }

  @EventPattern(batchPattern(FUEL_RECORD_SAVED))
  fuelSavedBatch(@Payload() m: RpcMessage<EventBatch<FuelRecordSavedEvent>>) {
    return this.records.fuelSavedBatch(m);
  }

  @EventPattern(FUEL_RECORD_DELETED)
  fuelDeleted(@Payload() m: RpcMessage<FuelRecordDeletedEvent>) {
    return this.records.fuelDeleted(m);
  }

  @EventPattern(INVENTORY_PURCHASE_SAVED)
  purchaseSaved(@Payload() m: RpcMessage<InventoryPurchaseSavedEvent>) {
    return this.records.purchaseSaved(m);
  }

  @EventPattern(INVENTORY_PURCHASE_DELETED)
  purchaseDeleted(@Payload() m: RpcMessage<InventoryPurchaseDeletedEvent>) {
    return this.records.purchaseDeleted(m);
  }
}
