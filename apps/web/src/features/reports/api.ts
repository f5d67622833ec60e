import type { ApiClient } from '../../api/client';

import type { CostBreakdown, CostsReport, EconomyUnit, FleetReport, FleetRow, FuelEconomyPoint, MonthCosts } from '@wrenchlog/contracts';

// The report calls of issue 22 (report-service through the gateway). The shapes are the contracts'
// (libs/contracts/src/report), imported as types only.
export type { EconomyUnit, FleetReport, FleetRow };
export type CostSums = CostBreakdown;
export type CostMonth = MonthCosts;
export type CostReport = CostsReport;
export type EconomyPoint = FuelEconomyPoint;

/** The period and scope of a report, as the query string sends it. */
export interface ReportScope {
  from: string;
  to: string;
  machineId?: number;
  type?: string;
}

export type PhotoMode = 'thumbnails' | 'full';

function query(params: Record<string, string | number | undefined>): string {
  const q = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') {
      q.set(key, String(value));
    }
  }
  return q.toString();
}

// Report queries use staleTime 0 where they are read: the figures follow records through events
// (report-service's read model), so each visit asks again rather than keeping the app's 15 s.
export const reportKeys = {
  all: ['reports'] as const,
  costs: (s: ReportScope) => ['reports', 'costs', s.from, s.to, s.machineId ?? null, s.type ?? null] as const,
  fleet: (s: Pick<ReportScope, 'from' | 'to' | 'type'>) => ['reports', 'fleet', s.from, s.to, s.type ?? null] as const,
  economy: (machineId: number, from: string, to: string) => ['reports', 'economy', machineId, from, to] as const,
};

export const reportPaths = {
  costs: (s: ReportScope) => `/api/reports/costs?${query({ from: s.from, to: s.to, machineId: s.machineId, type: s.type })}`,
  fleet: (s: Pick<ReportScope, 'from' | 'to' | 'type'>) => `/api/reports/fleet?${query({ from: s.from, to: s.to, type: s.type })}`,
  economy: (machineId: number, from: string, to: string) => `/api/reports/fuel-economy?${query({ machineId, from, to })}`,
  fleetCsv: (s: Pick<ReportScope, 'from' | 'to' | 'type'>) => `/api/reports/fleet.csv?${query({ from: s.from, to: s.to, type: s.type })}`,
  historyCsv: (machineId: number, from: string, to: string) => `/api/machines/${machineId}/history.csv?${query({ from, to })}`,
  historyPdf: (machineId: number, from: string, to: string, photos: PhotoMode) => `/api/machines/${machineId}/history.pdf?${query({ from, to, photos })}`,
};

export const reportsApi = {
  costs: (api: ApiClient, s: ReportScope) => api.get<CostReport>(reportPaths.costs(s)),
  fleet: (api: ApiClient, s: Pick<ReportScope, 'from' | 'to' | 'type'>) => api.get<FleetReport>(reportPaths.fleet(s)),
  economy: (api: ApiClient, machineId: number, from: string, to: string) => api.get<EconomyPoint[]>(reportPaths.economy(machineId, from, to)),
};
