import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { REPORT_COSTS, REPORT_FLEET, REPORT_FUEL_ECONOMY, REPORT_MACHINE_HISTORY, type ReportRequest, type RpcMessage } from '@wrenchlog/contracts';
import { ReportsService } from './reports.service.js';

@Controller()
export class ReportsController {
  constructor(private readonly reports: ReportsService) {}

  @MessagePattern(REPORT_COSTS)
  costs(@Payload() m: RpcMessage<ReportRequest>) {
    return this.reports.costsReport(m.actor, m.payload);
  }

  @MessagePattern(REPORT_FLEET)
  fleet(@Payload() m: RpcMessage<ReportRequest>) {
    return this.reports.fleet(m.actor, m.payload);
  }

  @MessagePattern(REPORT_FUEL_ECONOMY)
  fuelEconomy(@Payload() m: RpcMessage<ReportRequest>) {
    return this.reports.fuelEconomy(m.actor, m.payload);
  }

  @MessagePattern(REPORT_MACHINE_HISTORY)
  history(@Payload() m: RpcMessage<ReportRequest>) {
    return this.reports.history(m.actor, m.payload);
  }
}
