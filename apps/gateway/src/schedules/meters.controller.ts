import { Body, Controller, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import {
  CreateReadingInput,
  MACHINE_RESOLVE,
  READING_BATCH,
  ReadingBatchInput,
  ReadingBatchLimits,
  METER_BY_MACHINE,
  METER_REPLACE,
  METER_UPDATE,
  MeterMessages,
  PageQuery,
  READING_CREATE,
  READING_LIST,
  READING_UPDATE,
  ReplaceMeterInput,
  UpdateMeterInput,
  UpdateReadingInput,
  type Meter,
  type MeterReading,
  type MeterReadingPage,
  type ReadingBatchResult,
} from '@wrenchlog/contracts';
import { RpcClient, type CallContext } from '@wrenchlog/platform';
import { IdPipe } from '../http/id.pipe.js';
import { Call } from '../http/request-context.js';
import { validBody } from '../http/valid-body.js';

const machineId = new IdPipe(MeterMessages.invalidMachineId);
const meterId = new IdPipe(MeterMessages.invalidId);

/** Meters and their readings (schedule-service). */
@Controller()
export class MetersController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('machines/:id/meters')
  byMachine(@Param('id', machineId) id: number, @Call() call: CallContext): Promise<Meter[]> {
    return this.rpc.send(METER_BY_MACHINE, { machineId: id }, call);
  }

  @Put('meters/:id')
  async update(@Param('id', meterId) id: number, @Body() body: unknown, @Call() call: CallContext): Promise<Meter> {
    const meter = await validBody(body, UpdateMeterInput);
    return this.rpc.send(METER_UPDATE, { id, meter }, call);
  }

  @Post('meters/:id/readings')
  async addReading(@Param('id', meterId) id: number, @Body() body: unknown, @Call() call: CallContext): Promise<MeterReading> {
    const reading = await validBody(body, CreateReadingInput);
    return this.rpc.send(READING_CREATE, { meterId: id, reading }, call);
  }

  /**
   * Up to 1,000 readings at once (issue 33, telematics and scripts): the VINs and serial numbers of
   * the whole batch resolved in one call to machine-service, then schedule-service stores, skips or
   * refuses each reading as it would one.
   */
  @Post('readings/batch')
  @HttpCode(200)
  async batch(@Body() body: unknown, @Call() call: CallContext): Promise<ReadingBatchResult> {
    const batch = await validBody(body, ReadingBatchInput);
    const identifiers = [...new Set(batch.readings.flatMap((r) => r.vin ?? []))];
    const serialNumbers = [...new Set(batch.readings.flatMap((r) => r.serialNumber ?? []))];
    const named = identifiers.length > 0 || serialNumbers.length > 0;
    const { machines } = named ? await this.rpc.send(MACHINE_RESOLVE, { identifiers, serialNumbers }, call) : { machines: [] };
    return this.rpc.send(READING_BATCH, { batch, machines }, { ...call, timeoutMs: ReadingBatchLimits.replyTimeoutMs });
  }

  /** Newest first, paged like the services list: ?page=0&size=20. */
  @Get('meters/:id/readings')
  readings(@Param('id', meterId) id: number, @Query() query: PageQuery, @Call() call: CallContext): Promise<MeterReadingPage> {
    return this.rpc.send(READING_LIST, { meterId: id, page: query.page, size: query.size }, call);
  }

  @Post('meters/:id/replacement')
  async replace(@Param('id', meterId) id: number, @Body() body: unknown, @Call() call: CallContext): Promise<MeterReading> {
    const replacement = await validBody(body, ReplaceMeterInput);
    return this.rpc.send(METER_REPLACE, { meterId: id, replacement }, call);
  }

  /** Void or unvoid: {void: boolean}. */
  @Put('readings/:id')
  async updateReading(
    @Param('id', new IdPipe(MeterMessages.invalidReadingId)) id: number,
    @Body() body: unknown,
    @Call() call: CallContext,
  ): Promise<MeterReading> {
    const reading = await validBody(body, UpdateReadingInput);
    return this.rpc.send(READING_UPDATE, { id, reading }, call);
  }
}
