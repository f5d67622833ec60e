import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import {
  PageQuery,
  RecentServicesQuery,
  SERVICE_RECORD_BY_MACHINE,
  SERVICE_RECORD_CREATE,
  SERVICE_RECORD_DELETE,
  SERVICE_RECORD_GET,
  SERVICE_RECORD_RECENT,
  SERVICE_RECORD_UPDATE,
  ServiceRecordInput,
  ServiceRecordMessages,
  UpdateServiceRecordInput,
  type ServiceRecord,
  type ServiceRecordPage,
  type ServiceRecordsOfMachine,
  type ServiceRecordSaved,
} from '@wrenchlog/contracts';
import { RpcClient, type CallContext } from '@wrenchlog/platform';
import { historyWindow } from '../http/history-window.js';
import { Call } from '../http/request-context.js';
import { validBody } from '../http/valid-body.js';
import { IdPipe } from '../http/id.pipe.js';
import { serviceCarriesReading, withVoidedReadings } from '../schedules/voided-readings.js';

const recordId = new IdPipe(ServiceRecordMessages.invalidId);
const updateId = new IdPipe(ServiceRecordMessages.invalidUpdate);
const machineId = new IdPipe(ServiceRecordMessages.invalidMachineId, 'machineId');

/** The spec's service-record calls (document 1, section 7), one RPC each. */
@Controller('services')
export class ServiceRecordsController {
  constructor(private readonly rpc: RpcClient) {}

  @Post('fastCreate')
  async create(@Body() body: unknown, @Call() call: CallContext): Promise<ServiceRecordSaved> {
    const record = await validBody(body, ServiceRecordInput, ServiceRecordMessages.invalid);
    const saved = await this.rpc.send(SERVICE_RECORD_CREATE, record, call);
    return withVoidedReadings(this.rpc, call, 'service_record', saved, serviceCarriesReading(saved));
  }

  /** The recent services list: ?page=0&size=12&status=&sort=serviceDate,desc&q= */
  @Get('recent')
  recent(@Query() query: RecentServicesQuery, @Call() call: CallContext): Promise<ServiceRecordPage> {
    return this.rpc.send(SERVICE_RECORD_RECENT, query, call);
  }

  /**
   * A machine's records, newest service date first (the machine details Services tab): the newest
   * 500 as an array, or with `page`/`size` one page (history-window.ts).
   */
  @Get('machine/:machineId')
  byMachine(@Param('machineId', machineId) id: number, @Query() query: PageQuery, @Call() call: CallContext): Promise<ServiceRecordsOfMachine> {
    return this.rpc.send(SERVICE_RECORD_BY_MACHINE, { machineId: id, ...historyWindow(query) }, call);
  }

  @Get(':id')
  get(@Param('id', recordId) id: number, @Call() call: CallContext): Promise<ServiceRecord> {
    return this.rpc.send(SERVICE_RECORD_GET, { id }, call);
  }

  @Put(':id')
  async update(@Param('id', updateId) id: number, @Body() body: unknown, @Call() call: CallContext): Promise<ServiceRecordSaved> {
    const record = await validBody(body, UpdateServiceRecordInput, ServiceRecordMessages.invalidUpdate);
    const saved = await this.rpc.send(SERVICE_RECORD_UPDATE, { id, record }, call);
    return withVoidedReadings(this.rpc, call, 'service_record', saved, serviceCarriesReading(saved));
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@Param('id', recordId) id: number, @Call() call: CallContext): Promise<void> {
    await this.rpc.send(SERVICE_RECORD_DELETE, { id }, call);
  }
}
