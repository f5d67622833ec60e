import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import {
  CompleteWorkOrderInput,
  WORK_ORDER_COMPLETE,
  WORK_ORDER_CREATE,
  WORK_ORDER_DELETE,
  WORK_ORDER_GET,
  WORK_ORDER_LINE_ADD,
  WORK_ORDER_LINE_DELETE,
  WORK_ORDER_LINE_UPDATE,
  WORK_ORDER_LIST,
  WORK_ORDER_REOPEN,
  WORK_ORDER_UPDATE,
  WorkMessages,
  WorkOrderInput,
  WorkOrderLineInput,
  WorkOrderListQuery,
  WorkOrderUpdateInput,
  type WorkOrder,
  type WorkOrderLine,
  type WorkOrderPage,
} from '@wrenchlog/contracts';
import { RpcClient, type CallContext } from '@wrenchlog/platform';
import { IdPipe } from '../http/id.pipe.js';
import { Call } from '../http/request-context.js';
import { validBody } from '../http/valid-body.js';

const orderId = new IdPipe(WorkMessages.invalidWorkOrderId);
const lineId = new IdPipe(WorkMessages.invalidLineId);

/** Work orders (issue 35, work-order-service): the board, an order's lines, completion and reopening. */
@Controller('work-orders')
export class WorkOrdersController {
  constructor(private readonly rpc: RpcClient) {}

  @Post()
  async create(@Body() body: unknown, @Call() call: CallContext): Promise<WorkOrder> {
    const order = await validBody(body, WorkOrderInput);
    return this.rpc.send(WORK_ORDER_CREATE, { order }, call);
  }

  /** The board's data in one call: ?state=open,in_progress&assignee=me|<userId>&machineId=&page=&size= */
  @Get()
  list(@Query() query: WorkOrderListQuery, @Call() call: CallContext): Promise<WorkOrderPage> {
    return this.rpc.send(WORK_ORDER_LIST, query, call);
  }

  @Get(':id')
  get(@Param('id', orderId) id: number, @Call() call: CallContext): Promise<WorkOrder> {
    return this.rpc.send(WORK_ORDER_GET, { id }, call);
  }

  @Put(':id')
  async update(@Param('id', orderId) id: number, @Body() body: unknown, @Call() call: CallContext): Promise<WorkOrder> {
    const order = await validBody(body, WorkOrderUpdateInput);
    return this.rpc.send(WORK_ORDER_UPDATE, { id, order }, call);
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@Param('id', orderId) id: number, @Call() call: CallContext): Promise<void> {
    await this.rpc.send(WORK_ORDER_DELETE, { id }, call);
  }

  @Post(':id/lines')
  async addLine(@Param('id', orderId) id: number, @Body() body: unknown, @Call() call: CallContext): Promise<WorkOrderLine> {
    const line = await validBody(body, WorkOrderLineInput);
    return this.rpc.send(WORK_ORDER_LINE_ADD, { id, line }, call);
  }

  @Put(':id/lines/:lineId')
  async updateLine(
    @Param('id', orderId) id: number,
    @Param('lineId', lineId) line: number,
    @Body() body: unknown,
    @Call() call: CallContext,
  ): Promise<WorkOrderLine> {
    const input = await validBody(body, WorkOrderLineInput);
    return this.rpc.send(WORK_ORDER_LINE_UPDATE, { id, lineId: line, line: input }, call);
  }

  @Delete(':id/lines/:lineId')
  @HttpCode(204)
  async deleteLine(@Param('id', orderId) id: number, @Param('lineId', lineId) line: number, @Call() call: CallContext): Promise<void> {
    await this.rpc.send(WORK_ORDER_LINE_DELETE, { id, lineId: line }, call);
  }

  /** All or nothing: the service record, its schedules and the order's issues (see apps/work-order-service/README.md). */
  @Post(':id/complete')
  @HttpCode(200)
  async complete(@Param('id', orderId) id: number, @Body() body: unknown, @Call() call: CallContext): Promise<WorkOrder> {
    const input = await validBody(body, CompleteWorkOrderInput);
    return this.rpc.send(WORK_ORDER_COMPLETE, { id, ...input }, call);
  }

  @Post(':id/reopen')
  @HttpCode(200)
  reopen(@Param('id', orderId) id: number, @Call() call: CallContext): Promise<WorkOrder> {
    return this.rpc.send(WORK_ORDER_REOPEN, { id }, call);
  }
}
