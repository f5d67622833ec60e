import type { FuelRow } from './fuel-row.js';
import type { ImportRow } from './import-row.js';
import { byDateAndMeter } from './write-order.js';

// Checks across the rows of one file, per machine, in date order: a duplicate (same machine, date,
// meter and amount) is a warning and skipped by default; an odometer lower than an earlier-dated
// one is a warning (the meters' own sequence rules decide at import); a fill without the distance
// since the last one gets the previous fill's odometer, so its mpg is known.

const machineKey = (row: ImportRow): string | undefined =>
  row.machine === undefined ? undefined : 'id' in row.machine ? `id:${row.machine.id}` : `name:${row.machine.name.toLowerCase()}`;

interface Reading {
  row: ImportRow;
  date: string;
  value: number | undefined;
}

function readingOf(row: ImportRow): Reading | undefined {
  if (row.kind === 'fuel' && row.record?.dateOfPurchase) {
    return { row, date: row.record.dateOfPurchase, value: row.record.currentMileage };
  }
  if (row.kind === 'service' && row.record?.serviceDate) {
    return { row, date: row.record.serviceDate, value: row.record.miles };
  }
  return undefined;
}

function duplicateKey(row: ImportRow): string | undefined {
  const machine = machineKey(row) ?? '-';
  switch (row.kind) {
    case 'fuel':
      return row.record && `fuel|${machine}|${row.record.dateOfPurchase}|${row.record.currentMileage}|${row.record.amount}`;
    case 'service':
      return row.record && `service|${machine}|${row.record.serviceDate}|${row.record.miles}|${row.record.price}|${row.record.title?.toLowerCase()}`;
    case 'purchase':
      return row.record && `purchase|${machine}|${row.record.purchaseDate}|${row.record.partName?.toLowerCase()}|${row.record.quantity}|${row.record.price}`;
    // Machines, readings, and a restore's suppliers, parts and schedules: no duplicate check within the file.
    case 'machine':
    case 'odometer':
    case 'supplier':
    case 'part':
    case 'reading':
    case 'schedule':
      return undefined;
  }
}

const mark = (row: ImportRow, message: string) => {
  row.messages.push(`row ${row.rowNumber}: ${message}`);
  if (row.status === 'valid') {
    row.status = 'warning';
  }
};

// One formatter for all rows: toLocaleString builds a new one per call (slow over 100,000 rows).
const NUMBER = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
const fmt = (n: number) => NUMBER.format(n);

/**
 * Odometer rows (meter readings) are held to the meters' sequence rule among themselves, as errors:
 * per machine in date order, a reading lower than the highest of an earlier day is refused (the
 * meter would refuse it at import). The readings left are in sequence with each other in any order,
 * so each needs checking only against the stored ones (schedule.import.check) for the import to
 * place them all.
 */
function checkOdometerRows(usable: ImportRow[]): void {
  const byMachine = new Map<string, { row: ImportRow; date: string; value: number }[]>();
  for (const row of usable) {
    const key = machineKey(row);
    if (row.kind === 'odometer' && key !== undefined && row.record?.readAt && typeof row.record.value === 'number') {
      const list = byMachine.get(key) ?? [];
      list.push({ row, date: row.record.readAt.slice(0, 10), value: row.record.value });
      byMachine.set(key, list);
    }
  }
  for (const readings of byMachine.values()) {
    readings.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.row.rowNumber - b.row.rowNumber));
    // The highest accepted reading of the days before the current one, and of the current day so far.
    let earlier: { value: number; date: string } | undefined;
    let day: { value: number; date: string } | undefined;
    for (const reading of readings) {
      if (day && day.date !== reading.date) {
        if (!earlier || day.value > earlier.value) {
          earlier = day;
        }
        day = undefined;
      }
      if (earlier && reading.value < earlier.value) {
        reading.row.status = 'error';
        reading.row.messages.push(`row ${reading.row.rowNumber}: odometer ${fmt(reading.value)} is lower than ${fmt(earlier.value)} on ${earlier.date}`);
        continue;
      }
      if (!day || reading.value > day.value) {
        day = { value: reading.value, date: reading.date };
      }
    }
  }
}

export function checkSequences(rows: ImportRow[]): void {
  checkOdometerRows(rows.filter((r) => r.status !== 'error' && r.record !== undefined));
  const usable = rows.filter((r) => r.status !== 'error' && r.record !== undefined);
  const firstOf = new Map<string, number>();
  for (const row of usable) {
    const key = duplicateKey(row);
    if (key === undefined) {
      continue;
    }
    const first = firstOf.get(key);
    if (first === undefined) {
      firstOf.set(key, row.rowNumber);
    } else {
      row.duplicateOf = first;
      mark(row, `same machine, date, meter and amount as row ${first}: a duplicate, skipped unless you keep it`);
    }
  }

  const byMachine = new Map<string, Reading[]>();
  for (const row of usable) {
    const key = machineKey(row);
    const reading = readingOf(row);
    if (key !== undefined && reading !== undefined && row.duplicateOf === undefined) {
      const list = byMachine.get(key);
      if (list) {
        list.push(reading);
      } else {
        byMachine.set(key, [reading]);
      }
    }
  }
  for (const readings of byMachine.values()) {
    // Fills of one instant (a day without times) by their odometer: a newest-first file lists the higher one first.
    readings.sort((a, b) => byDateAndMeter({ ...a, meter: a.value, rowNumber: a.row.rowNumber }, { ...b, meter: b.value, rowNumber: b.row.rowNumber }));
    let highest: Reading | undefined;
    let previousFill: FuelRow | undefined;
    for (const reading of readings) {
      if (reading.value === undefined) {
        continue;
      }
      if (highest?.value !== undefined && reading.value < highest.value && highest.date.slice(0, 10) < reading.date.slice(0, 10)) {
        mark(reading.row, `odometer ${fmt(reading.value)} is lower than ${fmt(highest.value)} on ${highest.date.slice(0, 10)}`);
      } else if (highest === undefined || reading.value >= (highest.value ?? 0)) {
        highest = reading;
      }
      if (reading.row.kind === 'fuel' && reading.row.record) {
        const fill = reading.row.record;
        if (
          fill.lastMileage === undefined &&
          !fill.missedPrevious &&
          previousFill?.currentMileage !== undefined &&
          previousFill.currentMileage < reading.value
        ) {
          fill.lastMileage = previousFill.currentMileage;
        }
        previousFill = fill;
      }
    }
  }
}
