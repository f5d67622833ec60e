import { Injectable } from '@nestjs/common';
import {
  checkImportRecord,
  ErrorCode,
  ServiceRecordInput as ServiceRecordInputDto,
  type ImportApplyRequest,
  type ImportApplyResult,
  type ImportCheckRequest,
  type ImportCheckResult,
  type ImportRevertRequest,
  type ImportRevertResult,
  MACHINE_GET,
  MACHINE_HISTORY_LIMITS,
  isValidId,
  pageOf,
  SERVICE_RECORD_CHANGED,
  SERVICE_RECORD_DELETED,
  SERVICE_RECORD_SAVED,
  ServiceRecordMessages as M,
  type Actor,
  type HistoryWindow,
  type RecentServicesQuery,
  type RpcMeta,
  type ServiceRecord,
  type ServiceRecordChangedEvent,
  type ServiceRecordDeletedEvent,
  type ServiceRecordSavedEvent,
  type ServiceRecordInput,
  type ServiceRecordPage,
  type ServiceRecordsOfMachine,
  type UpdateServiceRecordRequest,
} from '@wrenchlog/contracts';
import {
  createOnce,
  DomainError,
  importDay,
  matchImportDuplicates,
  notFound,
  Outbox,
  RpcCallError,
  RpcClient,
  unavailable,
  validationFailed,
  type CallContext,
} from '@wrenchlog/platform';
import { callContext } from '../common/call-context.js';
import { Transactions, type Tx } from '../common/transactions.js';
import { ImageRemoval } from '../images/image-removal.js';
import { KnownMachinesRepository } from './known-machines.repository.js';
import { RecordsRepository, type ListedRecord, type NewRecord, type RecordForWrite } from './records.repository.js';
import type { ServiceRecordEntity } from './service-record.entity.js';
import {
  containsPattern,
  fromCents,
  newRecordFields,
  parseRecentQuery,
  searchText,
  sortKey,
  toCents,
  updatedRecordFields,
  utcDate,
  type RecordFields,
} from './service-record.rules.js';

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

