import { Injectable } from '@nestjs/common';
import { OwnedImages } from '@wrenchlog/owned-images';
import {
  isValidId,
  MACHINE_HISTORY_LIMITS,
  pageOf,
  ServiceRecordMessages as M,
  type Actor,
  type AuditedServiceRecord,
  type HistoryWindow,
  type Page,
  type RecentServicesQuery,
  type RpcMeta,
  type ServiceRecordInput,
  type ServiceRecordsOfMachine,
  type UpdateServiceRecordRequest,
} from '@wrenchlog/contracts';
import { createOnce, MemberDirectory, notFound, validationFailed, type CallContext, type MachineAssignment } from '@wrenchlog/platform';
import { callContext } from '../common/call-context.js';
import { MachineAccess, maySee } from '../common/machine-access.js';
import { Transactions, type Tx } from '../common/transactions.js';
import type { ServiceImageEntity } from '../images/service-image.entity.js';
import { KnownMachinesRepository } from './known-machines.repository.js';
import { RecordEvents } from './record-events.js';
import { RecordMachines } from './record-machines.js';
import { changedColumns, fieldsOf, laterDate, newRecordRow, recordColumns, toServiceRecord } from './record-row.js';
import { RecordsRepository, type ListedRecord, type RecordForWrite } from './records.repository.js';
import { containsPattern, newRecordFields, parseRecentQuery, sortKey, updatedRecordFields, utcDate } from './service-record.rules.js';

/**
 * Service records of the caller's account (issue 32): every query scoped by the account, a
 * mechanic's by their assigned machines too; answers name who created and last changed each record.
 */
@Injectable()
export class RecordsService {
  constructor(
    private readonly records: RecordsRepository,
    private readonly machines: KnownMachinesRepository,
    private readonly recordMachines: RecordMachines,
    private readonly events: RecordEvents,
    private readonly transactions: Transactions,
    private readonly images: OwnedImages<ServiceImageEntity>,
    private readonly access: MachineAccess,
    private readonly members: MemberDirectory,
  ) {}

  async create(actor: Actor, input: ServiceRecordInput | null, meta?: RpcMeta): Promise<AuditedServiceRecord> {
    const fields = newRecordFields(input ?? {}, utcDate(new Date()));
    const key = meta?.idempotencyKey ?? null;
    const ctx = callContext(actor, meta);
    const seen = await this.access.of(actor);
    // A retried create (same Idempotency-Key) answers the record the first attempt made.
    const row = await createOnce(
      () => (key ? this.records.byIdempotencyKey(actor.accountId, key) : Promise.resolve(null)),
      () =>
        this.transactions.run(async (tx) => {
          const machineName = await this.recordMachines.forWrite(tx, actor, fields.machineId, seen);
          const created = await this.records.add(tx, { ...newRecordRow(actor.accountId, actor.userId, fields, machineName), idempotencyKey: key });
          await this.events.announce(tx, ctx, actor.accountId, created.machineId, created.id, 'saved');
          await this.events.saved(tx, ctx, actor.accountId, created, input?.completesScheduleIds);
          // The machine's projection row was read under a row lock (or, on SQLite, in a queued
          // transaction), or inserted by this transaction, so a rename or delete waits for this
          // commit and then finds the record.
          return created;
        }),
    );
    return this.answer(actor, row);
  }

  async get(actor: Actor, id: number): Promise<AuditedServiceRecord> {
    if (!isValidId(id)) {
      throw validationFailed(M.invalidId, [{ field: 'id', message: M.invalidId }]);
    }
    const [row, seen] = await Promise.all([this.records.owned(actor.accountId, id), this.access.of(actor)]);
    if (!row || !maySee(seen, row.machineId)) {
      throw notFound(M.notFound);
    }
    return this.answer(actor, row);
  }

  async update(actor: Actor, request: UpdateServiceRecordRequest, meta?: RpcMeta): Promise<AuditedServiceRecord> {
    const { id, record } = request ?? ({} as UpdateServiceRecordRequest);
    const bodyId = record?.id;
    // The record itself was checked on receipt (@ValidInput); its id, when sent, must be the path's.
    if (!isValidId(id) || (bodyId !== undefined && bodyId !== null && bodyId !== id)) {
      throw validationFailed(M.invalidUpdate, [{ field: 'id', message: M.invalidUpdate }]);
    }
    const ctx = callContext(actor, meta);
    const seen = await this.access.of(actor);
    const accountId = actor.accountId;
    const row = await this.transactions.run(async (tx) => {
      const { row: current, othersLatest } = await this.ownedForWrite(tx, accountId, id, seen, record.machineId);
      const fields = updatedRecordFields(fieldsOf(current), record);
      const previousMachineId = current.machineId;
      const moved = fields.machineId !== previousMachineId;
      const machineName = moved ? await this.recordMachines.forWrite(tx, actor, fields.machineId, seen) : current.machineName;
      // Only what changed is written: a rename of the machine that raced this update keeps its name.
      const changed = changedColumns(current, { ...recordColumns(fields, machineName), updatedBy: actor.userId });
      await this.records.update(tx, accountId, id, changed);
      const saved = Object.assign(current, changed);
      if (!moved) {
        await this.events.changed(tx, ctx, {
          accountId,
          recordId: id,
          machineId: saved.machineId,
          change: 'saved',
          latest: laterDate(othersLatest, saved.serviceDate),
        });
      } else {
        await this.events.announce(tx, ctx, accountId, saved.machineId, id, 'saved');
        // The record left its old machine, whose latest service date is now that of its other records.
        await this.events.changed(tx, ctx, { accountId, recordId: id, machineId: previousMachineId, change: 'deleted', latest: othersLatest });
      }
      await this.events.saved(tx, ctx, accountId, saved, record.completesScheduleIds);
      return saved;
    });
    return this.answer(actor, row);
  }

