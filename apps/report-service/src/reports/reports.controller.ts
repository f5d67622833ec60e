import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { REPORT_COSTS, REPORT_FLEET, REPORT_FUEL_ECONOMY, REPORT_MACHINE_HISTORY, type ReportRequest, type RpcMessage, type Actor } from '@wrenchlog/contracts';
import { Caller } from '@wrenchlog/platform';
import { ReportsService } from './reports.service.js';

// Every report needs 'report.read' (issue 32): owners, managers and viewers; a mechanic or an
// operator is refused with 403 before the handler runs (an operator sees no money at all).
@Controller()
export class ReportsController {
  constructor(private readonly reports: ReportsService) {}

  @MessagePattern(REPORT_COSTS)
  costs(@Payload() m: RpcMessage<ReportRequest>, @Caller('report.read') caller: Actor) {
    return this.reports.costsReport(caller, m.payload);
  }

  @MessagePattern(REPORT_FLEET)
  fleet(@Payload() m: RpcMessage<ReportRequest>, @Caller('report.read') caller: Actor) {
    return this.reports.fleet(caller, m.payload);
  }

  @MessagePattern(REPORT_FUEL_ECONOMY)
  fuelEconomy(@Payload() m: RpcMessage<ReportRequest>, @Caller('report.read') caller: Actor) {
    return this.reports.fuelEconomy(caller, m.payload);
  }

  @MessagePattern(REPORT_MACHINE_HISTORY)
  history(@Payload() m: RpcMessage<ReportRequest>, @Caller('report.read') caller: Actor) {
    return this.reports.history(caller, m.payload);
  }
}
