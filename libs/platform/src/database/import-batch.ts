import { IMPORT_REVERT_CALL_MAX, type ImportApplyRequest, type ImportApplyResult, type ImportApplyRow } from '@wrenchlog/contracts';
import { In, type DataSource, type EntityManager, type EntityTarget, type ObjectLiteral } from 'typeorm';
import type { EntityMetadata } from 'typeorm/metadata/EntityMetadata.js';
import { CompiledWrites } from './compiled-write.js';

/** An owner's table of imported records: the two columns of issue 23 beside its id and owner. */
export interface ImportedRecord extends ObjectLiteral {
  id: number;
  accountId: number;
  importId: number | null;
  importRow: number | null;
}

/** What an owner's check of one row answers: the record to insert (without its id), or why the row cannot be written. */
export type ImportRowOutcome<E> = { record: E } | { failed: string };

/** Records of one multi-row INSERT: a fuel record's ~20 columns x 200 stays far below SQLite's and PostgreSQL's parameter limits. */
export const IMPORT_INSERT_CHUNK = 200;

/** Each imported table's prepared INSERTs (by its metadata: one per data source). */
const inserts = new WeakMap<EntityMetadata, CompiledWrites<ObjectLiteral>>();

function insertsOf<E extends ObjectLiteral>(manager: EntityManager, entity: EntityTarget<E>): CompiledWrites<E> {
  const repository = manager.connection.getRepository(entity);
  let writes = inserts.get(repository.metadata);
  if (!writes) {
    writes = new CompiledWrites<ObjectLiteral>(repository);
    inserts.set(repository.metadata, writes);
  }
  return writes as CompiledWrites<E>;
}

/** The ids of the batch's rows an earlier delivery already wrote, by row number (the unique (import_id, import_row) index). */
async function alreadyWritten<E extends ImportedRecord>(
  manager: EntityManager,
  entity: EntityTarget<E>,
  request: ImportApplyRequest,
): Promise<Map<number, number>> {
  const rowNumbers = request.rows.map((r) => r.rowNumber);
  const done = new Map<number, number>();
  if (rowNumbers.length > 0) {
    const existing = await manager.getRepository(entity).find({
      where: { importId: request.importId, importRow: In(rowNumbers) } as never,
      select: { id: true, importRow: true } as never,
    });
    for (const e of existing) {
      done.set(e.importRow as number, e.id);
    }
  }
  return done;
}

/**
 * One batch of an import job inside the caller's transaction (the owner's `<ctx>.import.apply`):
 * rows an earlier delivery already wrote answer their ids again (the unique (import_id, import_row)
 * index); every other row is checked by `prepare`, in file order, which answers the record to write
 * or a failure instead of throwing for a cause of the row (a database error aborts the whole batch,
 * which is then sent again). The records are then inserted with multi-row INSERTs (their ids set
 * on them), and `written` gets them to enqueue their events in bulk. A row's check therefore
 * never sees the records of the rows before it in the same batch.
 */
export async function applyImportBatch<E extends ImportedRecord>(
  manager: EntityManager,
  entity: EntityTarget<E>,
  request: ImportApplyRequest,
  prepare: (row: ImportApplyRow) => Promise<ImportRowOutcome<E>>,
  written: (records: E[]) => Promise<void>,
): Promise<ImportApplyResult> {
  const done = await alreadyWritten(manager, entity, request);
  const result: ImportApplyResult = { written: [], failed: [] };
  const fresh: E[] = [];
  for (const row of request.rows) {
    const known = done.get(row.rowNumber);
    if (known !== undefined) {
      result.written.push({ rowNumber: row.rowNumber, id: known });
      continue;
    }
    const outcome = await prepare(row);
    if ('record' in outcome) {
      fresh.push(outcome.record);
    } else {
      result.failed.push({ rowNumber: row.rowNumber, message: outcome.failed });
    }
  }
  // Prepared once (issue 37): TypeORM building a 200-row INSERT was most of a batch's own CPU. Each
  // record gets its generated id (RETURNING), in the order of the rows.
  await insertsOf(manager, entity).insertEntities(manager, fresh, IMPORT_INSERT_CHUNK);
  if (fresh.length > 0) {
    await written(fresh);
  }
  result.written.push(...fresh.map((r) => ({ rowNumber: r.importRow as number, id: r.id })));
  result.written.sort((a, b) => a.rowNumber - b.rowNumber);
  return result;
}

