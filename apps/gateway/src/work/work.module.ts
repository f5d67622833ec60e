import { Module } from '@nestjs/common';
import { IssuesController } from './issues.controller.js';
import { WorkOrdersController } from './work-orders.controller.js';

/** /api/issues/**, /api/work-orders/**, /api/machines/{id}/issues (work-order-service, issue 35). */
@Module({ controllers: [IssuesController, WorkOrdersController] })
export class WorkModule {}
