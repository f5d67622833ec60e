import type { CellFormat, MachineRef, RowReader } from './row.js';
import { toMeterUnit, type Units } from './units.js';

/** What every row of a file is read with. */
export interface BuildContext {
  format: CellFormat;
  units: Units;
  /** The machine chosen for the whole file; without it each row names its machine in the mapped 'machine' column. */
  machineId?: number;
  /** Minutes east of UTC of the user's clock: a time without a zone in the file is theirs (the browser sends it). */
  utcOffsetMinutes: number;
  /** Service type of rows that have none (LubeLogger repair file: 'Repair'; Drivvo expenses: 'Expense'). */
  serviceType?: string;
  /** The unit of a row's machine's distance meter (records hold what the meter shows); miles when not given. */
  distanceUnitOf?: (machine: MachineRef | undefined) => 'mi' | 'km';
  /** An odometer of 0 is no reading (the trackers write 0 when none was taken): left out, never a reading that voids real ones. */
  zeroMeterIsNone?: boolean;
}

/**
 * A row's stand-in machine id while it is validated: rows that name their machine by text get a
 * real id only when the import runs (the named machine found or created), so validation takes 1.
 */
export const STAND_IN_MACHINE_ID = 1;

/** The row's machine, or an error when the file has none chosen and the row names none. */
export function machineOf(reader: RowReader, ctx: BuildContext, required: boolean): MachineRef | undefined {
  if (ctx.machineId !== undefined) {
    return { id: ctx.machineId };
  }
  const name = reader.text('machine');
  if (name) {
    return { name };
  }
  if (required) {
    reader.error('no machine: choose the machine of the file, or map the column that names it');
  }
  return undefined;
}

export const machineIdFor = (ref: MachineRef | undefined): number | undefined => (ref === undefined ? undefined : 'id' in ref ? ref.id : STAND_IN_MACHINE_ID);

/** Leaves out the keys whose value is undefined (a DTO's "not given"). */
export function compact<T extends Record<string, unknown>>(record: T): T {
  return Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined)) as T;
}

/** A meter value as read, or undefined for the trackers' 0 that means "not read". */
export const meterValue = (value: number | undefined, ctx: BuildContext): number | undefined => (value === 0 && ctx.zeroMeterIsNone ? undefined : value);

/** A distance of the row's file in its machine's meter unit. */
export const rowDistance = (value: number, ctx: BuildContext, machine: MachineRef | undefined): number =>
  toMeterUnit(value, ctx.units, ctx.distanceUnitOf?.(machine) ?? 'mi');
