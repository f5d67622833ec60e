import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import {
  WORK_INSPECTION_FAILED,
  WORK_ISSUE_CREATED,
  WORK_ISSUE_RESOLVED,
  WORK_ORDER_ASSIGNED,
  WORK_ORDER_COMPLETED,
  WORK_ORDER_CREATED,
  type RpcMessage,
  type WorkInspectionFailedEvent,
  type WorkIssueEvent,
  type WorkOrderAssignedEvent,
  type WorkOrderCompletedEvent,
  type WorkOrderCreatedEvent,
} from '@wrenchlog/contracts';
import { WorkEventsService } from './work-events.service.js';

/** work-order-service's facts (issue 35): issues, work orders and failed inspections. */
@Controller()
export class WorkEventsController {
  constructor(private readonly work: WorkEventsService) {}

  @EventPattern(WORK_ISSUE_CREATED)
  issueCreated(@Payload() m: RpcMessage<WorkIssueEvent>) {
    return this.work.issueCreated(m);
  }

  @EventPattern(WORK_ISSUE_RESOLVED)
  issueResolved(@Payload() m: RpcMessage<WorkIssueEvent>) {
    return this.work.issueResolved(m);
  }

  @EventPattern(WORK_ORDER_CREATED)
  orderCreated(@Payload() m: RpcMessage<WorkOrderCreatedEvent>) {
    return this.work.orderCreated(m);
  }

  @EventPattern(WORK_ORDER_ASSIGNED)
  orderAssigned(@Payload() m: RpcMessage<WorkOrderAssignedEvent>) {
    return this.work.orderAssigned(m);
  }

  @EventPattern(WORK_ORDER_COMPLETED)
  orderCompleted(@Payload() m: RpcMessage<WorkOrderCompletedEvent>) {
    return this.work.orderCompleted(m);
  }

  @EventPattern(WORK_INSPECTION_FAILED)
  inspectionFailed(@Payload() m: RpcMessage<WorkInspectionFailedEvent>) {
    return this.work.inspectionFailed(m);
  }
}
