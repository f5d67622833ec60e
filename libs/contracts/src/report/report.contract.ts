import { IsOptional, IsString, MaxLength } from 'class-validator';
import { IsRealDate } from '../schedule/meter.contract.js';
import { ReportMessages, type EconomyUnit } from './report.limits.js';

// Producer: gateway. Consumer: report-service (issue 22).
export const REPORT_COSTS = 'report.costs.get' as const;
export const REPORT_FLEET = 'report.fleet.get' as const;
export const REPORT_FUEL_ECONOMY = 'report.fuelEconomy.get' as const;
export const REPORT_MACHINE_HISTORY = 'report.history.machine' as const;

/**
 * ?from=YYYY-MM-DD&to=YYYY-MM-DD (both inclusive; without them this calendar year so far),
 * &machineId= one machine, &type= the caller's machines of that type. The service checks the
 * order, the 10-year limit, the machine (404) and the type (400).
 */
export class ReportQuery {
  @IsOptional()
  @IsRealDate(ReportMessages.from)
  from?: string;

  @IsOptional()
  @IsRealDate(ReportMessages.to)
  to?: string;

  /** A query string value: report-service parses it (an invalid id is 400). */
  @IsOptional()
  @IsString({ message: ReportMessages.machineId })
  machineId?: string;

  @IsOptional()
  @IsString({ message: ReportMessages.type })
  @MaxLength(60, { message: ReportMessages.type })
  type?: string;
}

/** What the gateway sends: the query, with machineId from the path for a machine's history. */
export interface ReportRequest {
  from?: string;
  to?: string;
  machineId?: string | number;
  type?: string;
}

/** Money with 2 decimals. */
export interface CostBreakdown {
  fuel: number;
  service: number;
  parts: number;
  total: number;
}

export interface MonthCosts extends CostBreakdown {
  /** YYYY-MM */
  month: string;
}

/** The machines (by name) that each per-unit figure is taken over (issue 38). */
export interface UsageCoverage {
  distance: string[];
  hours: string[];
}

/** GET /api/reports/costs */
export interface CostsReport {
  months: MonthCosts[];
  totals: CostBreakdown;
  /**
   * Distance (in distanceUnit: one machine's meter unit, else miles with km converted) and engine
   * hours in the period; null when unknown.
   */
  usage: { distance: number | null; hours: number | null; distanceUnit: 'mi' | 'km' };
  /**
   * Cost per mile: the costs of the machines with a distance over their distance; cost per hour:
   * those with hours over their hours. null when the usage is 0 or unknown.
   */
  costPerDistance: number | null;
  costPerHour: number | null;
  covers: UsageCoverage;
}

export interface FleetRow extends CostBreakdown {
  /** null for the "Unassigned" row (part purchases that name no machine). */
  machineId: number | null;
  machineName: string;
  distance: number | null;
  /** The unit of distance and costPerDistance: the machine's distance meter's (null for Unassigned). */
  distanceUnit: 'mi' | 'km' | null;
  hours: number | null;
  costPerDistance: number | null;
  costPerHour: number | null;
  fuelEconomy: number | null;
  /** The unit of fuelEconomy (null when there is none). */
  economyUnit: EconomyUnit | null;
}

/**
 * GET /api/reports/fleet: totals are the sums of the rows (distance in miles; cost per mile over
 * the rows with a distance, per hour over those with hours; no economy).
 */
export interface FleetReport {
  rows: FleetRow[];
  totals: CostBreakdown & {
    distance: number | null;
    distanceUnit: 'mi' | 'km';
    covers: UsageCoverage;
    hours: number | null;
    costPerDistance: number | null;
    costPerHour: number | null;
    fuelEconomy: number | null;
  };
}

/** GET /api/reports/fuel-economy: one point per full fill in the period that has an economy. */
export interface FuelEconomyPoint {
  /** YYYY-MM-DD */
  date: string;
  fuelRecordId: number;
  /** The fill's machine (a call without machineId answers every machine's points). */
  machineId: number;
  economy: number;
  unit: EconomyUnit;
  /**
   * The full-to-full segment the economy is taken from (issue 38): the distance since the previous
   * full fill (the machine's distance unit) and the fuel added since. Summed over a period they give
   * the fleet table's economy (distance over fuel), which a mean of the points does not.
   */
  distance: number;
  fuel: number;
}

/** One line of a machine's history (CSV): a service record, a fuel record or a part purchase. */
export interface HistoryLine {
  /** YYYY-MM-DD */
  date: string;
  kind: 'service' | 'fuel' | 'part';
  recordId: number;
  title: string;
  miles: number | null;
  hours: number | null;
  cost: number;
  notes: string | null;
}

export interface MachineHistory {
  machineId: number;
  machineName: string;
  from: string;
  to: string;
  lines: HistoryLine[];
}
