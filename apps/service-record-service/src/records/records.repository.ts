import { Injectable } from '@nestjs/common';
import { type ImportApplyRequest, type ImportApplyResult, type ImportApplyRow, type ServiceSort, type ServiceSortField } from '@wrenchlog/contracts';
import { applyImportBatch, CompiledSelect, CompiledWrites, revertImportRecords, type ImportRowOutcome } from '@wrenchlog/platform';
import { DataSource, In, MoreThan, type SelectQueryBuilder } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata.js';
import type { Tx } from '../common/transactions.js';
import { ServiceRecordEntity } from './service-record.entity.js';

/**
 * The columns a record's reply reads, for the lists: the sort keys and the search text are for the
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
  'createdBy',
  'updatedBy',
] as const;

/** A record as the replies show it. */
export type ListedRecord = Pick<ServiceRecordEntity, (typeof RECORD_COLUMNS)[number]>;

/** The columns of a new record (the id comes from the database). */
export type NewRecord = Omit<ServiceRecordEntity, 'id'>;

/** The record to change, with the newest service date of the other records of its machine. */
export interface RecordForWrite {
  row: ServiceRecordEntity;
  othersLatest: string | null;
}

/** The recent list's filters, as stored: a status sort key, a LIKE pattern, the machines a member is assigned to. */
export interface RecentFilter {
  statusKey?: string;
  pattern?: string;
  machineIds?: readonly number[];
}

/** What the cost export (report-service's read model) reads of a record. */
export type RecordExportRow = Pick<
  ServiceRecordEntity,
  'id' | 'accountId' | 'machineId' | 'serviceDate' | 'miles' | 'hours' | 'priceCents' | 'title' | 'notes'
>;

// Sort field -> indexed key column. Each order ends with id in the same direction (stable pages).
const SORT_COLUMNS: Record<ServiceSortField, string> = {
  machineName: 'r.machineKey',
  title: 'r.titleKey',
  serviceDate: 'r.serviceDate',
  serviceType: 'r.typeKey',
  status: 'r.statusKey',
};

/** SQL of the `service_records` table: every query scoped by the account. */
@Injectable()
export class RecordsRepository {
  private readonly listed: CompiledSelect<ServiceRecordEntity, (typeof RECORD_COLUMNS)[number]>;
  private readonly serviceDateColumn: ColumnMetadata;
  /** The hot writes (a create, an update) and the reads of their transaction, prepared once (issue 37). */
  private readonly writes: CompiledWrites<ServiceRecordEntity>;

  constructor(private readonly dataSource: DataSource) {
    const records = dataSource.getRepository(ServiceRecordEntity);
    this.listed = new CompiledSelect(records, 'r', RECORD_COLUMNS);
    this.writes = new CompiledWrites(records);
    this.serviceDateColumn = records.metadata.findColumnWithPropertyName('serviceDate')!;
  }

  private table(tx?: Tx) {
    return (tx ?? this.dataSource.manager).getRepository(ServiceRecordEntity);
  }

  /** The account's record; null also when it is another account's. */
  owned(accountId: number, id: number, tx?: Tx): Promise<ServiceRecordEntity | null> {
    return this.table(tx).findOneBy({ id, accountId });
  }

  /** The record a create with this idempotency key made. */
  byIdempotencyKey(accountId: number, idempotencyKey: string): Promise<ServiceRecordEntity | null> {
    return this.table().findOneBy({ accountId, idempotencyKey });
  }

  /** Inserts a record and answers it with its id. */
  async add(tx: Tx, fields: NewRecord): Promise<ServiceRecordEntity> {
    const id = await this.writes.insert(tx, fields);
    return { ...fields, id };
  }

  /** Writes only the given columns of the account's record. */
  async update(tx: Tx, accountId: number, id: number, change: Partial<ServiceRecordEntity>): Promise<void> {
    await this.writes.update(tx, { id, accountId }, change);
  }

  async remove(tx: Tx, accountId: number, ids: number[]): Promise<void> {
    if (ids.length > 0) {
      await this.table(tx).delete({ accountId, id: In(ids) });
    }
  }

