import { blankRequiredField, isReadingInRange, priceCents, SERVICE_RECORD_DEFAULTS, ServiceRecordInput, ServiceRecordMessages } from '@wrenchlog/contracts';
import { round } from '../text/numbers.js';
import { compact, machineIdFor, machineOf, meterValue, rowDistance, type BuildContext } from './context.js';
import { tagsNote } from './fuel-row.js';
import { exportRefsOf, type ExportRefs } from './inventory-rows.js';
import { joinNotes, type NormalizedRow, type RowReader } from './row.js';
import { validateAs } from './validate.js';

/** A service row in the shape of ServiceRecordInput (what POST /api/services/fastCreate takes). */
export interface ServiceRow {
  machineId: number;
  title: string;
  serviceDate: string;
  status: string;
  serviceType?: string;
  serviceShop?: string;
  notes?: string;
  price: number;
  miles?: number;
  hours?: number;
  /** A restore's: the record's export id, which its schedules' completedBy names. */
  exportRefs?: ExportRefs;
}

/** Imported history is done work: Complete unless the file says otherwise (one of the spec's suggested statuses). */
export const IMPORTED_SERVICE_STATUS = 'Complete';

/** What a blank required field is called in a row's message. */
const BLANK = { title: 'the title is empty', status: 'the status is empty', serviceDate: 'the date is empty' } as const;

/**
 * Reads a service row. Besides the DTO, it applies the contracts' record rules that
 * service-record-service applies too (title, date and status required in one message; price and
 * readings in range), so review and import agree.
 */
export async function buildServiceRow(reader: RowReader, ctx: BuildContext, extraNotes: (string | undefined)[] = []): Promise<NormalizedRow<ServiceRow>> {
  const machine = machineOf(reader, ctx, true);
  const read = reader.date('serviceDate');
  const dateFailed = reader.has('serviceDate') && read === undefined;
  const price = reader.number('price');
  const miles = meterValue(reader.number('miles'), ctx);
  const hours = reader.number('hours');
  const record: ServiceRow = compact({
    machineId: machineIdFor(machine) as number,
    title: reader.text('title') as string,
    serviceDate: read?.date as string,
    status: reader.text('status') ?? IMPORTED_SERVICE_STATUS,
    serviceType: reader.text('serviceType') ?? ctx.serviceType,
    serviceShop: reader.text('serviceShop'),
    notes: joinNotes(reader.text('notes'), ...extraNotes, tagsNote(reader)),
    price: price === undefined ? SERVICE_RECORD_DEFAULTS.price : round(price, 2),
    miles: miles === undefined ? undefined : round(rowDistance(miles, ctx, machine), 1),
    hours: hours === undefined ? undefined : round(hours, 1),
  });
  // A date that did not parse has its own message already.
  const blank = blankRequiredField(dateFailed ? { ...record, serviceDate: 'unparsed' } : record);
  if (blank) {
    reader.error(`${ServiceRecordMessages.invalid} (${BLANK[blank]})`);
  }
  if (priceCents(record.price) === undefined) {
    reader.error(ServiceRecordMessages.price);
  }
  if (record.miles !== undefined && !isReadingInRange(record.miles)) {
    reader.error(ServiceRecordMessages.miles);
  }
  if (record.hours !== undefined && !isReadingInRange(record.hours)) {
    reader.error(ServiceRecordMessages.hours);
  }
  if (reader.errors.length === 0) {
    for (const problem of await validateAs(ServiceRecordInput, record)) {
      reader.error(problem.message);
    }
  }
  const refs = exportRefsOf(reader, { id: 'ref' });
  return reader.finish('service', refs ? { ...record, exportRefs: refs } : record, machine);
}
