import { notifications } from '@mantine/notifications';
import type { VoidedReading } from '@wrenchlog/contracts';
import { formatDate } from '../lib/format';

// Issue 38: a service or fuel record's save that left meter readings void says so to the person
// saving (the reply's `voidedReadings`), instead of the history silently not counting.

const amount = (r: { value: number }, unit: string) => `${r.value.toLocaleString()} ${unit}`;

/** One line per reading: which one is void and the reading it conflicts with. */
export function voidedReadingsLines(voided: readonly VoidedReading[]): string[] {
  return voided.map((r) => {
    const what = `${amount(r, r.unit)} on ${formatDate(r.readAt)}`;
    const other = r.conflictsWith ? `${amount(r.conflictsWith, r.unit)} on ${formatDate(r.conflictsWith.readAt)}` : null;
    if (r.source === 'service_record' || r.source === 'fuel_record') {
      return other ? `${what} was stored void: it is out of sequence with ${other}.` : `${what} was stored void: it is out of sequence.`;
    }
    return other ? `${what} (typed with the machine) was voided: ${other} is dated before it.` : `${what} (typed with the machine) was voided.`;
  });
}

/** Shows the notice after a save, when the save voided readings. */
export function announceVoidedReadings(saved: { voidedReadings?: VoidedReading[] } | null | undefined): void {
  const voided = saved?.voidedReadings ?? [];
  if (voided.length === 0) {
    return;
  }
  notifications.show({
    color: 'yellow',
    title: voided.length === 1 ? 'A meter reading was voided' : `${voided.length} meter readings were voided`,
    message: `${voidedReadingsLines(voided).join(' ')} Check the machine's Meters tab.`,
    autoClose: 12_000,
  });
}
