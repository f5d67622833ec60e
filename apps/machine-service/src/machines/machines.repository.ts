import { Injectable } from '@nestjs/common';
import { MACHINE_LIST_MAX, type ImportApplyRequest, type ImportApplyResult, type ImportApplyRow } from '@wrenchlog/contracts';
import { applyImportBatch, CompiledSelect, type ImportRowOutcome, type MachineAssignment } from '@wrenchlog/platform';
import { DataSource, In, IsNull, MoreThan, type SelectQueryBuilder } from 'typeorm';
import type { Tx } from '../common/transactions.js';
import { MachinePhotoEntity } from '../photos/machine-photo.entity.js';
import { MachineEntity } from './machine.entity.js';

/** The columns of a list item only: hydrating all thirty was most of the list calls' CPU (docs/performance.md). */
const LIST_COLUMNS = ['id', 'name', 'type', 'status', 'lastUpdated', 'lastServicedDate', 'createdBy', 'updatedBy'] as const;

export type MachineListRow = Pick<MachineEntity, (typeof LIST_COLUMNS)[number]>;

/** The lists are unpaged in the spec: the database answers the first MACHINE_LIST_MAX rows only (issue 25, item 9). */
const LIST_WINDOW = { limit: MACHINE_LIST_MAX, offset: 0 };

/** The columns a new machine is written with (the id comes from the database). */
export type NewMachine = Omit<MachineEntity, 'id'>;

/** What the machine export (report-service's projection) reads of a machine. */
export type MachineExportRow = Pick<MachineEntity, 'id' | 'accountId' | 'name' | 'type' | 'archived'>;

/** A machine's service-record facts, as service.record.changed tells them. */
export interface ServiceState {
  machineId: number;
  accountId: number;
  latestServiceDate: string | null;
  at: Date;
}

/** A machine's meter values, as schedule.meters.changed tells them (absent: unchanged). */
export interface MeterState {
  machineId: number;
  accountId: number;
  miles?: number | null;
  hours?: number | null;
  at: Date;
}

/** SQL of the `machines` table. A machine owns its photos' rows: its delete takes them (their objects go by machine.machine.deleted). */
@Injectable()
export class MachinesRepository {
  private readonly listed: CompiledSelect<MachineEntity, (typeof LIST_COLUMNS)[number]>;

  constructor(private readonly dataSource: DataSource) {
    this.listed = new CompiledSelect(dataSource.getRepository(MachineEntity), 'm', LIST_COLUMNS);
  }

  private table(tx?: Tx) {
    return (tx ?? this.dataSource.manager).getRepository(MachineEntity);
  }

  /**
   * The account's active machines by name, or with `archived` the archived ones; at most
   * MACHINE_LIST_MAX. With `visible` (an assigned member's machines), only those.
   */
  byName(accountId: number, archived: boolean, visible: MachineAssignment = null): Promise<MachineListRow[]> {
    // A literal, not a bound value: CompiledSelect binds numbers and strings only, and TRUE/FALSE
    // read the same on SQLite (1/0) and PostgreSQL. The shape names the SQL text it makes.
    return this.list(
      archived ? 'by-name-archived' : 'by-name',
      (qb) =>
        qb
          .where(`m.accountId = :accountId AND m.archived = ${archived ? 'TRUE' : 'FALSE'}`)
          .orderBy('m.name', 'ASC')
          .addOrderBy('m.id', 'ASC'),
      accountId,
      visible,
    );
  }

  /** Newest service first; machines never serviced after them, most recently updated first. Archived machines are left out. */
  recentlyServiced(accountId: number, visible: MachineAssignment = null): Promise<MachineListRow[]> {
    return this.list(
      'recently-serviced',
      (qb) =>
        qb
          .where('m.accountId = :accountId AND m.archived = FALSE')
          .orderBy('m.lastServicedDate', 'DESC', 'NULLS LAST')
          .addOrderBy('m.lastUpdated', 'DESC')
          .addOrderBy('m.id', 'DESC'),
      accountId,
      visible,
    );
  }

