import { Module } from '@nestjs/common';
import { WorkEventsModule } from '../events/work-events.module.js';
import { IssuesModule } from '../issues/issues.module.js';
import { MachinesModule } from '../machines/machines.module.js';
import { FormsService } from './forms.service.js';
import { InspectionsController } from './inspections.controller.js';
import { InspectionsRepository } from './inspections.repository.js';
import { InspectionsService } from './inspections.service.js';

/** Inspection forms and inspections (issue 35): a failed item opens an issue (IssuesModule). */
@Module({
  imports: [MachinesModule, IssuesModule, WorkEventsModule],
  controllers: [InspectionsController],
  providers: [InspectionsRepository, FormsService, InspectionsService],
})
export class InspectionsModule {}
