import { Module } from '@nestjs/common';
import { WorkEventsModule } from '../events/work-events.module.js';
import { IssueImagesModule } from '../issue-images/issue-images.module.js';
import { MachinesModule } from '../machines/machines.module.js';
import { IssuesController } from './issues.controller.js';
import { IssuesRepository } from './issues.repository.js';
import { IssuesService } from './issues.service.js';

/** Issues (issue 35): reported by any member who sees the machine, resolved by hand or by a work order. */
@Module({
  imports: [MachinesModule, WorkEventsModule, IssueImagesModule],
  controllers: [IssuesController],
  providers: [IssuesRepository, IssuesService],
  exports: [IssuesRepository, IssuesService, WorkEventsModule],
})
export class IssuesModule {}