  async delete(actor: Actor, id: number, meta?: RpcMeta): Promise<{ id: number }> {
    if (!isValidId(id)) {
      throw validationFailed(M.invalidId, [{ field: 'id', message: M.invalidId }]);
    }
    const ctx = callContext(actor, meta);
    const seen = await this.access.of(actor);
    const accountId = actor.accountId;
    await this.transactions.run(async (tx) => {
      const { row, othersLatest } = await this.ownedForWrite(tx, accountId, id, seen);
      await this.images.removeOf(tx, accountId, 'recordId', [row.id], ctx);
      await this.records.remove(tx, accountId, [row.id]);
      await this.events.changed(tx, ctx, { accountId, machineId: row.machineId, recordId: row.id, change: 'deleted', latest: othersLatest });
      await this.events.deleted(tx, ctx, accountId, row);
    });
    return { id };
  }

  /**
   * One machine's records, newest service date first: one page when the caller pages, else the
   * newest MACHINE_HISTORY_LIMITS.unpaged (issue 25, item 9). Another account's machine, or one
   * outside a mechanic's assignment, simply has none.
   */
  async byMachine(actor: Actor, machineId: number, window: HistoryWindow = {}): Promise<ServiceRecordsOfMachine<AuditedServiceRecord>> {
    if (!isValidId(machineId)) {
      throw validationFailed(M.invalidMachineId, [{ field: 'machineId', message: M.invalidMachineId }]);
    }
    const seen = await this.access.of(actor);
    const paged = window.page !== undefined && window.size !== undefined;
    if (!maySee(seen, machineId)) {
      return paged ? pageOf([], 0, window.page!, window.size!) : [];
    }
    if (!paged) {
      return this.answerAll(actor, await this.records.newestOfMachine(actor.accountId, machineId, MACHINE_HISTORY_LIMITS.unpaged));
    }
    const { rows, total } = await this.records.pageOfMachine(actor.accountId, machineId, window.page!, window.size!);
    return pageOf(await this.answerAll(actor, rows), total, window.page!, window.size!);
  }

  /** The recent services list: one page of the account's records (a mechanic's: of their machines), sorted, filtered by status and searched. */
  async recent(actor: Actor, rawQuery: RecentServicesQuery | null): Promise<Page<AuditedServiceRecord>> {
    const query = parseRecentQuery(rawQuery);
    const seen = await this.access.of(actor);
    const filter = {
      ...(query.status ? { statusKey: sortKey(query.status) } : {}),
      ...(query.search ? { pattern: containsPattern(query.search) } : {}),
      ...(seen ? { machineIds: [...seen].sort((a, b) => a - b) } : {}),
    };
    const { rows, total } = await this.records.recent(actor.accountId, filter, query.sort, query.page, query.size);
    return pageOf(await this.answerAll(actor, rows), total, query.page, query.size);
  }

  /**
   * Deletes every record of a deleted machine (and their images); the machine.machine.deleted
   * consumer. Idempotent: a repeated event finds nothing left.
   */
  async deleteAllOfMachine(tx: Tx, accountId: number, machineId: number, ctx: CallContext): Promise<number> {
    const ids = await this.records.idsOfMachine(tx, accountId, machineId);
    if (ids.length === 0) {
      return 0;
    }
    await this.images.removeOf(tx, accountId, 'recordId', ids, ctx);
    await this.records.remove(tx, accountId, ids);
    return ids.length;
  }

  /** Answers with the names of who created and last changed each record (one query for all of them). */
  private async answerAll(actor: Actor, rows: ListedRecord[]): Promise<AuditedServiceRecord[]> {
    const people = await this.members.audit(actor.accountId, rows);
    return rows.map((row, i) => ({ ...toServiceRecord(row), ...people[i] }));
  }

  private async answer(actor: Actor, row: ListedRecord): Promise<AuditedServiceRecord> {
    return (await this.answerAll(actor, [row]))[0];
  }

  /**
   * The record to update or delete, 404 when it is not the account's or not of a machine the caller
   * sees, with the newest service date of the other records of its machine (the machine's latest date without this record).
   *
   * Where the engine has row locks, the projection rows of the record's machine, and of the machine
   * it moves to, are locked first, as a create locks its machine's: the writes for one machine take
   * turns, and the read that follows, a statement of its own, sees the dates the writer before
   * committed. Without it an update could tell machine-service a latest date that missed a create
   * committed meanwhile.
   */
  private async ownedForWrite(tx: Tx, accountId: number, id: number, seen: MachineAssignment, movingTo?: unknown): Promise<RecordForWrite> {
    const locked = await this.machines.lockOfRecord(tx, accountId, id, movingTo);
    let found = await this.records.forWrite(tx, accountId, id);
    // Moved to another machine by a write that committed while this one waited: hold that one too
    // (no one can move it again now), and read once more.
    if (found && locked && !locked.has(found.row.machineId) && (await this.machines.locked(tx, found.row.machineId))) {
      found = await this.records.forWrite(tx, accountId, id);
    }
    if (!found || !maySee(seen, found.row.machineId)) {
      throw notFound(M.notFound);
    }
    return found;
  }
}
