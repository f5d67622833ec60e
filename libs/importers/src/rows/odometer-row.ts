import { CreateReadingInput } from '@wrenchlog/contracts';
import { round } from '../text/numbers.js';
import { compact, machineIdFor, machineOf, type BuildContext } from './context.js';
import { tagsNote } from './fuel-row.js';
import { joinNotes, type NormalizedRow, type RowReader } from './row.js';
import { validateAs } from './validate.js';

/**
 * An odometer reading (LubeLogger's odometer file) in the shape of CreateReadingInput, for the
 * machine's distance meter in schedule-service. `unit` is the file's; the meter converts or refuses.
 * Notes have no place on a reading: they are shown in review only.
 */
export interface OdometerRow {
  /** The machine whose distance meter takes it (a stand-in while its machine is still to be created, as other kinds). */
  machineId?: number;
  value: number;
  readAt: string;
  unit: 'mi' | 'km';
  notes?: string;
}

export async function buildOdometerRow(reader: RowReader, ctx: BuildContext): Promise<NormalizedRow<OdometerRow>> {
  const machine = machineOf(reader, ctx, true);
  const read = reader.date('date');
  const value = reader.number('odometer');
  const record: OdometerRow = compact({
    machineId: machineIdFor(machine),
    value: value === undefined ? (undefined as unknown as number) : round(value, 1),
    readAt: read?.date as string,
    unit: ctx.units.distance,
    notes: joinNotes(reader.text('notes'), tagsNote(reader)),
  });
  if (reader.errors.length === 0) {
    for (const problem of await validateAs(CreateReadingInput, { value: record.value, readAt: record.readAt })) {
      reader.error(problem.message);
    }
  }
  return reader.finish('odometer', record, machine);
}
