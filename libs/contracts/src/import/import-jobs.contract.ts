import { plainToInstance, type ClassConstructor } from 'class-transformer';
import { validateSync, type ValidationError } from 'class-validator';

// The owners' side of the import job (issue 23, apps/import-service/README.md "The import job"):
// import-service sends each owning service a batch of rows it validated in the dry run; the owner
// validates them again with the same DTO class, writes them with `import_id`/`import_row` and its
// usual outbox events, and on Revert deletes exactly what that import wrote.

// Producer: import-service. Consumers: the owning services (by context).
export const FUEL_IMPORT_APPLY = 'fuel.import.apply' as const;
export const FUEL_IMPORT_REVERT = 'fuel.import.revert' as const;
export const INVENTORY_IMPORT_APPLY = 'inventory.import.apply' as const;
export const INVENTORY_IMPORT_REVERT = 'inventory.import.revert' as const;
/** A restore's suppliers and inventory parts (SupplierInput, PartInput), written before its purchases name them. */
export const INVENTORY_IMPORT_APPLY_SUPPLIERS = 'inventory.import.applySuppliers' as const;
export const INVENTORY_IMPORT_APPLY_PARTS = 'inventory.import.applyParts' as const;
/** After the import's purchases are reverted: its parts, then its suppliers, that nothing entered since names. */
export const INVENTORY_IMPORT_REVERT_STOCK = 'inventory.import.revertStock' as const;
export const SERVICE_IMPORT_APPLY = 'service.import.apply' as const;
export const SERVICE_IMPORT_REVERT = 'service.import.revert' as const;
export const MACHINE_IMPORT_APPLY = 'machine.import.apply' as const;
export const MACHINE_IMPORT_REVERT = 'machine.import.revert' as const;
export const MACHINE_IMPORT_CREATE_MACHINES = 'machine.import.createMachines' as const;
/** Meter readings (LubeLogger's odometer file): schedule-service's readings. */
export const SCHEDULE_IMPORT_APPLY = 'schedule.import.apply' as const;
export const SCHEDULE_IMPORT_REVERT = 'schedule.import.revert' as const;
/** A restore's meter readings (meter-readings.csv): on the machine's distance or hours meter, void ones too. */
export const SCHEDULE_IMPORT_APPLY_READINGS = 'schedule.import.applyReadings' as const;
/** A restore's maintenance schedules (schedules.csv): on their machines, after its records and readings; schedule.import.revert takes them back too. */
export const SCHEDULE_IMPORT_APPLY_SCHEDULES = 'schedule.import.applySchedules' as const;
/** The dry run's question on a restore's schedules: which rows the API's schedule rules refuse (whatever their machine). */
export const SCHEDULE_IMPORT_CHECK_SCHEDULES = 'schedule.import.checkSchedules' as const;
/** Revert's question: which of the import's machines have readings a user entered (they are kept, as with records). */
export const SCHEDULE_IMPORT_HAND_READINGS = 'schedule.import.handReadings' as const;

// The dry run's questions to the owners (producer: import-service's validate): which rows repeat a
// record the caller already has, and (readings) which break the rules of what is stored.
export const FUEL_IMPORT_CHECK = 'fuel.import.check' as const;
export const SERVICE_IMPORT_CHECK = 'service.import.check' as const;
export const INVENTORY_IMPORT_CHECK = 'inventory.import.check' as const;
export const SCHEDULE_IMPORT_CHECK = 'schedule.import.check' as const;

/** Rows an import job sends an owner in one call (and the owner writes in one transaction). */
export const IMPORT_BATCH_SIZE = 500;

/**
 * Records one `<ctx>.import.revert` call deletes at most, so a call of a 100,000-row import stays
 * well inside the job's call timeout: the job calls again while a call answers this many.
 */
export const IMPORT_REVERT_CALL_MAX = 5000;

export interface ImportApplyRow {
  /** The row's number in the file (1 = the first data row): with the import's id, the record's unique key. */
  rowNumber: number;
  /** The record in the DTO shape of its kind (FuelRecordInput, ServiceRecordInput, PurchaseInput, CreateMachineRequest). */
  record: Record<string, unknown>;
}

