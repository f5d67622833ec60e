import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  SCHEDULE_BY_MACHINE,
  SCHEDULE_COMPLETE,
  SCHEDULE_CREATE,
  SCHEDULE_DELETE,
  SCHEDULE_GET,
  SCHEDULE_LIST,
  SCHEDULE_TEMPLATES,
  SCHEDULE_UPDATE,
  CompleteScheduleInput,
  ScheduleInput,
  ScheduleListQuery,
  type CompleteScheduleRequest,
  type CreateScheduleRequest,
  type MachineSchedulesRequest,
  type RpcMessage,
  type ScheduleIdRequest,
  type ScheduleTemplatesRequest,
  type UpdateScheduleRequest,
  type Actor,
} from '@wrenchlog/contracts';
import { Caller, ValidInput } from '@wrenchlog/platform';
import { SchedulesService } from './schedules.service.js';

@Controller()
export class SchedulesController {
  constructor(private readonly schedules: SchedulesService) {}

  @ValidInput(ScheduleInput, { at: 'schedule' })
  @MessagePattern(SCHEDULE_CREATE)
  create(@Payload() m: RpcMessage<CreateScheduleRequest>, @Caller('schedule.write') caller: Actor) {
    return this.schedules.create(caller, m.payload, m.meta);
  }

  @MessagePattern(SCHEDULE_BY_MACHINE)
  byMachine(@Payload() m: RpcMessage<MachineSchedulesRequest>, @Caller('schedule.read') caller: Actor) {
    return this.schedules.byMachine(caller, m.payload?.machineId);
  }

  @ValidInput(ScheduleListQuery)
  @MessagePattern(SCHEDULE_LIST)
  list(@Payload() m: RpcMessage<ScheduleListQuery>, @Caller('schedule.read') caller: Actor) {
    return this.schedules.list(caller, m.payload);
  }

  @MessagePattern(SCHEDULE_GET)
  get(@Payload() m: RpcMessage<ScheduleIdRequest>, @Caller('schedule.read') caller: Actor) {
    return this.schedules.get(caller, m.payload?.id);
  }

  @ValidInput(ScheduleInput, { at: 'schedule' })
  @MessagePattern(SCHEDULE_UPDATE)
  update(@Payload() m: RpcMessage<UpdateScheduleRequest>, @Caller('schedule.write') caller: Actor) {
    return this.schedules.update(caller, m.payload, m.meta);
  }

  @MessagePattern(SCHEDULE_DELETE)
  delete(@Payload() m: RpcMessage<ScheduleIdRequest>, @Caller('schedule.write') caller: Actor) {
    return this.schedules.delete(caller, m.payload?.id, m.meta);
  }

  @ValidInput(CompleteScheduleInput, { besides: ['id'] })
  @MessagePattern(SCHEDULE_COMPLETE)
  complete(@Payload() m: RpcMessage<CompleteScheduleRequest>, @Caller('schedule.write') caller: Actor) {
    return this.schedules.complete(caller, m.payload, m.meta);
  }

  @MessagePattern(SCHEDULE_TEMPLATES)
  templates(@Payload() m: RpcMessage<ScheduleTemplatesRequest>, @Caller('schedule.read') _caller: Actor) {
    return this.schedules.templates(m.payload?.type);
  }
}
