import { fullToFull, type FuelEconomySegment } from '@wrenchlog/contracts';

/** One meter's live readings in a period as the database sums them. */
export interface MeterSpan {
  machineId: number;
  meterId: number;
  kind: 'distance' | 'hours';
  unit: string;
  min: number;
  max: number;
}

/** A machine's usage in a period: null where unknown (no reading in the period), 0 with one reading. */
export interface Usage {
  distance: number | null;
  hours: number | null;
  distanceUnit: 'mi' | 'km';
}

/** Lifetime values are sums of doubles: 1 decimal is what meters keep. */
const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * Usage in a period (issue 22): per machine, its first distance meter's and first hours meter's
 * (lowest id; a machine has one of each) largest minus smallest lifetime value of the non-void
 * readings in the period. The distance unit is the one schedule-service last told for the machine,
 * else that of the readings' meter, else miles.
 */
export function usageByMachine(spans: readonly MeterSpan[], knownUnits: ReadonlyMap<number, 'mi' | 'km' | null>): Map<number, Usage> {
  const out = new Map<number, Usage>();
  const seen = new Set<string>();
  for (const s of [...spans].sort((a, b) => a.machineId - b.machineId || a.meterId - b.meterId)) {
    const usage = out.get(s.machineId) ?? { distance: null, hours: null, distanceUnit: 'mi' };
    out.set(s.machineId, usage);
    const key = `${s.machineId}:${s.kind}`;
    if (seen.has(key)) {
      continue;
    }
    seen.add(key);
    if (s.kind === 'distance') {
      usage.distance = round1(s.max - s.min);
      usage.distanceUnit = s.unit === 'km' ? 'km' : 'mi';
    } else {
      usage.hours = round1(s.max - s.min);
    }
  }
  for (const [machineId, unit] of knownUnits) {
    if (unit) {
      const usage = out.get(machineId) ?? { distance: null, hours: null, distanceUnit: unit };
      usage.distanceUnit = unit;
      out.set(machineId, usage);
    }
  }
  return out;
}

/** A fuel record's row as the economy reads it, in the order of purchase per machine. */
export interface FillRow {
  machineId: number;
  recordId: number;
  /** YYYY-MM-DD (UTC date of purchase, as fuel-purchase-service dates it). */
  date: string;
  amount: number;
  mileage: number | null;
  fullTank: boolean;
  missedPrevious: boolean;
}

/**
 * The full-to-full segments (the shared rule of contracts) that end at a full fill dated from
 * `from` on. The rows start at each machine's last full fill before `from` (or its first fill),
 * which is where the first segment that can end in the period starts.
 */
export function segmentsFrom(rows: readonly FillRow[], from: string): FuelEconomySegment[] {
  const byMachine = new Map<number, FillRow[]>();
  for (const r of rows) {
    const list = byMachine.get(r.machineId) ?? [];
    list.push(r);
    byMachine.set(r.machineId, list);
  }
  const out: FuelEconomySegment[] = [];
  for (const [machineId, fills] of byMachine) {
    for (const seg of fullToFull(
      fills.map((f) => ({ id: f.recordId, date: f.date, amount: f.amount, mileage: f.mileage, fullTank: f.fullTank, missedPrevious: f.missedPrevious })),
    )) {
      if (seg.date >= from) {
        out.push({ machineId, fuelRecordId: seg.id, date: seg.date, distance: seg.distance, fuel: seg.fuel });
      }
    }
  }
  return out;
}
