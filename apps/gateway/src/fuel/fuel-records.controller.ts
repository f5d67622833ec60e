import { Body, Controller, Delete, Get, Header, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import {
  FUEL_RECORD_CREATE,
  FUEL_RECORD_DELETE,
  FUEL_RECORD_GET,
  FUEL_RECORD_LATEST,
  FUEL_RECORD_LIST_BY_MACHINE,
  FUEL_RECORD_UPDATE,
  FuelRecordInput,
  PageQuery,
  roleMay,
  type FuelRecord,
  type FuelRecordsOfMachine,
  type FuelRecordSaved,
} from '@wrenchlog/contracts';
import { RpcClient, type CallContext } from '@wrenchlog/platform';
import { fuelCarriesReading, withVoidedReadings } from '../schedules/voided-readings.js';
import { Call } from '../http/request-context.js';
import { historyWindow } from '../http/history-window.js';
import { ID } from '../http/id.pipe.js';
import { validBody } from '../http/valid-body.js';

@Controller('fuel-records')
export class FuelRecordsController {
  constructor(private readonly rpc: RpcClient) {}

  /**
   * A machine's fuel records, newest dateOfPurchase first: the newest 500 as an array, or with
   * `page`/`size` one page as {content, totalPages, totalElements, number, size} (history-window.ts).
   */
  @Get('machine/:machineId')
  listByMachine(@Param('machineId', ID) machineId: number, @Query() query: PageQuery, @Call() call: CallContext): Promise<FuelRecordsOfMachine> {
    return this.rpc.send(FUEL_RECORD_LIST_BY_MACHINE, { machineId, ...historyWindow(query) }, call);
  }

  /**
   * The machine's record with the newest dateOfPurchase (its currentMileage prefills the next
   * form's last mileage), or 200 with JSON `null` when the machine has none: a new machine is the
   * normal case, not an error, so the form simply leaves last mileage empty.
   */
  @Get('machine/:machineId/latest')
  @Header('content-type', 'application/json; charset=utf-8')
  async latest(@Param('machineId', ID) machineId: number, @Call() call: CallContext): Promise<string> {
    return JSON.stringify(await this.rpc.send(FUEL_RECORD_LATEST, { machineId }, call));
  }

  @Get(':id')
  get(@Param('id', ID) id: number, @Call() call: CallContext): Promise<FuelRecord> {
    return this.rpc.send(FUEL_RECORD_GET, { id }, call);
  }

  @Post()
  async create(@Body() record: FuelRecordInput, @Call() call: CallContext): Promise<FuelRecordSaved> {
    const saved = await this.rpc.send(FUEL_RECORD_CREATE, { record }, call);
    return withVoidedReadings(this.rpc, call, 'fuel_record', saved, fuelCarriesReading(saved));
  }

  /**
   * A member who may not see money (an operator) sends their record without the prices they were
   * never shown (stripped if sent): the stored prices stay (fuel-purchase-service).
   */
  @Put(':id')
  async update(@Param('id', ID) id: number, @Body() body: unknown, @Call() call: CallContext): Promise<FuelRecordSaved> {
    const role = call.actor?.role;
    // Such a caller's form is checked where it is owned: fuel-purchase-service's ValidInput takes
    // its moneyless form (`withoutMoney`), with the same field messages.
    const record = !role || roleMay(role, 'money.read') ? await validBody(body, FuelRecordInput) : body;
    const saved = await this.rpc.send(FUEL_RECORD_UPDATE, { id, record: record as FuelRecordInput }, call);
    return withVoidedReadings(this.rpc, call, 'fuel_record', saved, fuelCarriesReading(saved));
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@Param('id', ID) id: number, @Call() call: CallContext): Promise<void> {
    await this.rpc.send(FUEL_RECORD_DELETE, { id }, call);
  }
}
