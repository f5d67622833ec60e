import type { RecordKind } from '../fields/fields.js';
import type { DateFormat, ReadDate } from '../text/dates.js';
import { parseDate } from '../text/dates.js';
import type { DecimalSeparator } from '../text/numbers.js';
import { parseBoolean, parseNumber } from '../text/numbers.js';

export type RowStatus = 'valid' | 'warning' | 'error';

/** Which machine a row belongs to: the one chosen for the whole file, or the name a column gives. */
export type MachineRef = { id: number } | { name: string };

/**
 * One row of a file after mapping, conversion and validation. `record` has the shape of the
 * contracts' create DTO of its kind (FuelRecordInput, ServiceRecordInput, PurchaseInput,
 * CreateMachineRequest, or a meter reading), ready to be written by the owning service; it is
 * left out when a cell could not be read at all.
 */
export interface NormalizedRow<R = object> {
  rowNumber: number;
  kind: RecordKind;
  status: RowStatus;
  /** "row 14: date '31/02/2024' does not exist" */
  messages: string[];
  machine?: MachineRef;
  record?: R;
  /** The earlier row of the file this one repeats (same machine, date, meter and amount): skipped unless the user keeps it. */
  duplicateOf?: number;
  /** The order the import writes the row in (1 first): oldest first, see rows/write-order.ts. */
  writeOrder?: number;
  /** A machine row naming a machine the caller has already (sameNameMachines 'use'): that machine; the row is not written. */
  existingMachineId?: number;
}

/** How cells are read: the detected (or user-corrected) settings of the file. */
export interface CellFormat {
  decimalSeparator: DecimalSeparator;
  dateFormat: DateFormat;
}

/**
 * The mapped cells of one row and the messages met while reading them. Readers answer undefined
 * for a blank cell and for one that cannot be read (and record why, as an error).
 */
export class RowReader {
  readonly errors: string[] = [];
  readonly warnings: string[] = [];

  constructor(
    readonly rowNumber: number,
    private readonly values: Map<string, string>,
    private readonly format: CellFormat,
    private readonly labels: Record<string, { label: string }>,
  ) {}

  has(field: string): boolean {
    return (this.values.get(field) ?? '').trim() !== '';
  }

  /** Text as written (formula-looking cells like =HYPERLINK(...) stay text), trimmed; undefined when blank. */
  text(field: string): string | undefined {
    const value = this.values.get(field)?.trim();
    return value ? value : undefined;
  }

  number(field: string): number | undefined {
    const cell = this.values.get(field);
    const result = cell === undefined ? undefined : parseNumber(cell, this.format.decimalSeparator);
    if (result && !result.ok) {
      this.error(`${this.label(field)}: ${result.message}`);
      return undefined;
    }
    return result?.value;
  }

  date(field: string): ReadDate | undefined {
    const cell = this.values.get(field);
    const result = cell === undefined ? undefined : parseDate(cell, this.format.dateFormat);
    if (result && !result.ok) {
      this.error(result.message);
      return undefined;
    }
    return result?.value;
  }

  boolean(field: string): boolean | undefined {
    const cell = this.values.get(field);
    if (cell === undefined || cell.trim() === '') {
      return undefined;
    }
    const value = parseBoolean(cell);
    if (value === undefined) {
      this.error(`${this.label(field)}: '${cell.trim()}' is not yes or no`);
    }
    return value;
  }

  label(field: string): string {
    return this.labels[field]?.label ?? field;
  }

  error(message: string): void {
    this.errors.push(`row ${this.rowNumber}: ${message}`);
  }

  warn(message: string): void {
    this.warnings.push(`row ${this.rowNumber}: ${message}`);
  }

  /** The row's outcome: errors first, then warnings. */
  finish<R>(kind: RecordKind, record: R | undefined, machine?: MachineRef): NormalizedRow<R> {
    const status: RowStatus = this.errors.length > 0 ? 'error' : this.warnings.length > 0 ? 'warning' : 'valid';
    const row: NormalizedRow<R> = { rowNumber: this.rowNumber, kind, status, messages: [...this.errors, ...this.warnings] };
    if (machine) {
      row.machine = machine;
    }
    if (record !== undefined) {
      row.record = record;
    }
    return row;
  }
}

/** Appends labelled extras ("Tags: winter") to a note, one per line. */
export function joinNotes(...parts: (string | undefined)[]): string | undefined {
  const text = parts.filter((p): p is string => !!p && p.trim() !== '').join('\n');
  return text || undefined;
}