  /**
   * A list of the account's machines: the compiled statement for a member who sees them all, the
   * same query narrowed to the assigned ids in its WHERE for a mechanic or operator (issue 32; a
   * list of ids cannot be compiled, and those members have few machines).
   */
  private list(
    shape: string,
    build: (qb: SelectQueryBuilder<MachineEntity>) => SelectQueryBuilder<MachineEntity>,
    accountId: number,
    visible: MachineAssignment,
  ): Promise<MachineListRow[]> {
    if (visible === null) {
      return this.listed.rows(shape, build, { accountId }, LIST_WINDOW);
    }
    if (visible.size === 0) {
      return Promise.resolve([]);
    }
    const qb = build(this.table().createQueryBuilder('m'))
      .andWhere('m.id IN (:...visible)', { visible: [...visible] })
      .setParameter('accountId', accountId)
      .select(LIST_COLUMNS.map((c) => `m.${c}`))
      .take(LIST_WINDOW.limit);
    return qb.getMany();
  }

  /** The account's machine; null also when it is another account's. */
  owned(accountId: number, id: number, tx?: Tx): Promise<MachineEntity | null> {
    return this.table(tx).findOneBy({ id, accountId });
  }

  /**
   * The account's machines whose VIN is one of `keys` or whose serial number is one of `serials`,
   * ignoring case and surrounding spaces (both given upper-cased and trimmed); with `visible`, only those.
   */
  byIdentifiers(
    accountId: number,
    keys: string[],
    visible: MachineAssignment,
    serials: string[] = [],
  ): Promise<Pick<MachineEntity, 'id' | 'vin' | 'serialNumber'>[]> {
    if ((keys.length === 0 && serials.length === 0) || visible?.size === 0) {
      return Promise.resolve([]);
    }
    // An empty IN () is not SQL: a list with nothing to match stands for the side not asked.
    const matches = [
      ...(keys.length > 0 ? ['UPPER(TRIM(m.vin)) IN (:...keys)'] : []),
      ...(serials.length > 0 ? ['UPPER(TRIM(m.serial_number)) IN (:...serials)'] : []),
    ].join(' OR ');
    const qb = this.table()
      .createQueryBuilder('m')
      .select(['m.id', 'm.vin', 'm.serialNumber'])
      .where(`m.accountId = :accountId AND (${matches})`, { accountId, keys, serials });
    if (visible) {
      qb.andWhere('m.id IN (:...visible)', { visible: [...visible] });
    }
    return qb.orderBy('m.id', 'ASC').getMany();
  }

  /** The machine a create with this idempotency key made. */
  byIdempotencyKey(accountId: number, idempotencyKey: string): Promise<MachineEntity | null> {
    return this.table().findOneBy({ accountId, idempotencyKey });
  }

  /**
   * The account's machine with its row locked for this transaction, its `lastUpdated` set to `at`
   * and `updatedBy` to the member changing it (an UPDATE takes the row lock on both engines); null
   * when it is not the caller's account's.
   */
  async lockOwned(tx: Tx, accountId: number, id: number, at: Date, updatedBy: number): Promise<MachineEntity | null> {
    const result = await this.table(tx).update({ id, accountId }, { lastUpdated: at, updatedBy });
    return (result.affected ?? 0) === 1 ? this.owned(accountId, id, tx) : null;
  }

  /** Inserts a machine and answers it with its id. */
  add(tx: Tx, machine: NewMachine): Promise<MachineEntity> {
    return this.table(tx).save(machine as MachineEntity);
  }

  /** Writes every column of a machine read before. */
  async save(tx: Tx, machine: MachineEntity): Promise<void> {
    await this.table(tx).save(machine);
  }

  /** The machine has no profile photo when it was this one. */
  async clearProfilePhoto(tx: Tx, accountId: number, id: number, photoId: number): Promise<void> {
    await this.table(tx).update({ id, accountId, profilePhotoId: photoId }, { profilePhotoId: null });
  }

  async setProfilePhoto(tx: Tx, accountId: number, id: number, photoId: number | null): Promise<void> {
    await this.table(tx).update({ id, accountId }, { profilePhotoId: photoId });
  }

  /** Deletes the account's machine and its photos' rows. */
  async remove(tx: Tx, accountId: number, id: number): Promise<void> {
    await tx.delete(MachinePhotoEntity, { machineId: id, accountId });
    await this.table(tx).delete({ id, accountId });
  }

  /** One batch of an import (platform's applyImportBatch): rows an earlier delivery wrote answer their ids again. */
  /** A new row in memory (not written yet). */
  create(fields: Partial<MachineEntity>): MachineEntity {
    return this.table().create(fields);
  }