  /** The ids of the account's records of one machine. */
  async idsOfMachine(tx: Tx, accountId: number, machineId: number): Promise<number[]> {
    const rows = await this.table(tx).find({ where: { accountId, machineId }, select: { id: true } });
    return rows.map((r) => r.id);
  }

  countOfMachine(accountId: number, machineId: number): Promise<number> {
    return this.table().countBy({ accountId, machineId });
  }

  /** The account's records of a machine take its new name (and its sort key). */
  async renameMachine(tx: Tx, accountId: number, machineId: number, machineName: string, machineKey: string): Promise<void> {
    await this.table(tx).update({ machineId, accountId }, { machineName, machineKey });
  }

  /**
   * The account's record and its machine's other records' newest date, in one statement; null when
   * it is not the caller's. A statement of its own: after a lock it sees what the writer before committed.
   */
  async forWrite(tx: Tx, accountId: number, id: number): Promise<RecordForWrite | null> {
    const {
      entities: [row],
      raw: [raw],
    } = await tx
      .createQueryBuilder(ServiceRecordEntity, 'r')
      .addSelect(
        (sq) =>
          sq.select('MAX(o.serviceDate)').from(ServiceRecordEntity, 'o').where('o.accountId = r.accountId AND o.machineId = r.machineId AND o.id <> r.id'),
        'latest',
      )
      .where('r.id = :id AND r.accountId = :accountId', { id, accountId })
      .getRawAndEntities<{ latest: unknown }>();
    if (!row) {
      return null;
    }
    // MAX() comes back as the driver answers it: hydrate it as the column would be (YYYY-MM-DD).
    const latest = raw.latest == null ? null : (tx.connection.driver.prepareHydratedValue(raw.latest, this.serviceDateColumn) as string);
    return { row, othersLatest: latest };
  }

  /** The newest service date of the account's records of a machine (null: none left). */
  async latestOfMachine(tx: Tx, accountId: number, machineId: number): Promise<string | null> {
    const latest = await this.writes.value(
      tx,
      'latest-of-machine',
      'r',
      (qb) => qb.select('MAX(r.serviceDate)').where('r.accountId = :accountId AND r.machineId = :machineId'),
      { accountId, machineId },
      'serviceDate',
    );
    return (latest as string | null | undefined) ?? null;
  }

  /** One machine's records, newest service date first: the first `limit`. */
  newestOfMachine(accountId: number, machineId: number, limit: number): Promise<ListedRecord[]> {
    return this.listed.rows('by-machine', (qb) => newestFirst(ofMachine(qb)), { accountId, machineId }, { limit, offset: 0 });
  }

  /** One page of a machine's records, newest service date first, with the count of all of them. */
  pageOfMachine(accountId: number, machineId: number, page: number, size: number): Promise<{ rows: ListedRecord[]; total: number }> {
    return this.listed.page('by-machine', ofMachine, newestFirst, { accountId, machineId }, { limit: size, offset: page * size });
  }

  /**
   * One page of the account's records, filtered, sorted and searched in the database, with the count.
   * Each order and the status filter run on an index that starts with the account; the search scans
   * only the account's rows (a substring match cannot use a B-tree).
   */
  recent(accountId: number, filter: RecentFilter, sort: ServiceSort, page: number, size: number): Promise<{ rows: ListedRecord[]; total: number }> {
    const machines = filter.machineIds && machineParams(filter.machineIds);
    const params: Record<string, unknown> = { accountId, ...machines };
    if (filter.statusKey !== undefined) {
      params.status = filter.statusKey;
    }
    if (filter.pattern !== undefined) {
      params.pattern = filter.pattern;
    }
    // The SQL text depends on which filters are present, on the order and on the number of
    // assigned machines (rounded up), never on their values.
    const filtered = (qb: SelectQueryBuilder<ServiceRecordEntity>) => {
      qb.where('r.accountId = :accountId');
      if (machines) {
        const names = Object.keys(machines);
        qb.andWhere(names.length === 0 ? '1 = 0' : `r.machineId IN (${names.map((n) => `:${n}`).join(', ')})`);
      }
      if (filter.statusKey !== undefined) {
        qb.andWhere('r.statusKey = :status');
      }
      if (filter.pattern !== undefined) {
        qb.andWhere("(r.searchText LIKE :pattern ESCAPE '\\' OR r.machineKey LIKE :pattern ESCAPE '\\')");
      }
      return qb;
    };
    const assigned = machines ? `machines${Object.keys(machines).length}` : '';
    const filters = `${filter.statusKey !== undefined ? 'status' : ''}/${filter.pattern !== undefined ? 'search' : ''}/${assigned}`;
    const direction = sort.direction === 'asc' ? 'ASC' : 'DESC';
    // The page and the total in one statement (COUNT(*): no joins here, so no DISTINCT needed).
    return this.listed.page(
      `recent:${filters}:${sort.field}:${direction}`,
      filtered,
      (qb) => qb.orderBy(SORT_COLUMNS[sort.field], direction).addOrderBy('r.id', direction),
      params,
      { limit: size, offset: page * size },
    );
  }

