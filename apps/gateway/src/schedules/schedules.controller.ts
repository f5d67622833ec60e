import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import {
  CompleteScheduleInput,
  SCHEDULE_BY_MACHINE,
  SCHEDULE_COMPLETE,
  SCHEDULE_CREATE,
  SCHEDULE_DELETE,
  SCHEDULE_GET,
  SCHEDULE_LIST,
  SCHEDULE_TEMPLATES,
  SCHEDULE_UPDATE,
  ScheduleInput,
  ScheduleListQuery,
  ScheduleMessages,
  type Schedule,
  type SchedulePage,
  type ScheduleTemplate,
} from '@wrenchlog/contracts';
import { RpcClient, type CallContext } from '@wrenchlog/platform';
import { IdPipe } from '../http/id.pipe.js';
import { Call } from '../http/request-context.js';
import { validBody } from '../http/valid-body.js';

const machineId = new IdPipe(ScheduleMessages.invalidMachineId);
const scheduleId = new IdPipe(ScheduleMessages.invalidId);

/** Maintenance schedules (schedule-service), a machine's and the fleet's Due list. */
@Controller()
export class SchedulesController {
  constructor(private readonly rpc: RpcClient) {}

  @Post('machines/:id/schedules')
  async create(@Param('id', machineId) id: number, @Body() body: unknown, @Call() call: CallContext): Promise<Schedule> {
    const schedule = await validBody(body, ScheduleInput);
    return this.rpc.send(SCHEDULE_CREATE, { machineId: id, schedule }, call);
  }

  @Get('machines/:id/schedules')
  byMachine(@Param('id', machineId) id: number, @Call() call: CallContext): Promise<Schedule[]> {
    return this.rpc.send(SCHEDULE_BY_MACHINE, { machineId: id }, call);
  }

  /** The fleet's Due list, most urgent first: ?status=overdue,due_soon&machineType=&page=&size= */
  @Get('schedules')
  list(@Query() query: ScheduleListQuery, @Call() call: CallContext): Promise<SchedulePage> {
    return this.rpc.send(SCHEDULE_LIST, query, call);
  }

  @Get('schedules/:id')
  get(@Param('id', scheduleId) id: number, @Call() call: CallContext): Promise<Schedule> {
    return this.rpc.send(SCHEDULE_GET, { id }, call);
  }

  @Put('schedules/:id')
  async update(@Param('id', scheduleId) id: number, @Body() body: unknown, @Call() call: CallContext): Promise<Schedule> {
    const schedule = await validBody(body, ScheduleInput);
    return this.rpc.send(SCHEDULE_UPDATE, { id, schedule }, call);
  }

  @Delete('schedules/:id')
  @HttpCode(204)
  async remove(@Param('id', scheduleId) id: number, @Call() call: CallContext): Promise<void> {
    await this.rpc.send(SCHEDULE_DELETE, { id }, call);
  }

  @Post('schedules/:id/complete')
  async complete(@Param('id', scheduleId) id: number, @Body() body: unknown, @Call() call: CallContext): Promise<Schedule> {
    const { serviceRecordId } = await validBody(body, CompleteScheduleInput);
    return this.rpc.send(SCHEDULE_COMPLETE, { id, serviceRecordId }, call);
  }

  /** The built-in templates for a machine type (?type=Tractor), to add with one click. */
  @Get('schedule-templates')
  templates(@Query('type') type: string | undefined, @Call() call: CallContext): Promise<ScheduleTemplate[]> {
    return this.rpc.send(SCHEDULE_TEMPLATES, { type: typeof type === 'string' ? type.slice(0, 60) : undefined }, call);
  }
}
