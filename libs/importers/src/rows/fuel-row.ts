import { FuelRecordInput } from '@wrenchlog/contracts';
import { toInstant } from '../text/dates.js';
import { round } from '../text/numbers.js';
import { compact, machineIdFor, machineOf, meterValue, rowDistance, type BuildContext } from './context.js';
import { joinNotes, type NormalizedRow, type RowReader } from './row.js';
import { toGallons, toPricePerGallon } from './units.js';
import { validateAs, withLabel } from './validate.js';

/**
 * A fuel row in the shape of FuelRecordInput, plus the two facts of a fill that the reports branch
 * adds to fuel records (fullTank, missedPrevious): carried here so they are not lost, and validated
 * by the DTO once it has them.
 */
export interface FuelRow {
  machineId: number;
  amount: number;
  pricePerUnit: number;
  totalPrice: number;
  dateOfPurchase: string;
  currentMileage?: number;
  lastMileage?: number;
  currentHours?: number;
  notes?: string;
  storeName?: string;
  storeCity?: string;
  storeState?: string;
  /** false for a partial fill (Fuelly partial_fuelup=1, LubeLogger IsFillToFull=False); true when the file does not say. */
  fullTank: boolean;
  /** The fill before this one was not recorded (Fuelly missed_fuelup, LubeLogger MissedFuelUp). */
  missedPrevious: boolean;
}

const LABELS: Record<string, string> = {
  machineId: 'Machine',
  amount: 'Amount',
  pricePerUnit: 'Price per unit',
  totalPrice: 'Total price',
  dateOfPurchase: 'Date',
  currentMileage: 'Odometer',
  lastMileage: 'Distance since last fill',
  currentHours: 'Hours',
};

/**
 * Reads a fuel row. Two of amount, price per unit and total give the third (Fuelly has no total:
 * price per unit x amount = total); all three that disagree by more than a cent per unit are kept
 * and warned about. Litres become gallons; distances take the unit of the machine's meter.
 */
export async function buildFuelRow(reader: RowReader, ctx: BuildContext, extraNotes: (string | undefined)[] = []): Promise<NormalizedRow<FuelRow>> {
  const machine = machineOf(reader, ctx, true);
  const read = reader.date('date');
  let amount = reader.number('amount');
  let unitPrice = reader.number('pricePerUnit');
  let total = reader.number('totalPrice');
  const odometer = meterValue(reader.number('odometer'), ctx);
  const trip = reader.number('tripDistance');
  const hours = reader.number('hours');
  const full = reader.boolean('fullTank');
  const partial = reader.boolean('partialFill');
  const missed = reader.boolean('missedPrevious');

  if (amount !== undefined && unitPrice !== undefined && total === undefined) {
    total = amount * unitPrice;
  } else if (amount !== undefined && total !== undefined && unitPrice === undefined && amount > 0) {
    unitPrice = total / amount;
  } else if (unitPrice !== undefined && total !== undefined && amount === undefined && unitPrice > 0) {
    amount = total / unitPrice;
  } else if (amount !== undefined && unitPrice !== undefined && total !== undefined) {
    const expected = amount * unitPrice;
    // The trackers round each of the three (Drivvo the volume to 2 decimals): half a unit of the amount's last
    // decimal costs up to half a cent per unit of price, so the tolerance grows with the price as with the amount.
    if (Math.abs(expected - total) > Math.max(0.01, amount * 0.001 + unitPrice * 0.005 + 0.005)) {
      reader.warn(`total price ${total.toFixed(2)} differs from amount x price per unit (${expected.toFixed(2)})`);
    }
  }
  if (trip !== undefined && odometer === undefined) {
    reader.warn('the distance since the last fill is kept only with an odometer reading');
  }

  const record: FuelRow = compact({
    machineId: machineIdFor(machine) as number,
    amount: amount === undefined ? (undefined as unknown as number) : round(toGallons(amount, ctx.units), 3),
    pricePerUnit: unitPrice === undefined ? (undefined as unknown as number) : round(toPricePerGallon(unitPrice, ctx.units), 3),
    totalPrice: total === undefined ? (undefined as unknown as number) : round(total, 2),
    dateOfPurchase: read === undefined ? (undefined as unknown as string) : toInstant(read, ctx.utcOffsetMinutes),
    currentMileage: odometer === undefined ? undefined : round(rowDistance(odometer, ctx, machine), 1),
    lastMileage: odometer === undefined || trip === undefined ? undefined : round(rowDistance(odometer - trip, ctx, machine), 1),
    currentHours: hours === undefined ? undefined : round(hours, 1),
    notes: joinNotes(reader.text('notes'), ...extraNotes, tagsNote(reader)),
    storeName: reader.text('storeName'),
    storeCity: reader.text('storeCity'),
    storeState: reader.text('storeState'),
    fullTank: full ?? (partial === undefined ? true : !partial),
    missedPrevious: missed ?? false,
  });
  if (reader.errors.length === 0) {
    for (const problem of await validateAs(FuelRecordInput, record)) {
      reader.error(withLabel(LABELS[problem.field] ?? problem.field, problem.message));
    }
  }
  return reader.finish('fuel', record, machine);
}

export const tagsNote = (reader: RowReader): string | undefined => {
  const tags = reader.text('tags');
  return tags ? `Tags: ${tags}` : undefined;
};
