import { Module } from '@nestjs/common';
import { WorkEventsModule } from '../events/work-events.module.js';
import { IssuesModule } from '../issues/issues.module.js';
import { JobTemplatesModule } from '../job-templates/job-templates.module.js';
import { PartsModule } from '../parts/parts.module.js';
import { MachinesModule } from '../machines/machines.module.js';
import { CompletionRecovery } from './completion-recovery.js';
import { CompletionService } from './completion.service.js';
import { LinesService } from './lines.service.js';
import { MyWorkController } from './my-work.controller.js';
import { MyWorkService } from './my-work.service.js';
import { OrderKits } from './order-kit.js';
import { PartReservations } from './part-reservations.js';
import { PendingCompletions } from './pending-completions.repository.js';
import { WorkOrderChecks } from './work-order-checks.js';
import { WorkOrderViews } from './work-order-views.js';
import { WorkOrdersController } from './work-orders.controller.js';
import { WorkOrdersRepository } from './work-orders.repository.js';
import { WorkOrdersService } from './work-orders.service.js';

/** Work orders (issue 35): the board, lines and totals, completion and reopening, and the caller's own across accounts (my-work). */
@Module({
  imports: [MachinesModule, IssuesModule, WorkEventsModule, JobTemplatesModule, PartsModule],
  controllers: [WorkOrdersController, MyWorkController],
  providers: [
    WorkOrdersRepository,
    WorkOrderChecks,
    WorkOrderViews,
    WorkOrdersService,
    LinesService,
    CompletionService,
    PartReservations,
    OrderKits,
    PendingCompletions,
    CompletionRecovery,
    MyWorkService,
  ],
})
export class WorkOrdersModule {}
