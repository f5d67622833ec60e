import type { ImportRow } from './import-row.js';

// Trackers export newest first, and date fills without a time (Fuelly), so two fills of one day
// share an instant. Records are written oldest first, and fills at one instant by their odometer:
// the owners' ids then follow the order of the fills, which the full-to-full rule reads by date, odometer and id.

/** When a row's record happened (an instant or a date) and its meter reading; undefined for rows without a date. */
export function whenOf(row: ImportRow): { date: string; meter: number | undefined } | undefined {
  switch (row.kind) {
    case 'fuel':
      return row.record?.dateOfPurchase ? { date: row.record.dateOfPurchase, meter: row.record.currentMileage ?? row.record.currentHours } : undefined;
    case 'service':
      return row.record?.serviceDate ? { date: row.record.serviceDate, meter: row.record.miles ?? row.record.hours } : undefined;
    case 'purchase':
      return row.record?.purchaseDate ? { date: row.record.purchaseDate, meter: undefined } : undefined;
    case 'odometer':
      return row.record?.readAt ? { date: row.record.readAt, meter: row.record.value } : undefined;
    default:
      return undefined;
  }
}

/** Date order; on one date (or instant) the lower meter first (no meter before any), then file order. */
export function byDateAndMeter(a: { date: string; meter: number | undefined; rowNumber: number }, b: typeof a): number {
  if (a.date !== b.date) {
    return a.date < b.date ? -1 : 1;
  }
  const meter = (a.meter ?? -1) - (b.meter ?? -1);
  return meter !== 0 ? meter : a.rowNumber - b.rowNumber;
}

/**
 * Numbers the rows in the order an import writes them (`writeOrder`, from 1): oldest first, fills of
 * one instant by odometer, rows without a date where the file has them among the first. A restore
 * (`keepFileOrder`) is written in its files' order, which its kinds depend on.
 */
export function setWriteOrder(rows: ImportRow[], keepFileOrder: boolean): void {
  const keyed = rows.map((row) => ({ row, rowNumber: row.rowNumber, date: '', meter: undefined as number | undefined, ...(keepFileOrder ? {} : whenOf(row)) }));
  if (!keepFileOrder) {
    keyed.sort(byDateAndMeter);
  }
  keyed.forEach((k, i) => {
    k.row.writeOrder = i + 1;
  });
}
