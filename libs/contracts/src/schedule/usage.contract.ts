// Producer: report-service (issue 22). Consumer: schedule-service, which owns the meters' readings.
export const SCHEDULE_USAGE = 'schedule.usage.get' as const;

/** Usage of the caller's machines in [from, to] (YYYY-MM-DD, inclusive); at most USAGE_MAX_MACHINES. */
export interface UsageRequest {
  machineIds: number[];
  from: string;
  to: string;
}
export const USAGE_MAX_MACHINES = 50_000;

/**
 * One machine's usage: the largest minus the smallest lifetime value of the non-void readings in
 * the period, per meter (its first distance meter and first hours meter); null without readings.
 * distanceUnit is that meter's unit ('mi' when the machine has none). Another user's or an unknown
 * machine is simply absent.
 */
export interface MachineUsage {
  machineId: number;
  distance: number | null;
  hours: number | null;
  distanceUnit: 'mi' | 'km';
}
