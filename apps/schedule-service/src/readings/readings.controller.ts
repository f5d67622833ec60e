import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  METER_BY_MACHINE,
  METER_REPLACE,
  METER_UPDATE,
  READING_CREATE,
  READING_LIST,
  READING_UPDATE,
  type CreateReadingRequest,
  type MachineMetersRequest,
  type ReadingListRequest,
  type ReplaceMeterRequest,
  type RpcMessage,
  type UpdateMeterRequest,
  type UpdateReadingRequest,
  type Actor,
} from '@wrenchlog/contracts';
import { Caller } from '@wrenchlog/platform';
import { ReadingsService } from './readings.service.js';

@Controller()
export class ReadingsController {
  constructor(private readonly readings: ReadingsService) {}

  @MessagePattern(METER_BY_MACHINE)
  byMachine(@Payload() m: RpcMessage<MachineMetersRequest>, @Caller() caller: Actor) {
    return this.readings.byMachine(caller, m.payload?.machineId);
  }

  @MessagePattern(METER_UPDATE)
  updateMeter(@Payload() m: RpcMessage<UpdateMeterRequest>, @Caller() caller: Actor) {
    return this.readings.updateMeter(caller, m.payload, m.meta);
  }

  @MessagePattern(METER_REPLACE)
  replace(@Payload() m: RpcMessage<ReplaceMeterRequest>, @Caller() caller: Actor) {
    return this.readings.replace(caller, m.payload, m.meta);
  }

  @MessagePattern(READING_CREATE)
  create(@Payload() m: RpcMessage<CreateReadingRequest>, @Caller() caller: Actor) {
    return this.readings.create(caller, m.payload, m.meta);
  }

  @MessagePattern(READING_LIST)
  list(@Payload() m: RpcMessage<ReadingListRequest>, @Caller() caller: Actor) {
    return this.readings.list(caller, m.payload);
  }

  @MessagePattern(READING_UPDATE)
  setVoid(@Payload() m: RpcMessage<UpdateReadingRequest>, @Caller() caller: Actor) {
    return this.readings.setVoid(caller, m.payload, m.meta);
  }
}
