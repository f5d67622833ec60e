import type { CostsReport, FleetReport, FuelEconomyPoint, MachineHistory, ReportRequest } from './report.contract.js';
import { REPORT_COSTS, REPORT_FLEET, REPORT_FUEL_ECONOMY, REPORT_MACHINE_HISTORY } from './report.contract.js';

/** The report context (report-service). */
export type ReportRpc = {
  [REPORT_COSTS]: { request: ReportRequest; response: CostsReport };
  [REPORT_FLEET]: { request: ReportRequest; response: FleetReport };
  [REPORT_FUEL_ECONOMY]: { request: ReportRequest; response: FuelEconomyPoint[] };
  [REPORT_MACHINE_HISTORY]: { request: ReportRequest; response: MachineHistory };
};
