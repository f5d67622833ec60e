import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  checkImportRecord,
  ErrorCode,
  ServiceRecordInput as ServiceRecordInputDto,
  type ImportApplyRequest,
  type ImportApplyResult,
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
  type ServiceSortField,
  type UpdateServiceRecordRequest,
} from '@wrenchlog/contracts';
import {
  applyImportBatch,
  CompiledSelect,
  createOnce,
  DomainError,
  revertImportRecords,
  forUpdate,
  hasRowLocks,
  notFound,
  Outbox,
  requireActor,
  RpcCallError,
  RpcClient,
  rowLock,
  unavailable,
  validationFailed,
  type CallContext,
} from '@wrenchlog/platform';
import { DataSource, In, Repository, type EntityManager, type SelectQueryBuilder } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata.js';
import { ImageRemoval } from '../images/image-removal.js';
import { KnownMachineEntity } from './known-machine.entity.js';
import { ServiceRecordEntity } from './service-record.entity.js';
import {
  containsPattern,
  fromCents,
  newRecordFields,
  parseRecentQuery,
  searchText,
  sortKey,
  updatedRecordFields,
  utcDate,
  type RecordFields,
} from './service-record.rules.js';

/**
 * The columns toServiceRecord reads, for the lists: the sort keys and the search text are for the
 * database only, and hydrating them was a fifth of a list call's CPU (docs/performance.md).
 */
const RECORD_COLUMNS = [
  'id',
  'title',
  'status',
  'machineName',
  'machineId',
  'serviceDate',
  'serviceType',
  'serviceShop',
  'notes',
  'priceCents',
  'dateCreated',
  'miles',
  'hours',
] as const;

