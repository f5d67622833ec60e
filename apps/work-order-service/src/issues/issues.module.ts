import { Module } from '@nestjs/common';
import { MachinesModule } from '../machines/machines.module.js';
import { IssuesController } from './issues.controller.js';
import { IssuesRepository } from './issues.repository.js';
import { IssuesService } from './issues.service.js';

/** Issues (issue 35): reported by any member who sees the machine, resolved by hand or by a work order. */
@Module({
  imports: [MachinesModule],
  controllers: [IssuesController],
  providers: [IssuesRepository, IssuesService],
  exports: [IssuesRepository, IssuesService],
})
export class IssuesModule {}
