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
  type CompleteScheduleRequest,
  type CreateScheduleRequest,
  type MachineSchedulesRequest,
  type RpcMessage,
  type ScheduleIdRequest,
  type ScheduleListQuery,
  type ScheduleTemplatesRequest,
  type UpdateScheduleRequest,
} from '@wrenchlog/contracts';
import { SchedulesService } from './schedules.service.js';

@Controller()
export class SchedulesController {
  constructor(private readonly schedules: SchedulesService) {}

  @MessagePattern(SCHEDULE_CREATE)
  create(@Payload() m: RpcMessage<CreateScheduleRequest>) {
    return this.schedules.create(m.actor, m.payload, m.meta);
  }

  @MessagePattern(SCHEDULE_BY_MACHINE)
  byMachine(@Payload() m: RpcMessage<MachineSchedulesRequest>) {
    return this.schedules.byMachine(m.actor, m.payload?.machineId);
  }

  @MessagePattern(SCHEDULE_LIST)
  list(@Payload() m: RpcMessage<ScheduleListQuery>) {
    return this.schedules.list(m.actor, m.payload);
  }

  @MessagePattern(SCHEDULE_GET)
  get(@Payload() m: RpcMessage<ScheduleIdRequest>) {
    return this.schedules.get(m.actor, m.payload?.id);
  }

  @MessagePattern(SCHEDULE_UPDATE)
  update(@Payload() m: RpcMessage<UpdateScheduleRequest>) {
    return this.schedules.update(m.actor, m.payload, m.meta);
  }

  @MessagePattern(SCHEDULE_DELETE)
  delete(@Payload() m: RpcMessage<ScheduleIdRequest>) {
    return this.schedules.delete(m.actor, m.payload?.id, m.meta);
  }

  @MessagePattern(SCHEDULE_COMPLETE)
  complete(@Payload() m: RpcMessage<CompleteScheduleRequest>) {
    return this.schedules.complete(m.actor, m.payload, m.meta);
  }

  @MessagePattern(SCHEDULE_TEMPLATES)
  templates(@Payload() m: RpcMessage<ScheduleTemplatesRequest>) {
    return this.schedules.templates(m.actor, m.payload?.type);
  }
}