  /** One import batch: `prepare` checks each row and answers its record, inserted in bulk; `written` enqueues their events (applyImportBatch). */
  importBatch(
    tx: Tx,
    request: ImportApplyRequest,
    prepare: (row: ImportApplyRow) => Promise<ImportRowOutcome<MachineEntity>>,
    written: (records: MachineEntity[]) => Promise<void>,
  ): Promise<ImportApplyResult> {
    // libs/platform's ImportedRecord still names the owner `userId` (issue 32 moved it to accountId);
    // applyImportBatch reads only id, importId and importRow.
    return applyImportBatch(tx, MachineEntity as never, request, prepare as never, written as never);
  }

  /** The machines this import created for names (not for rows), among `names`. */
  createdForNames(tx: Tx, accountId: number, importId: number, names: string[]): Promise<Pick<MachineEntity, 'id' | 'name'>[]> {
    if (names.length === 0) {
      return Promise.resolve([]);
    }
    return this.table(tx).find({ where: { accountId, importId, importRow: IsNull(), name: In(names) }, select: { id: true, name: true } });
  }

  /** Which of `ids` are the account's machines of this import. */
  async ofImport(tx: Tx, accountId: number, importId: number, ids: number[]): Promise<number[]> {
    if (ids.length === 0) {
      return [];
    }
    const rows = await this.table(tx).find({ where: { accountId, importId, id: In(ids) }, select: { id: true } });
    return rows.map((m) => m.id);
  }

  /** Every machine of the account's import, by id. */
  allOfImport(tx: Tx, accountId: number, importId: number): Promise<Pick<MachineEntity, 'id' | 'name'>[]> {
    return this.table(tx).find({ where: { accountId, importId }, select: { id: true, name: true }, order: { id: 'ASC' } });
  }

  /**
   * Applies a service.record.changed fact in one conditional statement: the last-serviced date is
   * the machine's newest record's and the change counts as an update. A fact older than the last one
   * applied (redelivered or overtaken) matches no row, so the newest always stays.
   */
  async applyServiceState(s: ServiceState): Promise<void> {
    await this.dataSource
      .createQueryBuilder()
      .update(MachineEntity)
      .set({ serviceStateAt: s.at, lastServicedDate: s.latestServiceDate, lastUpdated: () => 'CASE WHEN last_updated < :at THEN :at ELSE last_updated END' })
      .where('id = :id AND account_id = :accountId AND (service_state_at IS NULL OR service_state_at <= :at)', {
        id: s.machineId,
        accountId: s.accountId,
        at: s.at,
      })
      .execute();
  }

  /** Applies meter values in one conditional statement guarded by their `at` (an older fact changes nothing). */
  async applyMeters(s: MeterState): Promise<void> {
    const set: Partial<MachineEntity> = { metersAt: s.at };
    if (s.miles !== undefined) {
      set.miles = s.miles;
    }
    if (s.hours !== undefined) {
      set.hours = s.hours;
    }
    await this.dataSource
      .createQueryBuilder()
      .update(MachineEntity)
      .set(set)
      .where('id = :id AND account_id = :accountId AND (meters_at IS NULL OR meters_at <= :at)', { id: s.machineId, accountId: s.accountId, at: s.at })
      .execute();
  }

  /** Every account's machines after `afterId`, by id (the administrators' export). */
  exportPage(afterId: number, limit: number): Promise<MachineExportRow[]> {
    return this.table().find({
      where: { id: MoreThan(afterId) },
      order: { id: 'ASC' },
      take: limit,
      select: { id: true, accountId: true, name: true, type: true, archived: true },
    });
  }

  /** The account's machines after `afterId`, archived too, by id ("Download all my data"). */
  accountPage(accountId: number, afterId: number, limit: number): Promise<MachineEntity[]> {
    return this.table().find({ where: { accountId, id: MoreThan(afterId) }, order: { id: 'ASC' }, take: limit });
  }

  /** The photos of the account's machines, by id (the data export lists them with their machine). */
  photosOf(accountId: number, machineIds: number[]): Promise<MachinePhotoEntity[]> {
    if (machineIds.length === 0) {
      return Promise.resolve([]);
    }
    return this.dataSource.getRepository(MachinePhotoEntity).find({ where: { accountId, machineId: In(machineIds) }, order: { id: 'ASC' } });
  }
}