export const toServiceRecord = (r: Pick<ServiceRecordEntity, (typeof RECORD_COLUMNS)[number]>): ServiceRecord => ({
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

// Sort field -> indexed key column. Each order ends with id in the same direction (stable pages).
const SORT_COLUMNS: Record<ServiceSortField, string> = {
  machineName: 'r.machineKey',
  title: 'r.titleKey',
  serviceDate: 'r.serviceDate',
  serviceType: 'r.typeKey',
  status: 'r.statusKey',
};

@Injectable()
export class RecordsService {
  constructor(
    @InjectRepository(ServiceRecordEntity) private readonly records: Repository<ServiceRecordEntity>,
    @InjectRepository(KnownMachineEntity) private readonly machines: Repository<KnownMachineEntity>,
    private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
    private readonly images: ImageRemoval,
    private readonly rpc: RpcClient,
  ) {
    this.listed = new CompiledSelect(records, 'r', RECORD_COLUMNS);
    this.serviceDateColumn = records.metadata.findColumnWithPropertyName('serviceDate')!;
  }

  private readonly serviceDateColumn: ColumnMetadata;

  private readonly listed: CompiledSelect<ServiceRecordEntity, (typeof RECORD_COLUMNS)[number]>;

  async create(caller: Actor | null, input: ServiceRecordInput | null, meta?: RpcMeta): Promise<ServiceRecord> {
    const actor = requireActor(caller);
    const fields = newRecordFields(input ?? {}, utcDate(new Date()));
    const key = meta?.idempotencyKey ?? null;
    const ctx = callContext(actor, meta);
    // A retried create (same Idempotency-Key) answers the record the first attempt made.
    return createOnce(
      async () => {
        const replayed = key ? await this.records.findOneBy({ userId: actor.userId, idempotencyKey: key }) : null;
        return replayed && toServiceRecord(replayed);
      },
      async () => {
        const row = await this.dataSource.transaction(async (manager) => {
          const machineName = await this.machineForWrite(manager, actor, fields.machineId);
          const created = manager.create(ServiceRecordEntity, {
            ...this.columns(fields, machineName),
            userId: actor.userId,
            dateCreated: new Date(),
            idempotencyKey: key,
          });
          // insert, not save: one INSERT without save's change tracking (a tenth of the service's CPU a create)
          await manager.insert(ServiceRecordEntity, created);
          await this.announce(manager, ctx, actor.userId, created.machineId, created.id, 'saved');
          await this.recordSaved(manager, ctx, actor.userId, created, input?.completesScheduleIds);
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
  async importApply(caller: Actor | null, request: ImportApplyRequest, meta?: RpcMeta): Promise<ImportApplyResult> {
    const actor = requireActor(caller);
    const ctx = callContext(actor, meta);
    const today = utcDate(new Date());
    const result = await this.dataSource.transaction((manager) =>
      applyImportBatch<ServiceRecordEntity>(
        manager,
        ServiceRecordEntity,
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
            machineName = await this.machineForWrite(manager, actor, fields.machineId);
          } catch (err) {
            if (err instanceof DomainError) {
              return { failed: err.message };
            }
            throw err;
          }
          const record = manager.create(ServiceRecordEntity, {
            ...this.columns(fields, machineName),
            userId: actor.userId,
            dateCreated: new Date(),
            idempotencyKey: null,
            importId: request.importId,
            importRow: item.rowNumber,
          });
          return { record };
        },
        async (records) => {
          // service.record.changed is a state event (the machine's newest date): one per machine of the batch, after its last record.
          const lastOfMachine = new Map(records.map((r) => [r.machineId, r.id]));
          for (const [machineId, recordId] of lastOfMachine) {
            await this.announce(manager, ctx, actor.userId, machineId, recordId, 'saved');
          }
          await this.outbox.enqueueMany(
            manager,
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
   * service.import.revert: deletes exactly that import's records of the caller with their images,
   * service.record.deleted for each and service.record.changed (the machine's newest date after it).
   */
  async importRevert(caller: Actor | null, request: ImportRevertRequest, meta?: RpcMeta): Promise<ImportRevertResult> {
    const actor = requireActor(caller);
    const ctx = callContext(actor, meta);
    const deleted = await revertImportRecords(this.dataSource, ServiceRecordEntity, actor.userId, request.importId, async (manager, rows) => {
      await this.images.removeForRecords(
        manager,
        actor.userId,
        rows.map((r) => r.id),
        ctx,
      );
      const lastOfMachine = new Map<number, number>();
      for (const row of rows) {
        const event: ServiceRecordDeletedEvent = { recordId: row.id, userId: actor.userId, machineId: row.machineId, at: new Date().toISOString() };
        await this.outbox.enqueue(manager, SERVICE_RECORD_DELETED, event, ctx);
        lastOfMachine.set(row.machineId, row.id);
      }
      for (const [machineId, recordId] of lastOfMachine) {
        await this.announce(manager, ctx, actor.userId, machineId, recordId, 'deleted');
      }
    });
    return { deleted };
  }

  async get(caller: Actor | null, id: number): Promise<ServiceRecord> {
    const actor = requireActor(caller);
    if (!isValidId(id)) {
      throw validationFailed(M.invalidId, [{ field: 'id', message: M.invalidId }]);
    }
    return toServiceRecord(await this.owned(this.dataSource.manager, actor.userId, id));
  }

  async update(caller: Actor | null, request: UpdateServiceRecordRequest, meta?: RpcMeta): Promise<ServiceRecord> {
    const actor = requireActor(caller);
    const { id, record } = request ?? ({} as UpdateServiceRecordRequest);
    const bodyId = record?.id;
    if (
      !isValidId(id) ||
      typeof record !== 'object' ||
      record === null ||
      Array.isArray(record) ||
      (bodyId !== undefined && bodyId !== null && bodyId !== id)
    ) {
      throw validationFailed(M.invalidUpdate, [{ field: 'id', message: M.invalidUpdate }]);
    }
    const ctx = callContext(actor, meta);
    const row = await this.dataSource.transaction(async (manager) => {
      const { row: current, othersLatest } = await this.ownedForWrite(manager, actor.userId, id, record.machineId);
      const fields = updatedRecordFields(fieldsOf(current), record);
      const previousMachineId = current.machineId;
      const moved = fields.machineId !== previousMachineId;
      const machineName = moved ? await this.machineForWrite(manager, actor, fields.machineId) : current.machineName;
      // Only what changed is written: a rename of the machine that raced this update keeps its name.
      const changed = changedColumns(current, this.columns(fields, machineName));
      if (Object.keys(changed).length > 0) {
        await manager.update(ServiceRecordEntity, { id, userId: actor.userId }, changed);
      }
      const saved = Object.assign(current, changed);
      const base = { userId: actor.userId, recordId: id };
      if (!moved) {
        await this.enqueueChanged(manager, ctx, { ...base, machineId: saved.machineId, change: 'saved', latest: laterDate(othersLatest, saved.serviceDate) });
      } else {
        await this.announce(manager, ctx, actor.userId, saved.machineId, id, 'saved');
        // The record left its old machine, whose latest service date is now that of its other records.
        await this.enqueueChanged(manager, ctx, { ...base, machineId: previousMachineId, change: 'deleted', latest: othersLatest });
      }
      await this.recordSaved(manager, ctx, actor.userId, saved, record.completesScheduleIds);
      return saved;
    });
    return toServiceRecord(row);
  }

  async delete(caller: Actor | null, id: number, meta?: RpcMeta): Promise<{ id: number }> {
    const actor = requireActor(caller);
    if (!isValidId(id)) {
      throw validationFailed(M.invalidId, [{ field: 'id', message: M.invalidId }]);
    }
    const ctx = callContext(actor, meta);
    await this.dataSource.transaction(async (manager) => {
      const { row, othersLatest } = await this.ownedForWrite(manager, actor.userId, id);
      await this.images.removeForRecords(manager, actor.userId, [row.id], ctx);
      await manager.delete(ServiceRecordEntity, { id: row.id, userId: actor.userId });
      await this.enqueueChanged(manager, ctx, { userId: actor.userId, machineId: row.machineId, recordId: row.id, change: 'deleted', latest: othersLatest });
      const deleted: ServiceRecordDeletedEvent = { recordId: row.id, userId: actor.userId, machineId: row.machineId, at: new Date().toISOString() };
      await this.outbox.enqueue(manager, SERVICE_RECORD_DELETED, deleted, ctx);
    });
    return { id };
  }

  /**
   * One machine's records, newest service date first: one page when the caller pages, else the
   * newest MACHINE_HISTORY_LIMITS.unpaged (issue 25, item 9). Another user's machine simply has none.
   */
  async byMachine(caller: Actor | null, machineId: number, window: HistoryWindow = {}): Promise<ServiceRecordsOfMachine> {
    const actor = requireActor(caller);
    if (!isValidId(machineId)) {
      throw validationFailed(M.invalidMachineId, [{ field: 'machineId', message: M.invalidMachineId }]);
    }
    const params = { userId: actor.userId, machineId };
    const ofMachine = (qb: SelectQueryBuilder<ServiceRecordEntity>) => qb.where('r.userId = :userId AND r.machineId = :machineId');
    const newestFirst = (qb: SelectQueryBuilder<ServiceRecordEntity>) => qb.orderBy('r.serviceDate', 'DESC').addOrderBy('r.id', 'DESC');
    if (window.page === undefined || window.size === undefined) {
      const rows = await this.listed.rows('by-machine', (qb) => newestFirst(ofMachine(qb)), params, { limit: MACHINE_HISTORY_LIMITS.unpaged, offset: 0 });
      return rows.map(toServiceRecord);
    }
    const { rows, total } = await this.listed.page('by-machine', ofMachine, newestFirst, params, { limit: window.size, offset: window.page * window.size });
    return pageOf(rows.map(toServiceRecord), total, window.page, window.size);
  }

  /**
   * The recent services list: one page of the caller's records, sorted, filtered by status and
   * searched in the database. Each order and the status filter run on an index that starts with
   * the owner; the search scans only the caller's rows (a substring match cannot use a B-tree).
   */
  async recent(caller: Actor | null, rawQuery: RecentServicesQuery | null): Promise<ServiceRecordPage> {
    const actor = requireActor(caller);
    const query = parseRecentQuery(rawQuery);
    const params: Record<string, unknown> = { userId: actor.userId };
    if (query.status) {
      params.status = sortKey(query.status);
    }
    if (query.search) {
      params.pattern = containsPattern(query.search);
    }
    // The SQL text depends on which filters are present and on the order, never on their values.
    const filtered = (qb: SelectQueryBuilder<ServiceRecordEntity>) => {
      qb.where('r.userId = :userId');
      if (query.status) {
        qb.andWhere('r.statusKey = :status');
      }
      if (query.search) {
        qb.andWhere("(r.searchText LIKE :pattern ESCAPE '\\' OR r.machineKey LIKE :pattern ESCAPE '\\')");
      }
      return qb;
    };
    const filters = `${query.status ? 'status' : ''}/${query.search ? 'search' : ''}`;
    const direction = query.sort.direction === 'asc' ? 'ASC' : 'DESC';
    // The page and the total in one statement (COUNT(*): no joins here, so no DISTINCT needed).
    const { rows, total } = await this.listed.page(
      `recent:${filters}:${query.sort.field}:${direction}`,
      filtered,
      (qb) => qb.orderBy(SORT_COLUMNS[query.sort.field], direction).addOrderBy('r.id', direction),
      params,
      { limit: query.size, offset: query.page * query.size },
    );
    return pageOf(rows.map(toServiceRecord), total, query.page, query.size);
  }

  /**
   * Deletes every record of a deleted machine (and their images); the machine.machine.deleted
   * consumer. Idempotent: a repeated event finds nothing left.
   */
  async deleteAllOfMachine(manager: EntityManager, userId: number, machineId: number, ctx: CallContext): Promise<number> {
    const rows = await manager.find(ServiceRecordEntity, { where: { userId, machineId }, select: { id: true } });
    if (rows.length === 0) {
      return 0;
    }
    const ids = rows.map((r) => r.id);
    await this.images.removeForRecords(manager, userId, ids, ctx);
    await manager.delete(ServiceRecordEntity, { userId, id: In(ids) });
    return ids.length;
  }

  /** Whether the caller has this record (for the image calls): 404 when not. */
  async requireOwned(manager: EntityManager, userId: number, id: number): Promise<ServiceRecordEntity> {
    return this.owned(manager, userId, id);
  }

  private async owned(manager: EntityManager, userId: number, id: number): Promise<ServiceRecordEntity> {
    const row = await manager.findOneBy(ServiceRecordEntity, { id, userId });
    if (!row) {
      throw notFound(M.notFound);
    }
    return row;
  }

  /**
   * The record to update or delete, 404 when it is not the caller's, with the newest service date
   * of the other records of its machine (the machine's latest date without this record).
   *
   * On PostgreSQL the projection rows of the record's machine, and of the machine it moves to, are
   * locked first, as a create locks its machine's: the writes for one machine take turns, and the
   * read that follows, a statement of its own, sees the dates the writer before committed. Without
   * it an update could tell machine-service a latest date that missed a create committed meanwhile.
   */
  private async ownedForWrite(
    manager: EntityManager,
    userId: number,
    id: number,
    movingTo?: unknown,
  ): Promise<{ row: ServiceRecordEntity; othersLatest: string | null }> {
    if (!hasRowLocks(manager)) {
      return this.readForWrite(manager, userId, id);
    }
    const locked = await this.lockMachinesOfRecord(manager, userId, id, movingTo);
    const found = await this.readForWrite(manager, userId, id);
    // Moved to another machine by a write that committed while this one waited: hold that one too
    // (no one can move it again now), and read once more.
    if (!locked.has(found.row.machineId) && (await this.lockedMachine(manager, found.row.machineId))) {
      return this.readForWrite(manager, userId, id);
    }
    return found;
  }

  /** The record and its machine's other records' newest date, in one statement. */
  private async readForWrite(manager: EntityManager, userId: number, id: number): Promise<{ row: ServiceRecordEntity; othersLatest: string | null }> {
    const {
      entities: [row],
      raw: [raw],
    } = await manager
      .createQueryBuilder(ServiceRecordEntity, 'r')
      .addSelect(
        (sq) => sq.select('MAX(o.serviceDate)').from(ServiceRecordEntity, 'o').where('o.userId = r.userId AND o.machineId = r.machineId AND o.id <> r.id'),
        'latest',
      )
      .where('r.id = :id AND r.userId = :userId', { id, userId })
      .getRawAndEntities<{ latest: unknown }>();
    if (!row) {
      throw notFound(M.notFound);
    }
    return { row, othersLatest: this.dateOf(manager, raw.latest) };
  }

  /**
   * Locks the projection rows of the record's machine and of `movingTo` in one statement, lowest id
   * first (two moves between the same machines in opposite directions wait for each other instead of
   * deadlocking). Answers the ids it holds; a machine not heard of yet has no row to hold.
   */
  private async lockMachinesOfRecord(manager: EntityManager, userId: number, id: number, movingTo: unknown): Promise<Set<number>> {
    const qb = manager.createQueryBuilder(KnownMachineEntity, 'm').select('m.machineId', 'machineId');
    const ofRecord = qb.subQuery().select('r.machineId').from(ServiceRecordEntity, 'r').where('r.id = :id AND r.userId = :userId').getQuery();
    qb.where(`m.machineId IN ${ofRecord}`, { id, userId });
    if (isValidId(movingTo)) {
      qb.orWhere('m.machineId = :movingTo', { movingTo });
    }
    const rows = await forUpdate(qb.orderBy('m.machineId')).getRawMany<{ machineId: number | string }>();
    return new Set(rows.map((r) => Number(r.machineId)));
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
  private async machineForWrite(manager: EntityManager, actor: Actor, machineId: number): Promise<string> {
    if (!isValidId(machineId)) {
      throw notFound(M.machineNotFound);
    }
    const known = await this.lockedMachine(manager, machineId);
    if (!known) {
      return this.lookUpMachine(manager, actor, machineId);
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
  private async lookUpMachine(manager: EntityManager, actor: Actor, machineId: number): Promise<string> {
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
    await manager
      .createQueryBuilder()
      .insert()
      .into(KnownMachineEntity)
      .values({ machineId, userId: actor.userId, name, deleted: false, updatedAt: new Date(0) })
      .orIgnore()
      .execute();
    const known = await this.lockedMachine(manager, machineId);
    if (!known || known.deleted || known.userId !== actor.userId) {
      throw notFound(M.machineNotFound);
    }
    return known.name;
  }

  /** A machine's projection row, locked on PostgreSQL; null for a machine not heard of yet. */
  private lockedMachine(manager: EntityManager, machineId: number): Promise<KnownMachineEntity | null> {
    return manager.findOne(KnownMachineEntity, {
      where: { machineId },
      ...rowLock(manager),
    });
  }

  /** A MAX(service_date) as the driver answered it, as YYYY-MM-DD. */
  private dateOf(manager: EntityManager, value: unknown): string | null {
    return value == null ? null : (manager.connection.driver.prepareHydratedValue(value, this.serviceDateColumn) as string);
  }

  private columns(fields: RecordFields, machineName: string | null): Partial<ServiceRecordEntity> {
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
  private async announce(
    manager: EntityManager,
    ctx: CallContext,
    userId: number,
    machineId: number,
    recordId: number,
    change: 'saved' | 'deleted',
  ): Promise<void> {
    const latest = await manager.findOne(ServiceRecordEntity, {
      where: { userId, machineId },
      order: { serviceDate: 'DESC', id: 'DESC' },
      select: { id: true, serviceDate: true },
    });
    await this.enqueueChanged(manager, ctx, { userId, machineId, recordId, change, latest: latest?.serviceDate ?? null });
  }

  /** service.record.saved of one record (savedEvent below). */
  private async recordSaved(manager: EntityManager, ctx: CallContext, userId: number, row: ServiceRecordEntity, completes: unknown): Promise<void> {
    await this.outbox.enqueue(manager, SERVICE_RECORD_SAVED, savedEvent(userId, row, completes), ctx);
  }

  private async enqueueChanged(
    manager: EntityManager,
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
    await this.outbox.enqueue(manager, SERVICE_RECORD_CHANGED, event, ctx);
  }
}

/** The columns whose value differs from the row's. */
const changedColumns = (row: ServiceRecordEntity, next: Partial<ServiceRecordEntity>): Partial<ServiceRecordEntity> =>
  Object.fromEntries(Object.entries(next).filter(([column, value]) => row[column as keyof ServiceRecordEntity] !== value));

/** The later of two YYYY-MM-DD dates (they compare as strings). */
const laterDate = (a: string | null, b: string): string => (a !== null && a > b ? a : b);

const callContext = (actor: Actor, meta?: RpcMeta): CallContext => ({ actor, correlationId: meta?.correlationId });

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
