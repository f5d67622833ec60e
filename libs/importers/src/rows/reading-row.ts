import { CreateReadingInput, type MeterUnit } from '@wrenchlog/contracts';
import { compact, machineIdFor, machineOf, type BuildContext } from './context.js';
import type { NormalizedRow, RowReader } from './row.js';
import { validateAs } from './validate.js';

// A restore's meter reading (meter-readings.csv of format 2, issue 23) for schedule-service's
// `schedule.import.applyReadings`: the machine's distance or hours meter, void ones too. Readings
// that a service or fuel record gave come back with their record, so the restore leaves them out
// (isRecordReading) rather than write them twice.

export interface ReadingRow {
  machineId?: number;
  meterKind: 'distance' | 'hours';
  /** The export's unit of the value (mi, km or h); a distance meter of the other unit converts it. */
  unit: MeterUnit;
  value: number;
  readAt: string;
  void: boolean;
  rollover: boolean;
  /** The reading's source in the export (manual, import, service_record, fuel_record). */
  source?: string;
}

const RECORD_SOURCES = new Set(['service_record', 'fuel_record']);

/** A reading its service or fuel record gives again when restored. */
export const isRecordReading = (record: unknown): boolean => RECORD_SOURCES.has(String((record as { source?: unknown } | undefined)?.source ?? ''));

export async function buildReadingRow(reader: RowReader, ctx: BuildContext): Promise<NormalizedRow<ReadingRow>> {
  const machine = machineOf(reader, ctx, true);
  const meterKind = reader.text('meterKind');
  const unit = reader.text('unit');
  if (meterKind !== 'distance' && meterKind !== 'hours') {
    reader.error(`${reader.label('meterKind')}: must be distance or hours`);
  } else if (meterKind === 'distance' ? unit !== 'mi' && unit !== 'km' : unit !== 'h') {
    reader.error(`${reader.label('unit')}: '${unit ?? ''}' is not a unit of ${meterKind === 'hours' ? 'an hours' : 'a distance'} meter`);
  }
  if (reader.boolean('replacement')) {
    // A replacement starts a new meter segment (POST /api/meters/{id}/replacement): enter it again by hand.
    reader.error('a meter replacement is not restored: skip this row and replace the meter again by hand');
  }
  const record: ReadingRow = compact({
    machineId: machineIdFor(machine),
    meterKind: meterKind as 'distance' | 'hours',
    unit: unit as MeterUnit,
    value: reader.number('value') as number,
    readAt: reader.text('readAt') as string,
    void: reader.boolean('void') ?? false,
    rollover: reader.boolean('rollover') ?? false,
    source: reader.text('source'),
  });
  if (reader.errors.length === 0) {
    for (const problem of await validateAs(CreateReadingInput, { value: record.value, readAt: record.readAt, void: record.void, rollover: record.rollover })) {
      reader.error(problem.message);
    }
  }
  return reader.finish('reading', record, machine);
}
