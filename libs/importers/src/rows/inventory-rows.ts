import { PartInput, SupplierInput, type PartCategory } from '@wrenchlog/contracts';
import { round } from '../text/numbers.js';
import { compact } from './context.js';
import type { NormalizedRow, RowReader } from './row.js';
import { validateAs, withLabel } from './validate.js';

// A restore's inventory (issue 23): suppliers.csv and parts.csv rows in the shapes of SupplierInput
// and PartInput. Each keeps the export's ids in `exportRefs`, which the import job turns into the
// ids the restore writes (a part's supplier, a purchase's part and store) and drops before the owner.

/** The export's ids a restored row carries: its own, and those of the records it names. */
export interface ExportRefs {
  id?: string;
  supplier?: string;
  part?: string;
  store?: string;
  /** A schedule's: the service records that completed it. */
  completedBy?: string[];
}

/**
 * A part's supplier while the row is validated: the supplier the restore writes gets its id only
 * when the import runs, so validation takes 1 (as a machine named by text does).
 */
export const STAND_IN_SUPPLIER_ID = 1;

export interface SupplierRow {
  name: string;
  contact: string;
  email: string;
  phone: string;
  address?: string;
  exportRefs?: ExportRefs;
}

export interface PartRow {
  partNumber: string;
  name: string;
  description?: string;
  category: PartCategory;
  quantity: number;
  minStock: number;
  price: number;
  supplierId: number;
  brand?: string;
  exportRefs?: ExportRefs;
}

/** The export's ids of a row (blank cells left out), or undefined when it has none. */
export function exportRefsOf(reader: RowReader, fields: Partial<Record<keyof ExportRefs, string>>): ExportRefs | undefined {
  const refs: Record<string, string | undefined> = compact(
    Object.fromEntries(Object.entries(fields).map(([key, field]) => [key, reader.text(field as string)])),
  );
  return Object.keys(refs).length > 0 ? refs : undefined;
}

export async function buildSupplierRow(reader: RowReader): Promise<NormalizedRow<SupplierRow>> {
  const record: SupplierRow = compact({
    name: reader.text('name') as string,
    contact: reader.text('contact') as string,
    email: reader.text('email') as string,
    phone: reader.text('phone') as string,
    address: reader.text('address'),
  });
  await check(reader, SupplierInput, record);
  return reader.finish('supplier', withRefs(record, exportRefsOf(reader, { id: 'ref' })));
}

export async function buildPartRow(reader: RowReader): Promise<NormalizedRow<PartRow>> {
  const quantity = reader.number('quantity');
  const minStock = reader.number('minStock');
  const price = reader.number('price');
  const refs = exportRefsOf(reader, { id: 'ref', supplier: 'supplierRef' });
  if (!refs?.supplier) {
    reader.error('Supplier is required');
  }
  const record: PartRow = compact({
    partNumber: reader.text('partNumber') as string,
    name: reader.text('name') as string,
    description: reader.text('description'),
    category: reader.text('category') as PartCategory,
    quantity: quantity as number,
    minStock: minStock as number,
    price: price === undefined ? (undefined as unknown as number) : round(price, 2),
    supplierId: STAND_IN_SUPPLIER_ID,
    brand: reader.text('brand'),
  });
  await check(reader, PartInput, record);
  return reader.finish('part', withRefs(record, refs));
}

async function check(reader: RowReader, dto: typeof SupplierInput | typeof PartInput, record: object): Promise<void> {
  if (reader.errors.length === 0) {
    for (const problem of await validateAs(dto as new () => object, record)) {
      reader.error(withLabel(reader.label(problem.field), problem.message));
    }
  }
}

const withRefs = <R extends object>(record: R, refs: ExportRefs | undefined): R => (refs ? { ...record, exportRefs: refs } : record);