/**
 * As applyImportBatch, for an owner whose rows depend on the rows before them in the same batch
 * (meter readings: each is judged against the readings already placed, the batch's included), so
 * each row is checked and written by `write` in file order, one at a time.
 */
export async function applyImportRowByRow<E extends ImportedRecord>(
  manager: EntityManager,
  entity: EntityTarget<E>,
  request: ImportApplyRequest,
  write: (row: ImportApplyRow) => Promise<{ id: number } | { failed: string }>,
): Promise<ImportApplyResult> {
  const done = await alreadyWritten(manager, entity, request);
  const result: ImportApplyResult = { written: [], failed: [] };
  for (const row of request.rows) {
    const outcome = done.has(row.rowNumber) ? { id: done.get(row.rowNumber)! } : await write(row);
    if ('id' in outcome) {
      result.written.push({ rowNumber: row.rowNumber, id: outcome.id });
    } else {
      result.failed.push({ rowNumber: row.rowNumber, message: outcome.failed });
    }
  }
  return result;
}

/** Records a revert removes per transaction: each chunk goes with its `deleted` events, so a revert cut short resumes where it stopped. */
export const IMPORT_REVERT_CHUNK = 500;

/**
 * The owner's `<ctx>.import.revert`: deletes the account's records of one import, chunk by chunk,
 * each chunk in one transaction with whatever `remove` does for it (its events, stock taken back).
 * Records without that import id (entered by hand since) are never touched. Answers the count:
 * at most IMPORT_REVERT_CALL_MAX a call (the job calls again while it gets that many).
 */
export async function revertImportRecords<E extends ImportedRecord>(
  dataSource: DataSource,
  entity: EntityTarget<E>,
  accountId: number,
  importId: number,
  remove: (manager: EntityManager, rows: E[]) => Promise<void>,
): Promise<number> {
  let deleted = 0;
  while (deleted < IMPORT_REVERT_CALL_MAX) {
    const count = await dataSource.transaction(async (manager) => {
      const repo = manager.getRepository(entity);
      const rows = await repo.find({
        where: { accountId, importId } as never,
        order: { id: 'ASC' } as never,
        take: Math.min(IMPORT_REVERT_CHUNK, IMPORT_REVERT_CALL_MAX - deleted),
      });
      if (rows.length === 0) {
        return 0;
      }
      await repo.delete({ id: In(rows.map((r) => r.id)), accountId } as never);
      await remove(manager, rows);
      return rows.length;
    });
    if (count === 0) {
      return deleted;
    }
    deleted += count;
  }
  return deleted;
}

/** The UTC day of a stored or imported date ('2024-03-20'): two records of one day are the same day whatever their times. */
export const importDay = (date: Date | string): string => (typeof date === 'string' ? date.slice(0, 10) : date.toISOString().slice(0, 10));

/**
 * The owner's `<ctx>.import.check` matching: the rows whose duplicate key (machine, day, meter and
 * amount, as the owner builds it) a stored record of the caller has, with that record's id (the
 * first of several). A row without a key is never a duplicate.
 */
export function matchImportDuplicates(
  rows: readonly { rowNumber: number; key: string | null }[],
  stored: readonly { id: number; key: string }[],
): { rowNumber: number; id: number }[] {
  const first = new Map<string, number>();
  for (const s of stored) {
    if (!first.has(s.key) || s.id < first.get(s.key)!) {
      first.set(s.key, s.id);
    }
  }
  const out: { rowNumber: number; id: number }[] = [];
  for (const row of rows) {
    const id = row.key === null ? undefined : first.get(row.key);
    if (id !== undefined) {
      out.push({ rowNumber: row.rowNumber, id });
    }
  }
  return out;
}

/** The day range of a check's rows, as stored dates to query between: [first day 00:00 UTC, the day after the last). */
export function importDayRange(days: readonly string[]): { from: Date; until: Date } {
  const sorted = [...days].sort();
  const until = new Date(`${sorted[sorted.length - 1]}T00:00:00.000Z`);
  until.setUTCDate(until.getUTCDate() + 1);
  return { from: new Date(`${sorted[0]}T00:00:00.000Z`), until };
}
