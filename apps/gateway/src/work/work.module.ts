import { Module } from '@nestjs/common';
import { InspectionsController } from './inspections.controller.js';
import { IssueImagesController } from './issue-images.controller.js';
import { IssuesController } from './issues.controller.js';
import { JobTemplatesController } from './job-templates.controller.js';
import { MyWorkController } from './my-work.controller.js';
import { WorkOrdersController } from './work-orders.controller.js';

/** /api/issues/** (and their photos, needs ImagesModule: global), /api/work-orders/**, /api/machines/{id}/issues, inspections and their forms, job templates, /api/my-work (work-order-service, issue 35). */
@Module({ controllers: [IssuesController, IssueImagesController, WorkOrdersController, MyWorkController, InspectionsController, JobTemplatesController] })
export class WorkModule {}