  /** A new row in memory (not written yet). */
  create(fields: Partial<ServiceRecordEntity>): ServiceRecordEntity {
    return this.table().create(fields);
  }

  /** One import batch: `prepare` checks each row and answers its record, inserted in bulk; `written` enqueues their events (applyImportBatch). */
  importBatch(
    tx: Tx,
    request: ImportApplyRequest,
    prepare: (row: ImportApplyRow) => Promise<ImportRowOutcome<ServiceRecordEntity>>,
    written: (records: ServiceRecordEntity[]) => Promise<void>,
  ): Promise<ImportApplyResult> {
    return applyImportBatch<ServiceRecordEntity>(tx, ServiceRecordEntity, request, prepare, written);
  }

  /** The account's records of these machines on these days, with the fields an import's duplicate check compares. */
  onDays(accountId: number, machineIds: number[], days: string[]): Promise<ServiceRecordEntity[]> {
    return this.table().find({
      where: { accountId, machineId: In(machineIds), serviceDate: In(days) },
      select: { id: true, machineId: true, serviceDate: true, miles: true, priceCents: true, title: true },
    });
  }

  /** Deletes the account's records of one import, chunk by chunk with what `removed` does for each (revertImportRecords). */
  revertImport(accountId: number, importId: number, removed: (tx: Tx, rows: ServiceRecordEntity[]) => Promise<void>): Promise<number> {
    return revertImportRecords(this.dataSource, ServiceRecordEntity, accountId, importId, removed);
  }

  /** Every account's records after `afterId`, by id (the administrators' cost export). */
  exportPage(afterId: number, limit: number): Promise<RecordExportRow[]> {
    return this.table().find({
      where: { id: MoreThan(afterId) },
      order: { id: 'ASC' },
      take: limit,
      select: { id: true, accountId: true, machineId: true, serviceDate: true, miles: true, hours: true, priceCents: true, title: true, notes: true },
    });
  }

  /** The account's records after `afterId`, by id ("Download all my data"). */
  accountPage(accountId: number, afterId: number, limit: number): Promise<ServiceRecordEntity[]> {
    return this.table().find({ where: { accountId, id: MoreThan(afterId) }, order: { id: 'ASC' }, take: limit });
  }
}

/**
 * An assignment's machines as named parameters (m0, m1...), their number rounded up to a power of
 * two by repeating the last id, so a handful of compiled SQL texts serve every assignment.
 */
function machineParams(ids: readonly number[]): Record<string, number> {
  let count = ids.length === 0 ? 0 : 1;
  while (count < ids.length) {
    count *= 2;
  }
  return Object.fromEntries(Array.from({ length: count }, (_, i) => [`m${i}`, ids[Math.min(i, ids.length - 1)]]));
}

const ofMachine = (qb: SelectQueryBuilder<ServiceRecordEntity>) => qb.where('r.accountId = :accountId AND r.machineId = :machineId');
const newestFirst = (qb: SelectQueryBuilder<ServiceRecordEntity>) => qb.orderBy('r.serviceDate', 'DESC').addOrderBy('r.id', 'DESC');
