import type { MachineUsage } from '@wrenchlog/contracts';

/** One meter's readings in a period as the database sums them: null bounds when it has none there. */
export interface MeterSpan {
  machineId: number;
  meterId: number;
  kind: 'distance' | 'hours';
  unit: string;
  min: number | null;
  max: number | null;
}

/**
 * Usage in a period (issue 22): per machine, its first distance meter's and first hours meter's
 * largest minus smallest lifetime value of the non-void readings in the period; null when that
 * meter has no reading there (unknown, not 0), 0 with a single reading.
 */
export function usageOf(spans: readonly MeterSpan[]): MachineUsage[] {
  const byMachine = new Map<number, MachineUsage>();
  const seen = new Set<string>();
  for (const s of [...spans].sort((a, b) => a.machineId - b.machineId || a.meterId - b.meterId)) {
    const usage = byMachine.get(s.machineId) ?? { machineId: s.machineId, distance: null, hours: null, distanceUnit: 'mi' };
    byMachine.set(s.machineId, usage);
    const key = `${s.machineId}:${s.kind}`;
    if (seen.has(key)) {
      continue;
    }
    seen.add(key);
    const span = s.min === null || s.max === null ? null : round(s.max - s.min);
    if (s.kind === 'distance') {
      usage.distance = span;
      usage.distanceUnit = s.unit === 'km' ? 'km' : 'mi';
    } else {
      usage.hours = span;
    }
  }
  return [...byMachine.values()];
}

/** Lifetime values are sums of doubles: 1 decimal is what meters keep. */
const round = (n: number) => Math.round(n * 10) / 10;
