import type { VoidedReading } from '@wrenchlog/contracts';
import { formatDate } from '../lib/format';
import { voidedReadingsLines } from './voided-readings-notice';

const reading = (over: Partial<VoidedReading>): VoidedReading => ({
  id: 1,
  meterId: 2,
  machineId: 3,
  value: 2450,
  lifetimeValue: 2450,
  readAt: '2026-11-29',
  void: true,
  rollover: false,
  replacement: false,
  source: 'manual',
  sourceId: null,
  dateCreated: '2026-11-29T10:00:00.000Z',
  kind: 'hours',
  unit: 'h',
  conflictsWith: null,
  ...over,
});

describe('the notice of a save that voided meter readings (issue 38)', () => {
  it("says which reading is void and which one it conflicts with: a record's own, or the machine's typed value", () => {
    const july = reading({ id: 9, value: 2480, readAt: '2026-07-10', source: 'service_record', sourceId: 4, void: false });
    expect(
      voidedReadingsLines([
        reading({ conflictsWith: july }),
        reading({ value: 2470, readAt: '2026-08-01', source: 'fuel_record', sourceId: 5, conflictsWith: july }),
      ]),
    ).toEqual([
      `2,450 h on ${formatDate('2026-11-29')} (typed with the machine) was voided: 2,480 h on ${formatDate('2026-07-10')} is dated before it.`,
      `2,470 h on ${formatDate('2026-08-01')} was stored void: it is out of sequence with 2,480 h on ${formatDate('2026-07-10')}.`,
    ]);
  });
});
