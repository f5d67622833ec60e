import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
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
  WorkOrderInput,
  WorkOrderLineInput,
  WorkOrderListQuery,
  WorkOrderUpdateInput,
  type Actor,
  type AddLineRequest,
  type CompleteWorkOrderRequest,
  type CreateWorkOrderRequest,
  type LineIdRequest,
  type RpcMessage,
  type UpdateLineRequest,
  type UpdateWorkOrderRequest,
  type WorkOrderIdRequest,
} from '@wrenchlog/contracts';
import { Caller, ValidInput } from '@wrenchlog/platform';
import { CompletionService } from './completion.service.js';
import { LinesService } from './lines.service.js';
import { WorkOrdersService } from './work-orders.service.js';

@Controller()
export class WorkOrdersController {
  constructor(
    private readonly orders: WorkOrdersService,
    private readonly lines: LinesService,
    private readonly completion: CompletionService,
  ) {}

  @ValidInput(WorkOrderInput, { at: 'order' })
  @MessagePattern(WORK_ORDER_CREATE)
  create(@Payload() m: RpcMessage<CreateWorkOrderRequest>, @Caller('workorder.write') caller: Actor) {
    return this.orders.create(caller, m.payload, m.meta);
  }

  @ValidInput(WorkOrderListQuery)
  @MessagePattern(WORK_ORDER_LIST)
  list(@Payload() m: RpcMessage<WorkOrderListQuery>, @Caller('workorder.read') caller: Actor) {
    return this.orders.list(caller, m.payload);
  }

  @MessagePattern(WORK_ORDER_GET)
  get(@Payload() m: RpcMessage<WorkOrderIdRequest>, @Caller('workorder.read') caller: Actor) {
    return this.orders.get(caller, m.payload?.id);
  }

  @ValidInput(WorkOrderUpdateInput, { at: 'order' })
  @MessagePattern(WORK_ORDER_UPDATE)
  update(@Payload() m: RpcMessage<UpdateWorkOrderRequest>, @Caller('workorder.write') caller: Actor) {
    return this.orders.update(caller, m.payload, m.meta);
  }

  @MessagePattern(WORK_ORDER_DELETE)
  delete(@Payload() m: RpcMessage<WorkOrderIdRequest>, @Caller('workorder.write') caller: Actor) {
    return this.orders.delete(caller, m.payload?.id, m.meta);
  }

  @ValidInput(WorkOrderLineInput, { at: 'line' })
  @MessagePattern(WORK_ORDER_LINE_ADD)
  addLine(@Payload() m: RpcMessage<AddLineRequest>, @Caller('workorder.write') caller: Actor) {
    return this.lines.add(caller, m.payload, m.meta);
  }

  @ValidInput(WorkOrderLineInput, { at: 'line' })
  @MessagePattern(WORK_ORDER_LINE_UPDATE)
  updateLine(@Payload() m: RpcMessage<UpdateLineRequest>, @Caller('workorder.write') caller: Actor) {
    return this.lines.update(caller, m.payload, m.meta);
  }

  @MessagePattern(WORK_ORDER_LINE_DELETE)
  deleteLine(@Payload() m: RpcMessage<LineIdRequest>, @Caller('workorder.write') caller: Actor) {
    return this.lines.delete(caller, m.payload, m.meta);
  }

  @ValidInput(CompleteWorkOrderInput, { besides: ['id'] })
  @MessagePattern(WORK_ORDER_COMPLETE)
  complete(@Payload() m: RpcMessage<CompleteWorkOrderRequest>, @Caller('workorder.write') caller: Actor) {
    return this.completion.complete(caller, m.payload, m.meta);
  }

  @MessagePattern(WORK_ORDER_REOPEN)
  reopen(@Payload() m: RpcMessage<WorkOrderIdRequest>, @Caller('workorder.write') caller: Actor) {
    return this.completion.reopen(caller, m.payload?.id, m.meta);
  }
}