/**
 * A restored schedule's completion (the `completedBy` list of a schedule.import.applySchedules row):
 * the service record the same restore wrote for the one that completed it in the export, and its date.
 */
export interface RestoredCompletion {
  serviceRecordId: number;
  date: string;
}

export interface ImportApplyRequest {
  importId: number;
  accountId: number;
  batchNo: number;
  rows: ImportApplyRow[];
  /**
   * A restore's purchases: the restored parts' stock already counts them (the export's quantity),
   * so a purchase records what it added without adding it again.
   */
  stockCounted?: boolean;
}

/** A row already written by an earlier delivery answers its first id again. */
export interface ImportApplyResult {
  written: { rowNumber: number; id: number }[];
  failed: { rowNumber: number; message: string }[];
  /**
   * Events the owner's outbox has yet to send after this batch (one per subscriber): the job waits
   * while it is above IMPORT_OUTBOX_HIGH, so an import does not run ahead of the events' consumers.
   */
  backlog?: number;
}

/** A batch of the dry run's rows (at most IMPORT_BATCH_SIZE), with real machine ids only. */
export interface ImportCheckRequest {
  accountId: number;
  rows: ImportApplyRow[];
}

/**
 * `duplicates`: rows that repeat a stored record of the caller (same machine, date, meter and
 * amount), with that record's id. `problems`: rows the owner would refuse at import whatever else
 * the file holds (a reading out of sequence with the stored ones), with the message the row shows.
 */
export interface ImportCheckResult {
  duplicates: { rowNumber: number; id: number }[];
  problems: { rowNumber: number; message: string }[];
}

/** The owner's outbox backlog above which the import job waits before its next batch (about two batches' events for each of 4 subscribers). */
export const IMPORT_OUTBOX_HIGH = 4000;

export interface ImportRevertRequest {
  importId: number;
  accountId: number;
}

export interface ImportRevertResult {
  deleted: number;
}

export interface ImportCreateMachinesRequest {
  importId: number;
  accountId: number;
  names: string[];
}

/** Each name's machine: created by this import (again the same one on redelivery). */
export interface ImportCreateMachinesResult {
  machines: { name: string; id: number }[];
}

/**
 * machine.import.revert: after the owners removed the import's records, the import's machines to
 * delete (import-service asks the owners which still have records: those are kept).
 */
export interface MachineImportRevertRequest extends ImportRevertRequest {
  machineIds: number[];
}

/** `kept`: the import's machines left (they still have records). */
export interface MachineImportRevertResult extends ImportRevertResult {
  kept: { id: number; name: string }[];
}

/**
 * The first broken rule of an imported record against its DTO class, with the gateway's options
 * (whitelist, no implicit conversion), or null: the owners check a row again with the very class
 * the dry run used. Answers the instance (unknown keys dropped) to write from.
 */
export function checkImportRecord<T extends object>(dto: ClassConstructor<T>, record: unknown): { value: T; problem: null } | { value: null; problem: string } {
  if (typeof record !== 'object' || record === null || Array.isArray(record)) {
    return { value: null, problem: 'the row has no record' };
  }
  const value = plainToInstance(dto, record, { enableImplicitConversion: false });
  const errors = validateSync(value, { whitelist: true, validationError: { target: false, value: false } });
  const first = (list: ValidationError[]): string | undefined => {
    for (const e of list) {
      const message = Object.values(e.constraints ?? {})[0] ?? first(e.children ?? []);
      if (message) {
        return `${e.property}: ${message}`;
      }
    }
    return undefined;
  };
  const problem = first(errors);
  return problem ? { value: null, problem } : { value, problem: null };
}

/** schedule.import.handReadings: of these machines of the caller, those with a reading no record gave. */
export interface ImportHandReadingsRequest {
  accountId: number;
  machineIds: number[];
}

/**
 * The machines with a live or void reading entered on their meters (by hand, or by another import):
 * not one a service or fuel record gave, nor the one a machine's own miles or hours field gave.
 */
export interface ImportHandReadingsResult {
  machineIds: number[];
}
