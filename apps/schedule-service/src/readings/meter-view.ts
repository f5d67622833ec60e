import type { Meter } from '@wrenchlog/contracts';
import type { MeterEntity } from '../meters/meter.entity.js';
import { currentReading, isStale, roundTo, usageRate } from '../meters/meter.rules.js';
import type { ReadingEntity } from '../meters/reading.entity.js';

/** A meter as the Meters tab shows it: its current value and rate from its live readings of the rate window. */
export function meterView(m: MeterEntity, readings: Pick<ReadingEntity, 'lifetime' | 'readAt' | 'void'>[], today: string): Meter {
  const current = currentReading(readings);
  const rate = usageRate(readings, today, m.manualRate).rate;
  return {
    id: m.id,
    machineId: m.machineId,
    kind: m.kind,
    unit: m.unit,
    label: m.label,
    currentValue: current?.lifetime ?? null,
    currentReadAt: current?.readAt ?? null,
    stale: isStale(current?.readAt ?? null, today),
    ratePerDay: rate === null ? null : roundTo(rate, 2),
    manualRatePerDay: m.manualRate,
    rolloverValue: m.rolloverValue,
  };
}
