import { Module } from '@nestjs/common';
import { InspectionsController } from './inspections.controller.js';
import { IssueImagesController } from './issue-images.controller.js';
import { IssuesController } from './issues.controller.js';
import { WorkOrdersController } from './work-orders.controller.js';

/** /api/issues/** (and their photos, needs ImagesModule: global), /api/work-orders/**, /api/machines/{id}/issues, inspections and their forms (work-order-service, issue 35). */
@Module({ controllers: [IssuesController, IssueImagesController, WorkOrdersController, InspectionsController] })
export class WorkModule {}
