import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import {
  FUEL_RECORD_DELETED,
  FUEL_RECORD_SAVED,
  SERVICE_RECORD_DELETED,
  SERVICE_RECORD_SAVED,
  batchPattern,
  type EventBatch,
  type FuelRecordDeletedEvent,
  type FuelRecordSavedEvent,
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
    return this.records.onServiceRecordSaved(m);
  }

  @EventPattern(SERVICE_RECORD_DELETED)
  serviceDeleted(@Payload() m: RpcMessage<ServiceRecordDeletedEvent>) {
    return this.records.onServiceRecordDeleted(m);
  }

  @EventPattern(FUEL_RECORD_SAVED)
  fuelSaved(@Payload() m: RpcMessage<FuelRecordSavedEvent>) {
    return this.records.onFuelRecordSaved(m);
  }

  @EventPattern(batchPattern(FUEL_RECORD_SAVED))
  fuelSavedBatch(@Payload() m: RpcMessage<EventBatch<FuelRecordSavedEvent>>) {
    return this.records.onFuelRecordSavedBatch(m);
  }

  @EventPattern(FUEL_RECORD_DELETED)
  fuelDeleted(@Payload() m: RpcMessage<FuelRecordDeletedEvent>) {
    return this.records.onFuelRecordDeleted(m);
  }
}