const fieldsOf = (r: ServiceRecordEntity): RecordFields => ({
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

@Injectable()
export class RecordsService {
  constructor(
    private readonly records: RecordsRepository,
    private readonly machines: KnownMachinesRepository,
    private readonly transactions: Transactions,
    private readonly outbox: Outbox,
    private readonly images: ImageRemoval,
    private readonly rpc: RpcClient,
  ) {}

  async create(actor: Actor, input: ServiceRecordInput | null, meta?: RpcMeta): Promise<ServiceRecord> {
    const fields = newRecordFields(input ?? {}, utcDate(new Date()));
    const key = meta?.idempotencyKey ?? null;
    const ctx = callContext(actor, meta);
    // A retried create (same Idempotency-Key) answers the record the first attempt made.
    return createOnce(
      async () => {
        const replayed = key ? await this.records.byIdempotencyKey(actor.userId, key) : null;
        return replayed && toServiceRecord(replayed);
      },
      async () => {
        const row = await this.transactions.run(async (tx) => {
          const machineName = await this.machineForWrite(tx, actor, fields.machineId);
          const created = await this.records.add(tx, { ...this.newRow(actor.userId, fields, machineName), idempotencyKey: key });
          await this.announce(tx, ctx, actor.userId, created.machineId, created.id, 'saved');
          await this.recordSaved(tx, ctx, actor.userId, created, input?.completesScheduleIds);
          return created;
        });
        // The machine's projection row was read under a row lock (or, on SQLite, in a queued
        // transaction), or inserted by this transaction, so a rename or delete waits for this
        // commit and then finds the record.
        return toServiceRecord(row);
      },
    );
  }

  /**
   * service.import.apply (issue 23): one batch in one transaction, each row checked again with
   * ServiceRecordInput and the record rules, its machine as for a hand-entered record, written with
   * its import id and row and the events of a create (service.record.changed and .saved).
   */
  async importApply(actor: Actor, request: ImportApplyRequest, meta?: RpcMeta): Promise<ImportApplyResult> {
    const ctx = callContext(actor, meta);
    const today = utcDate(new Date());
    const result = await this.transactions.run((tx) =>
      this.records.importBatch(
        tx,
        request,
        async (item) => {
          const { value, problem } = checkImportRecord(ServiceRecordInputDto, item.record);
          if (!value) {
            return { failed: problem };
          }
          let fields: RecordFields;
          let machineName: string;
          try {
            fields = newRecordFields(value, today);
            machineName = await this.machineForWrite(tx, actor, fields.machineId);
          } catch (err) {
            if (err instanceof DomainError) {
              return { failed: err.message };
            }
            throw err;
          }
          return { record: this.records.create({ ...this.newRow(actor.userId, fields, machineName), importId: request.importId, importRow: item.rowNumber }) };
        },
        async (records) => {
          // service.record.changed is a state event (the machine's newest date): one per machine of the batch, after its last record.
          const lastOfMachine = new Map(records.map((r) => [r.machineId, r.id]));
          for (const [machineId, recordId] of lastOfMachine) {
            await this.announce(tx, ctx, actor.userId, machineId, recordId, 'saved');
          }
          await this.outbox.enqueueMany(
            tx,
            SERVICE_RECORD_SAVED,
            records.map((r) => savedEvent(actor.userId, r, undefined)),
            ctx,
          );
        },
      ),
    );
    return { ...result, backlog: await this.outbox.backlog() };
  }

  /**
   * service.import.check (the dry run): the rows that repeat a stored record of the caller: same
   * machine, date, miles, price and title (a title keeps two jobs of one visit apart, as the dry run
   * compares the rows of a file).
   */
  async importCheck({ userId }: Actor, request: ImportCheckRequest): Promise<ImportCheckResult> {
    // The dry run validated these rows with ServiceRecordInput already: only the key's fields are read.
    const rows = (request?.rows ?? []).flatMap((row) => {
      const value = row.record as Partial<ServiceRecordInput>;
      return isValidId(value.machineId) && typeof value.serviceDate === 'string'
        ? [{ rowNumber: row.rowNumber, value, machineId: value.machineId, day: value.serviceDate }]
        : [];
    });
    if (rows.length === 0) {
      return { duplicates: [], problems: [] };
    }
    const key = (machineId: number, day: string, miles: number | null | undefined, priceCents: number, title: string) =>
      `${machineId}|${importDay(day)}|${miles ?? ''}|${priceCents}|${title.trim().toLowerCase()}`;
    const days = [...new Set(rows.map((r) => importDay(r.day)))];
    const stored = await this.records.onDays(userId, [...new Set(rows.map((r) => r.machineId))], days);
    const duplicates = matchImportDuplicates(
      rows.map((r) => ({
        rowNumber: r.rowNumber,
        key: key(
          r.machineId,
          r.day,
          r.value.miles,
          toCents(typeof r.value.price === 'number' ? r.value.price : 0),
          typeof r.value.title === 'string' ? r.value.title : '',
        ),
      })),
      stored.map((s) => ({ id: s.id, key: key(s.machineId, s.serviceDate, s.miles, s.priceCents, s.title) })),
    );
    return { duplicates, problems: [] };
  }

  /**
   * service.import.revert: deletes exactly that import's records of the caller with their images,
   * service.record.deleted for each and service.record.changed (the machine's newest date after it).
   */
  async importRevert(actor: Actor, request: ImportRevertRequest, meta?: RpcMeta): Promise<ImportRevertResult> {
    const ctx = callContext(actor, meta);
    const deleted = await this.records.revertImport(actor.userId, request.importId, async (tx, rows) => {
      await this.images.removeForRecords(
        tx,
        actor.userId,
        rows.map((r) => r.id),
        ctx,
      );
      const lastOfMachine = new Map<number, number>();
      for (const row of rows) {
        const event: ServiceRecordDeletedEvent = { recordId: row.id, userId: actor.userId, machineId: row.machineId, at: new Date().toISOString() };
        await this.outbox.enqueue(tx, SERVICE_RECORD_DELETED, event, ctx);
        lastOfMachine.set(row.machineId, row.id);
      }
      for (const [machineId, recordId] of lastOfMachine) {
        await this.announce(tx, ctx, actor.userId, machineId, recordId, 'deleted');
      }
    });
    return { deleted };
  }

  async get(actor: Actor, id: number): Promise<ServiceRecord> {
    if (!isValidId(id)) {
      throw validationFailed(M.invalidId, [{ field: 'id', message: M.invalidId }]);
    }
    const row = await this.records.owned(actor.userId, id);
    if (!row) {
      throw notFound(M.notFound);
    }
    return toServiceRecord(row);
  }

  async update(actor: Actor, request: UpdateServiceRecordRequest, meta?: RpcMeta): Promise<ServiceRecord> {
    const { id, record } = request ?? ({} as UpdateServiceRecordRequest);
    const bodyId = record?.id;
    // The record itself was checked on receipt (@ValidInput); its id, when sent, must be the path's.
    if (!isValidId(id) || (bodyId !== undefined && bodyId !== null && bodyId !== id)) {
      throw validationFailed(M.invalidUpdate, [{ field: 'id', message: M.invalidUpdate }]);
    }
    const ctx = callContext(actor, meta);
    const row = await this.transactions.run(async (tx) => {
      const { row: current, othersLatest } = await this.ownedForWrite(tx, actor.userId, id, record.machineId);
      const fields = updatedRecordFields(fieldsOf(current), record);
      const previousMachineId = current.machineId;
      const moved = fields.machineId !== previousMachineId;
      const machineName = moved ? await this.machineForWrite(tx, actor, fields.machineId) : current.machineName;
      // Only what changed is written: a rename of the machine that raced this update keeps its name.
      const changed = changedColumns(current, this.columns(fields, machineName));
      await this.records.update(tx, actor.userId, id, changed);
      const saved = Object.assign(current, changed);
      const base = { userId: actor.userId, recordId: id };
      if (!moved) {
        await this.enqueueChanged(tx, ctx, { ...base, machineId: saved.machineId, change: 'saved', latest: laterDate(othersLatest, saved.serviceDate) });
      } else {
        await this.announce(tx, ctx, actor.userId, saved.machineId, id, 'saved');
        // The record left its old machine, whose latest service date is now that of its other records.
        await this.enqueueChanged(tx, ctx, { ...base, machineId: previousMachineId, change: 'deleted', latest: othersLatest });
      }
      await this.recordSaved(tx, ctx, actor.userId, saved, record.completesScheduleIds);
      return saved;
    });
    return toServiceRecord(row);
  }

  async delete(actor: Actor, id: number, meta?: RpcMeta): Promise<{ id: number }> {
    if (!isValidId(id)) {
      throw validationFailed(M.invalidId, [{ field: 'id', message: M.invalidId }]);
    }
    const ctx = callContext(actor, meta);
    await this.transactions.run(async (tx) => {
      const { row, othersLatest } = await this.ownedForWrite(tx, actor.userId, id);
      await this.images.removeForRecords(tx, actor.userId, [row.id], ctx);
      await this.records.remove(tx, actor.userId, [row.id]);
      await this.enqueueChanged(tx, ctx, { userId: actor.userId, machineId: row.machineId, recordId: row.id, change: 'deleted', latest: othersLatest });
      const deleted: ServiceRecordDeletedEvent = { recordId: row.id, userId: actor.userId, machineId: row.machineId, at: new Date().toISOString() };
      await this.outbox.enqueue(tx, SERVICE_RECORD_DELETED, deleted, ctx);
    });
    return { id };
  }

  /**
   * One machine's records, newest service date first: one page when the caller pages, else the
   * newest MACHINE_HISTORY_LIMITS.unpaged (issue 25, item 9). Another user's machine simply has none.
   */
  async byMachine(actor: Actor, machineId: number, window: HistoryWindow = {}): Promise<ServiceRecordsOfMachine> {
    if (!isValidId(machineId)) {
      throw validationFailed(M.invalidMachineId, [{ field: 'machineId', message: M.invalidMachineId }]);
    }
    if (window.page === undefined || window.size === undefined) {
      const rows = await this.records.newestOfMachine(actor.userId, machineId, MACHINE_HISTORY_LIMITS.unpaged);
      return rows.map(toServiceRecord);
    }
    const { rows, total } = await this.records.pageOfMachine(actor.userId, machineId, window.page, window.size);
    return pageOf(rows.map(toServiceRecord), total, window.page, window.size);
  }

  /** The recent services list: one page of the caller's records, sorted, filtered by status and searched. */
  async recent(actor: Actor, rawQuery: RecentServicesQuery | null): Promise<ServiceRecordPage> {
    const query = parseRecentQuery(rawQuery);
    const filter = {
      ...(query.status ? { statusKey: sortKey(query.status) } : {}),
      ...(query.search ? { pattern: containsPattern(query.search) } : {}),
    };
    const { rows, total } = await this.records.recent(actor.userId, filter, query.sort, query.page, query.size);
    return pageOf(rows.map(toServiceRecord), total, query.page, query.size);
  }

  /**
   * Deletes every record of a deleted machine (and their images); the machine.machine.deleted
   * consumer. Idempotent: a repeated event finds nothing left.
   */
  async deleteAllOfMachine(tx: Tx, userId: number, machineId: number, ctx: CallContext): Promise<number> {
    const ids = await this.records.idsOfMachine(tx, userId, machineId);
    if (ids.length === 0) {
      return 0;
    }
    await this.images.removeForRecords(tx, userId, ids, ctx);
    await this.records.remove(tx, userId, ids);
    return ids.length;
  }

  /**
   * The record to update or delete, 404 when it is not the caller's, with the newest service date
   * of the other records of its machine (the machine's latest date without this record).
   *
   * Where the engine has row locks, the projection rows of the record's machine, and of the machine
   * it moves to, are locked first, as a create locks its machine's: the writes for one machine take
   * turns, and the read that follows, a statement of its own, sees the dates the writer before
   * committed. Without it an update could tell machine-service a latest date that missed a create
   * committed meanwhile.
   */
  private async ownedForWrite(tx: Tx, userId: number, id: number, movingTo?: unknown): Promise<RecordForWrite> {
    const locked = await this.machines.lockOfRecord(tx, userId, id, movingTo);
    const found = await this.records.forWrite(tx, userId, id);
    if (!found) {
      throw notFound(M.notFound);
    }
    // Moved to another machine by a write that committed while this one waited: hold that one too
    // (no one can move it again now), and read once more.
    if (locked && !locked.has(found.row.machineId) && (await this.machines.locked(tx, found.row.machineId))) {
      const again = await this.records.forWrite(tx, userId, id);
      if (!again) {
        throw notFound(M.notFound);
      }
      return again;
    }
    return found;
  }

  /**
   * The name of the machine a record is written for, from its projection row, locked where the
   * database has row locks (PostgreSQL). The lock makes a rename or delete of the machine wait for this transaction
   * (then it finds the record), and makes the writes for one machine take turns. Its latest service
   * date is read by a later statement (`announce`): a statement that waited for the lock still sees
   * the data of when it began, without the dates the writer before it committed.
   *
   * The machine must be the caller's. Machines are known through machine-service's events, which
   * can arrive after the user has already picked a brand-new machine in the form: a machine this
   * service has not heard of yet is looked up in machine-service once (scoped by the caller) and
   * remembered, so a nonexistent id or another user's is refused as not found (issue 25, item 8),
   * as is a machine known to belong to someone else or to be deleted.
   */
  private async machineForWrite(tx: Tx, actor: Actor, machineId: number): Promise<string> {
    if (!isValidId(machineId)) {
      throw notFound(M.machineNotFound);
    }
    const known = await this.machines.locked(tx, machineId);
    if (!known) {
      return this.lookUpMachine(tx, actor, machineId);
    }
    if (known.deleted || known.userId !== actor.userId) {
      throw notFound(M.machineNotFound);
    }
    return known.name;
  }

  /**
   * A machine not in the projection yet: its name from machine-service, kept as a projection row
   * older than any saved event (so the events still win), inserted in this transaction so a saved
   * or deleted event for it waits for this commit and then sees the record.
   */
  private async lookUpMachine(tx: Tx, actor: Actor, machineId: number): Promise<string> {
    let name: string;
    try {
      name = (await this.rpc.send(MACHINE_GET, { id: machineId }, { actor })).name;
    } catch (err) {
      if (err instanceof RpcCallError && err.code === ErrorCode.NotFound) {
        throw notFound(M.machineNotFound);
      }
      if (err instanceof RpcCallError && err.code === ErrorCode.Unavailable) {
        throw unavailable(err.message);
      }
      throw err;
    }
    await this.machines.addIfAbsent(tx, { machineId, userId: actor.userId, name, updatedAt: new Date(0) });
    const known = await this.machines.locked(tx, machineId);
    if (!known || known.deleted || known.userId !== actor.userId) {
      throw notFound(M.machineNotFound);
    }
    return known.name;
  }

  /** The columns of a new record of the user (no idempotency key, no import: the caller adds those). */
  private newRow(userId: number, fields: RecordFields, machineName: string): NewRecord {
    return {
      ...this.columns(fields, machineName),
      userId,
      dateCreated: new Date(),
      idempotencyKey: null,
      importId: null,
      importRow: null,
    };
  }

  /** A record's columns: its fields with the machine's name, and the sort and search keys made from them. */
  private columns(
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

  /** service.record.changed with the machine's newest service date after this change, in the same transaction. */
  private async announce(tx: Tx, ctx: CallContext, userId: number, machineId: number, recordId: number, change: 'saved' | 'deleted'): Promise<void> {
    const latest = await this.records.latestOfMachine(tx, userId, machineId);
    await this.enqueueChanged(tx, ctx, { userId, machineId, recordId, change, latest });
  }

  /** service.record.saved of one record (savedEvent below). */
  private async recordSaved(tx: Tx, ctx: CallContext, userId: number, row: ServiceRecordEntity, completes: unknown): Promise<void> {
    await this.outbox.enqueue(tx, SERVICE_RECORD_SAVED, savedEvent(userId, row, completes), ctx);
  }

  private async enqueueChanged(
    tx: Tx,
    ctx: CallContext,
    c: { userId: number; machineId: number; recordId: number; change: 'saved' | 'deleted'; latest: string | null },
  ): Promise<void> {
    const event: ServiceRecordChangedEvent = {
      machineId: c.machineId,
      userId: c.userId,
      recordId: c.recordId,
      change: c.change,
      latestServiceDate: c.latest,
      at: new Date().toISOString(),
    };
    await this.outbox.enqueue(tx, SERVICE_RECORD_CHANGED, event, ctx);
  }
}

/** The columns whose value differs from the row's. */
const changedColumns = (row: ServiceRecordEntity, next: Partial<ServiceRecordEntity>): Partial<ServiceRecordEntity> =>
  Object.fromEntries(Object.entries(next).filter(([column, value]) => row[column as keyof ServiceRecordEntity] !== value));

/** The later of two YYYY-MM-DD dates (they compare as strings). */
const laterDate = (a: string | null, b: string): string => (a !== null && a > b ? a : b);

/**
 * service.record.saved for schedule-service and report-service (its price, title and notes): the
 * record's meter values become readings linked to it, and the schedules it completes (only when the call sent the list; an update without it
 * keeps the completions as they were).
 */
function savedEvent(userId: number, row: ServiceRecordEntity, completes: unknown): ServiceRecordSavedEvent {
  return {
    recordId: row.id,
    userId,
    machineId: row.machineId,
    serviceDate: row.serviceDate,
    miles: row.miles,
    hours: row.hours,
    priceCents: row.priceCents,
    title: row.title,
    notes: row.notes,
    ...(Array.isArray(completes) ? { completesScheduleIds: completes.filter((id): id is number => isValidId(id)) } : {}),
    at: new Date().toISOString(),
  };
}
