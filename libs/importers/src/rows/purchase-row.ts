import { PurchaseInput, type PartStatus } from '@wrenchlog/contracts';
import { toInstant } from '../text/dates.js';
import { round } from '../text/numbers.js';
import { compact, machineIdFor, machineOf, type BuildContext } from './context.js';
import { exportRefsOf, type ExportRefs } from './inventory-rows.js';
import { tagsNote } from './fuel-row.js';
import { joinNotes, type NormalizedRow, type RowReader } from './row.js';
import { validateAs } from './validate.js';

/** A part purchase row in the shape of PurchaseInput. */
export interface PurchaseRow {
  partName: string;
  partNumber?: string;
  partDescription?: string;
  partUrl?: string;
  quantity: number;
  price: number;
  partStatus: PartStatus;
  purchaseDate: string;
  storeName: string;
  storeCity?: string;
  storeState?: string;
  storeAddress?: string;
  machineId?: number;
  /** A restore's purchase: the export's ids of its inventory part and supplier (the job links the restored ones). */
  exportRefs?: ExportRefs;
}

/** Imported purchases happened: Purchased unless the file says otherwise. */
export const IMPORTED_PURCHASE_STATUS: PartStatus = 'Purchased';
/** The store of a purchase whose file names none (LubeLogger's PartSupplier is often blank); the row is warned. */
export const UNKNOWN_STORE = 'Unknown';

const LABELS: Record<string, string> = { purchaseDate: 'Date', price: 'Price', quantity: 'Quantity' };

/** Reads a part purchase row; the machine is optional for a purchase (a shop supply). */
export async function buildPurchaseRow(reader: RowReader, ctx: BuildContext, extraNotes: (string | undefined)[] = []): Promise<NormalizedRow<PurchaseRow>> {
  const machine = machineOf(reader, ctx, false);
  const read = reader.date('purchaseDate');
  const quantity = reader.number('quantity');
  const price = reader.number('price');
  let storeName = reader.text('storeName');
  if (!storeName) {
    reader.warn(`no store: stored as '${UNKNOWN_STORE}'`);
    storeName = UNKNOWN_STORE;
  }
  const status = reader.text('partStatus');
  const record: PurchaseRow = compact({
    partName: reader.text('partName') as string,
    partNumber: reader.text('partNumber'),
    partDescription: joinNotes(reader.text('partDescription'), reader.text('notes'), ...extraNotes, tagsNote(reader)),
    partUrl: reader.text('partUrl'),
    // A file without a quantity column bought one of each; a blank cell in a mapped column is an error (the DTO's).
    quantity: quantity ?? (reader.has('quantity') ? (undefined as unknown as number) : 1),
    price: price === undefined ? (undefined as unknown as number) : round(price, 2),
    partStatus: (status ? capitalize(status) : IMPORTED_PURCHASE_STATUS) as PartStatus,
    purchaseDate: read === undefined ? (undefined as unknown as string) : toInstant(read, ctx.utcOffsetMinutes),
    storeName,
    storeCity: reader.text('storeCity'),
    storeState: reader.text('storeState'),
    storeAddress: reader.text('storeAddress'),
    machineId: machineIdFor(machine),
  });
  if (reader.errors.length === 0) {
    for (const problem of await validateAs(PurchaseInput, record)) {
      reader.error(withLabelFor(problem.field, problem.message));
    }
  }
  const refs = exportRefsOf(reader, { part: 'partRef', store: 'storeRef' });
  return reader.finish('purchase', refs ? { ...record, exportRefs: refs } : record, machine);
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1).toLowerCase();
const withLabelFor = (field: string, message: string) => (/^(This field|Value must)/.test(message) ? `${LABELS[field] ?? field}: ${message}` : message);
