export const COST_CATEGORIES = ['fuel', 'service', 'parts'] as const;
export type CostCategory = (typeof COST_CATEGORIES)[number];

/** Where a record's amount counts: one bucket of the monthly totals. */
export interface CostPlace {
  machineKey: number;
  month: string;
  amountCents: number;
}

/** A change of one bucket's total. */
export interface BucketDelta {
  machineKey: number;
  month: string;
  deltaCents: number;
}

/**
 * How the monthly totals move when a record goes from `before` to `after` (null: not counted, as a
 * new or a deleted record): its old amount leaves its old bucket and the new one enters its new
 * bucket, in one delta when the bucket is the same. No delta that changes nothing.
 */
export function bucketDeltas(before: CostPlace | null, after: CostPlace | null): BucketDelta[] {
  const deltas = new Map<string, BucketDelta>();
  const add = (p: CostPlace, sign: 1 | -1) => {
    const key = `${p.machineKey}|${p.month}`;
    const d = deltas.get(key) ?? { machineKey: p.machineKey, month: p.month, deltaCents: 0 };
    d.deltaCents += sign * p.amountCents;
    deltas.set(key, d);
  };
  if (before) {
    add(before, -1);
  }
  if (after) {
    add(after, 1);
  }
  return [...deltas.values()].filter((d) => d.deltaCents !== 0);
}

/** The month (YYYY-MM) a record counts in: that of its own date. */
export const monthOf = (date: string): string => date.slice(0, 7);
