import type { ServiceRecord } from '@wrenchlog/contracts';
import type { ListedRecord, NewRecord } from './records.repository.js';
import type { ServiceRecordEntity } from './service-record.entity.js';
import { fromCents, searchText, sortKey, type RecordFields } from './service-record.rules.js';

// A record's row and its answer: what the records' and the imports' writes build the same way.

/** A record as every answer shows it (without its people: the service adds createdBy / updatedBy). */
export const toServiceRecord = (r: ListedRecord): ServiceRecord => ({
  id: r.id,
  title: r.title,
  status: r.status,
  machineName: r.machineName,
  machineId: r.machineId,
  serviceDate: r.serviceDate,
  serviceType: r.serviceType,
  serviceShop: r.serviceShop,
  notes: r.notes,
  price: fromCents(r.priceCents),
  dateCreated: r.dateCreated.toISOString(),
  miles: r.miles,
  hours: r.hours,
});

/** The editable fields of a stored record. */
export const fieldsOf = (r: ServiceRecordEntity): RecordFields => ({
  title: r.title,
  status: r.status,
  serviceDate: r.serviceDate,
  serviceType: r.serviceType,
  serviceShop: r.serviceShop,
  notes: r.notes,
  machineId: r.machineId,
  priceCents: r.priceCents,
  miles: r.miles,
  hours: r.hours,
});

/** A record's columns: its fields with the machine's name, and the sort and search keys made from them. */
export function recordColumns(
  fields: RecordFields,
  machineName: string | null,
): RecordFields & Pick<ServiceRecordEntity, 'machineName' | 'titleKey' | 'statusKey' | 'typeKey' | 'machineKey' | 'searchText'> {
  return {
    ...fields,
    machineName,
    titleKey: sortKey(fields.title),
    statusKey: sortKey(fields.status),
    typeKey: sortKey(fields.serviceType),
    machineKey: sortKey(machineName),
    searchText: searchText(fields),
  };
}

/** The columns of a new record of the account, created by `createdBy` (no idempotency key, no import: the caller adds those). */
export function newRecordRow(accountId: number, createdBy: number, fields: RecordFields, machineName: string): NewRecord {
  return {
    ...recordColumns(fields, machineName),
    accountId,
    createdBy,
    updatedBy: null,
    dateCreated: new Date(),
    idempotencyKey: null,
    importId: null,
    importRow: null,
  };
}

/** The columns whose value differs from the row's. */
export const changedColumns = (row: ServiceRecordEntity, next: Partial<ServiceRecordEntity>): Partial<ServiceRecordEntity> =>
  Object.fromEntries(Object.entries(next).filter(([column, value]) => row[column as keyof ServiceRecordEntity] !== value));

/** The later of two YYYY-MM-DD dates (they compare as strings). */
export const laterDate = (a: string | null, b: string): string => (a !== null && a > b ? a : b);
