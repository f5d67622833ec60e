import { Injectable } from '@nestjs/common';
import { type ImportApplyRequest, type ImportApplyResult, type ImportApplyRow, type ServiceSort, type ServiceSortField } from '@wrenchlog/contracts';
import { applyImportBatch, CompiledSelect, revertImportRecords, type ImportRowOutcome } from '@wrenchlog/platform';
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

/** The recent list's filters, as stored: a status sort key and a LIKE pattern. */
export interface RecentFilter {
  statusKey?: string;
  pattern?: string;
}

/** What the cost export (report-service's read model) reads of a record. */
export type RecordExportRow = Pick<ServiceRecordEntity, 'id' | 'userId' | 'machineId' | 'serviceDate' | 'miles' | 'hours' | 'priceCents' | 'title' | 'notes'>;

// Sort field -> indexed key column. Each order ends with id in the same direction (stable pages).
const SORT_COLUMNS: Record<ServiceSortField, string> = {
  machineName: 'r.machineKey',
  title: 'r.titleKey',
  serviceDate: 'r.serviceDate',
  serviceType: 'r.typeKey',
  status: 'r.statusKey',
};

/** SQL of the `service_records` table: every query scoped by the owner. */
@Injectable()
export class RecordsRepository {
  private readonly listed: CompiledSelect<ServiceRecordEntity, (typeof RECORD_COLUMNS)[number]>;
  private readonly serviceDateColumn: ColumnMetadata;

  constructor(private readonly dataSource: DataSource) {
    const records = dataSource.getRepository(ServiceRecordEntity);
    this.listed = new CompiledSelect(records, 'r', RECORD_COLUMNS);
    this.serviceDateColumn = records.metadata.findColumnWithPropertyName('serviceDate')!;
  }

  private table(tx?: Tx) {
    return (tx ?? this.dataSource.manager).getRepository(ServiceRecordEntity);
  }

  /** The user's record; null also when it is another user's. */
  owned(userId: number, id: number, tx?: Tx): Promise<ServiceRecordEntity | null> {
    return this.table(tx).findOneBy({ id, userId });
  }

  /** The record a create with this idempotency key made. */
  byIdempotencyKey(userId: number, idempotencyKey: string): Promise<ServiceRecordEntity | null> {
    return this.table().findOneBy({ userId, idempotencyKey });
  }

  /** Inserts a record and answers it with its id. */
  async add(tx: Tx, fields: NewRecord): Promise<ServiceRecordEntity> {
    const created = this.table(tx).create(fields);
    // insert, not save: one INSERT without save's change tracking (a tenth of the service's CPU a create)
    await this.table(tx).insert(created);
    return created;
  }

  /** Writes only the given columns of the user's record. */
  async update(tx: Tx, userId: number, id: number, change: Partial<ServiceRecordEntity>): Promise<void> {
    if (Object.keys(change).length > 0) {
      await this.table(tx).update({ id, userId }, change);
    }
  }

  async remove(tx: Tx, userId: number, ids: number[]): Promise<void> {
    if (ids.length > 0) {
      await this.table(tx).delete({ userId, id: In(ids) });
    }
  }

  /** The ids of the user's records of one machine. */
  async idsOfMachine(tx: Tx, userId: number, machineId: number): Promise<number[]> {
    const rows = await this.table(tx).find({ where: { userId, machineId }, select: { id: true } });
    return rows.map((r) => r.id);
  }

  countOfMachine(userId: number, machineId: number): Promise<number> {
    return this.table().countBy({ userId, machineId });
  }

  /** The owner's records of a machine take its new name (and its sort key). */
  async renameMachine(tx: Tx, userId: number, machineId: number, machineName: string, machineKey: string): Promise<void> {
    await this.table(tx).update({ machineId, userId }, { machineName, machineKey });
  }

  /**
   * The user's record and its machine's other records' newest date, in one statement; null when
   * it is not the caller's. A statement of its own: after a lock it sees what the writer before committed.
   */
  async forWrite(tx: Tx, userId: number, id: number): Promise<RecordForWrite | null> {
    const {
      entities: [row],
      raw: [raw],
    } = await tx
      .createQueryBuilder(ServiceRecordEntity, 'r')
      .addSelect(
        (sq) => sq.select('MAX(o.serviceDate)').from(ServiceRecordEntity, 'o').where('o.userId = r.userId AND o.machineId = r.machineId AND o.id <> r.id'),
        'latest',
      )
      .where('r.id = :id AND r.userId = :userId', { id, userId })
      .getRawAndEntities<{ latest: unknown }>();
    if (!row) {
      return null;
    }
    // MAX() comes back as the driver answers it: hydrate it as the column would be (YYYY-MM-DD).
    const latest = raw.latest == null ? null : (tx.connection.driver.prepareHydratedValue(raw.latest, this.serviceDateColumn) as string);
    return { row, othersLatest: latest };
  }

