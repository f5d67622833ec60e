import { CreateMachineRequest } from '@wrenchlog/contracts';
import { round } from '../text/numbers.js';
import { compact, type BuildContext } from './context.js';
import type { NormalizedRow, RowReader } from './row.js';
import { toMiles } from './units.js';
import { validateAs } from './validate.js';

/** A machine row in the shape of CreateMachineRequest. */
export type MachineRow = Partial<Record<keyof CreateMachineRequest, string | number | boolean | null>>;

const TEXT_FIELDS = [
  'name',
  'make',
  'model',
  'submodel',
  'vin',
  'serialNumber',
  'color',
  'description',
  'status',
  'type',
  'license',
  'insuranceProvider',
  'policyNumber',
] as const;
const DATE_FIELDS = ['purchasedDate', 'licenseExpirationDate', 'insuranceExpirationDate'] as const;

/** Reads a machine row (generic machines CSV). Miles are whole (the DTO's rule), after km are converted. */
export async function buildMachineRow(reader: RowReader, ctx: BuildContext): Promise<NormalizedRow<MachineRow>> {
  const record: MachineRow = {};
  for (const field of TEXT_FIELDS) {
    record[field] = reader.text(field);
  }
  for (const field of DATE_FIELDS) {
    record[field] = reader.date(field)?.date;
  }
  const year = reader.number('year');
  const miles = reader.number('miles');
  const hours = reader.number('hours');
  record.year = year;
  record.miles = miles === undefined ? undefined : Math.round(toMiles(miles, ctx.units));
  record.hours = hours === undefined ? undefined : round(hours, 1);
  const compacted = compact(record);
  if (reader.errors.length === 0) {
    for (const problem of await validateAs(CreateMachineRequest, compacted)) {
      reader.error(problem.message);
    }
  }
  return reader.finish('machine', compacted);
}