  /** The newest service date of the user's records of a machine (null: none left). */
  async latestOfMachine(tx: Tx, userId: number, machineId: number): Promise<string | null> {
    const latest = await this.table(tx).findOne({
      where: { userId, machineId },
      order: { serviceDate: 'DESC', id: 'DESC' },
      select: { id: true, serviceDate: true },
    });
    return latest?.serviceDate ?? null;
  }

  /** One machine's records, newest service date first: the first `limit`. */
  newestOfMachine(userId: number, machineId: number, limit: number): Promise<ListedRecord[]> {
    return this.listed.rows('by-machine', (qb) => newestFirst(ofMachine(qb)), { userId, machineId }, { limit, offset: 0 });
  }

  /** One page of a machine's records, newest service date first, with the count of all of them. */
  pageOfMachine(userId: number, machineId: number, page: number, size: number): Promise<{ rows: ListedRecord[]; total: number }> {
    return this.listed.page('by-machine', ofMachine, newestFirst, { userId, machineId }, { limit: size, offset: page * size });
  }

  /**
   * One page of the user's records, filtered, sorted and searched in the database, with the count.
   * Each order and the status filter run on an index that starts with the owner; the search scans
   * only the caller's rows (a substring match cannot use a B-tree).
   */
  recent(userId: number, filter: RecentFilter, sort: ServiceSort, page: number, size: number): Promise<{ rows: ListedRecord[]; total: number }> {
    const params: Record<string, unknown> = { userId };
    if (filter.statusKey !== undefined) {
      params.status = filter.statusKey;
    }
    if (filter.pattern !== undefined) {
      params.pattern = filter.pattern;
    }
    // The SQL text depends on which filters are present and on the order, never on their values.
    const filtered = (qb: SelectQueryBuilder<ServiceRecordEntity>) => {
      qb.where('r.userId = :userId');
      if (filter.statusKey !== undefined) {
        qb.andWhere('r.statusKey = :status');
      }
      if (filter.pattern !== undefined) {
        qb.andWhere("(r.searchText LIKE :pattern ESCAPE '\\' OR r.machineKey LIKE :pattern ESCAPE '\\')");
      }
      return qb;
    };
    const filters = `${filter.statusKey !== undefined ? 'status' : ''}/${filter.pattern !== undefined ? 'search' : ''}`;
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

  /** One batch of an import (platform's applyImportBatch): rows an earlier delivery wrote answer their ids again. */
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
    return applyImportBatch(tx, ServiceRecordEntity, request, prepare, written);
  }

  /** The user's records of these machines on these days, with the fields an import's duplicate check compares. */
  onDays(userId: number, machineIds: number[], days: string[]): Promise<ServiceRecordEntity[]> {
    return this.table().find({
      where: { userId, machineId: In(machineIds), serviceDate: In(days) },
      select: { id: true, machineId: true, serviceDate: true, miles: true, priceCents: true, title: true },
    });
  }

  /** Deletes the user's records of one import chunk by chunk, each chunk in one transaction with what `removed` does for it. */
  revertImport(userId: number, importId: number, removed: (tx: Tx, rows: ServiceRecordEntity[]) => Promise<void>): Promise<number> {
    return revertImportRecords(this.dataSource, ServiceRecordEntity, userId, importId, removed);
  }

  /** Every user's records after `afterId`, by id (the administrators' cost export). */
  exportPage(afterId: number, limit: number): Promise<RecordExportRow[]> {
    return this.table().find({
      where: { id: MoreThan(afterId) },
      order: { id: 'ASC' },
      take: limit,
      select: { id: true, userId: true, machineId: true, serviceDate: true, miles: true, hours: true, priceCents: true, title: true, notes: true },
    });
  }

  /** The user's records after `afterId`, by id ("Download all my data"). */
  userPage(userId: number, afterId: number, limit: number): Promise<ServiceRecordEntity[]> {
    return this.table().find({ where: { userId, id: MoreThan(afterId) }, order: { id: 'ASC' }, take: limit });
  }
}

const ofMachine = (qb: SelectQueryBuilder<ServiceRecordEntity>) => qb.where('r.userId = :userId AND r.machineId = :machineId');
const newestFirst = (qb: SelectQueryBuilder<ServiceRecordEntity>) => qb.orderBy('r.serviceDate', 'DESC').addOrderBy('r.id', 'DESC');
