import { Injectable } from '@nestjs/common';
import { MeterLimits, type MeterKind, type ReadingSource } from '@wrenchlog/contracts';
import { CompiledSelect, CompiledWrites } from '@wrenchlog/platform';
import { DataSource, In, type EntityManager } from 'typeorm';
import { MeterSegmentEntity } from './meter-segment.entity.js';
import { MACHINE_FIELD_KEY } from './meter.rules.js';
import { MeterEntity } from './meter.entity.js';
import { ReadingEntity } from './reading.entity.js';

const READING_COLUMNS = [
  'id',
  'meterId',
  'machineId',
  'segmentId',
  'value',
  'lifetime',
  'readAt',
  'void',
  'rollover',
  'replacement',
  'source',
  'sourceId',
  'dateCreated',
  'createdBy',
  'updatedBy',
] as const;
export type ReadingRow = Pick<ReadingEntity, (typeof READING_COLUMNS)[number]>;
export type LiveReading = Pick<ReadingEntity, 'id' | 'meterId' | 'lifetime' | 'readAt' | 'void'>;

/** Readings per INSERT statement: 16 columns each stays under SQLite's and PostgreSQL's bound-parameter limits. */
const INSERT_CHUNK = 500;

/** SQL of meters, their segments and readings. */
@Injectable()
export class MetersRepository {
  private readonly pagedReadings: CompiledSelect<ReadingEntity, (typeof READING_COLUMNS)[number]>;
  /** The reads and writes every record's event makes, prepared once (issue 37). */
  private readonly readingWrites: CompiledWrites<ReadingEntity>;
  private readonly meterReads: CompiledWrites<MeterEntity>;
  private readonly segmentReads: CompiledWrites<MeterSegmentEntity>;

  constructor(private readonly dataSource: DataSource) {
    this.pagedReadings = new CompiledSelect(dataSource.getRepository(ReadingEntity), 'r', READING_COLUMNS);
    this.readingWrites = new CompiledWrites(dataSource.getRepository(ReadingEntity));
    this.meterReads = new CompiledWrites(dataSource.getRepository(MeterEntity));
    this.segmentReads = new CompiledWrites(dataSource.getRepository(MeterSegmentEntity));
  }

  ofMachine(manager: EntityManager, accountId: number, machineId: number): Promise<MeterEntity[]> {
    return this.meterReads.rows(manager, 'of-machine', 'm', (qb) => qb.where('m.accountId = :accountId AND m.machineId = :machineId').orderBy('m.id', 'ASC'), {
      accountId,
      machineId,
    });
  }

  /** The unit of each machine's distance meter (the first one, as the schedules count on), mi without one. */
  async distanceUnits(manager: EntityManager, accountId: number, machineIds: number[]): Promise<(machineId: number) => 'mi' | 'km'> {
    const ids = [...new Set(machineIds)];
    const rows =
      ids.length === 0
        ? []
        : await manager.find(MeterEntity, {
            select: { id: true, machineId: true, unit: true },
            where: { accountId, machineId: In(ids), kind: 'distance' },
            order: { id: 'ASC' },
          });
    const units = new Map<number, 'mi' | 'km'>();
    for (const r of rows) {
      if (!units.has(r.machineId)) {
        units.set(r.machineId, r.unit === 'km' ? 'km' : 'mi');
      }
    }
    return (machineId) => units.get(machineId) ?? 'mi';
  }

  owned(manager: EntityManager, accountId: number, id: number): Promise<MeterEntity | null> {
    return manager.findOneBy(MeterEntity, { id, accountId });
  }

  /** A new machine's meters: one distance (mi) and one hours meter, each with its first segment. */
  async createDefaults(manager: EntityManager, accountId: number, machineId: number): Promise<MeterEntity[]> {
    const now = new Date();
    const made: MeterEntity[] = [];
    for (const [kind, unit, label] of [
      ['distance', 'mi', 'Odometer'],
      ['hours', 'h', 'Engine hours'],
    ] as const) {
      const meter = manager.create(MeterEntity, {
        accountId,
        machineId,
        kind,
        unit,
        label,
        rolloverValue: MeterLimits.defaultRollover[kind as MeterKind],
        manualRate: null,
        dateCreated: now,
      });
      await manager.insert(MeterEntity, meter);
      await manager.insert(MeterSegmentEntity, { accountId, meterId: meter.id, startDate: '0001-01-01', offset: 0 });
      made.push(meter);
    }
    return made;
  }

  async update(
    manager: EntityManager,
    meter: MeterEntity,
    changes: Partial<Pick<MeterEntity, 'label' | 'unit' | 'manualRate' | 'rolloverValue'>>,
  ): Promise<void> {
    if (Object.keys(changes).length > 0) {
      await manager.update(MeterEntity, { id: meter.id, accountId: meter.accountId }, changes);
    }
  }

  segments(manager: EntityManager, meterId: number): Promise<MeterSegmentEntity[]> {
    return this.segmentReads.rows(manager, 'of-meter', 's', (qb) => qb.where('s.meterId = :meterId').orderBy('s.startDate', 'ASC').addOrderBy('s.id', 'ASC'), {
      meterId,
    });
  }

  async addSegment(manager: EntityManager, accountId: number, meterId: number, startDate: string, offset: number): Promise<MeterSegmentEntity> {
    const segment = manager.create(MeterSegmentEntity, { accountId, meterId, startDate, offset });
    await manager.insert(MeterSegmentEntity, segment);
    return segment;
  }

  /**
   * The live neighbours of a date in one segment (the reading itself left out): the highest of the
   * latest earlier day and the lowest of the earliest later day. One index step each on
   * (meter_id, read_at, id), however many readings the meter has.
   */
  async neighbours(
    manager: EntityManager,
    at: { meterId: number; segmentId: number; readAt: string; id?: number },
  ): Promise<{ before: ReadingEntity | null; after: ReadingEntity | null }> {
    const nearest = (side: 'before' | 'after') =>
      this.readingWrites.one(
        manager,
        `neighbour:${side}:${at.id === undefined ? 'new' : 'other'}`,
        'r',
        (qb) => {
          qb.where('r.meterId = :meterId AND r.segmentId = :segmentId AND r.void = :void');
          if (at.id !== undefined) {
            qb.andWhere('r.id <> :id');
          }
          qb.andWhere(side === 'before' ? 'r.readAt < :readAt' : 'r.readAt > :readAt');
          return (side === 'before' ? qb.orderBy('r.readAt', 'DESC').addOrderBy('r.value', 'DESC') : qb.orderBy('r.readAt', 'ASC').addOrderBy('r.value', 'ASC'))
            .addOrderBy('r.id', 'ASC')
            .limit(1);
        },
        { meterId: at.meterId, segmentId: at.segmentId, void: false, readAt: at.readAt, ...(at.id === undefined ? {} : { id: at.id }) },
      );
    return { before: await nearest('before'), after: await nearest('after') };
  }

  /** Every live reading of a meter, the facts a batch judges new readings against (issue 33). */
  liveReadings(manager: EntityManager, meterId: number): Promise<Pick<ReadingEntity, 'id' | 'segmentId' | 'value' | 'readAt'>[]> {
    return manager.find(ReadingEntity, { where: { meterId, void: false }, select: { id: true, segmentId: true, value: true, readAt: true } });
  }

  /** A live reading of a segment on that day with that value (an import's row repeating it is a duplicate). */
  sameReading(manager: EntityManager, at: { meterId: number; segmentId: number; readAt: string; value: number }): Promise<ReadingEntity | null> {
    return this.liveInSegment(manager, at)
      .andWhere('r.readAt = :readAt AND r.value = :value', { readAt: at.readAt, value: at.value })
      .orderBy('r.id', 'ASC')
      .limit(1)
      .getOne();
  }

  /** The first live reading of a segment (by date, then entry) with this value before a date: the one a conflict names when several earlier days read the same. */
  firstOfValue(manager: EntityManager, at: { meterId: number; segmentId: number; readAt: string; id?: number }, value: number): Promise<ReadingEntity | null> {
    return this.liveInSegment(manager, at)
      .andWhere('r.readAt < :readAt', { readAt: at.readAt })
      .andWhere('r.value = :value', { value })
      .orderBy('r.readAt', 'ASC')
      .addOrderBy('r.id', 'ASC')
      .limit(1)
      .getOne();
  }

  private liveInSegment(manager: EntityManager, at: { meterId: number; segmentId: number; id?: number }) {
    const qb = manager
      .createQueryBuilder(ReadingEntity, 'r')
      .where('r.meterId = :meterId AND r.segmentId = :segmentId AND r.void = :void', { meterId: at.meterId, segmentId: at.segmentId, void: false });
    return at.id === undefined ? qb : qb.andWhere('r.id <> :id', { id: at.id });
  }

  /** The current reading of a meter: the latest-dated live one, the highest of that day (the first entered of equals). */
  current(manager: EntityManager, meterId: number): Promise<ReadingEntity | null> {
    return this.readingWrites.one(
      manager,
      'current',
      'r',
      (qb) =>
        qb.where('r.meterId = :meterId AND r.void = :void').orderBy('r.readAt', 'DESC').addOrderBy('r.lifetime', 'DESC').addOrderBy('r.id', 'ASC').limit(1),
      { meterId, void: false },
    );
  }

  /**
   * The live readings of several meters that their current value and usage rate depend on: each
   * meter's first day's lowest and last day's highest, overall and within the rate's window. The
   * rules (currentReading, usageRate) answer over these what they answer over every reading, with
   * four index steps a meter instead of a read of its whole history on every change.
   */
  async liveEnds(manager: EntityManager, meterIds: number[], window: { since: string; until: string }): Promise<LiveReading[]> {
    const found = new Map<number, LiveReading>();
    for (const meterId of meterIds) {
      for (const [order, inWindow] of [
        ['ASC', false],
        ['DESC', false],
        ['ASC', true],
        ['DESC', true],
      ] as const) {
        const row = await this.readingWrites.one(
          manager,
          `live-end:${order}:${inWindow}`,
          'r',
          (qb) => {
            qb.where('r.meterId = :meterId AND r.void = :void');
            if (inWindow) {
              qb.andWhere('r.readAt >= :since AND r.readAt <= :until');
            }
            return qb.orderBy('r.readAt', order).addOrderBy('r.lifetime', order).addOrderBy('r.id', 'ASC').limit(1);
          },
          inWindow ? { meterId, void: false, since: window.since, until: window.until } : { meterId, void: false },
        );
        if (row) {
          found.set(row.id, row);
        }
      }
    }
    return [...found.values()];
  }

  /** The live reading a meter showed on a date (the latest on or before it, that day's highest), as a list for the rules. */
  async liveOn(manager: EntityManager, meterId: number, date: string): Promise<LiveReading[]> {
    const row = await this.live(manager, meterId)
      .andWhere('r.readAt <= :date', { date })
      .orderBy('r.readAt', 'DESC')
      .addOrderBy('r.lifetime', 'DESC')
      .addOrderBy('r.id', 'ASC')
      .limit(1)
      .getOne();
    return row ? [row] : [];
  }

  private live(manager: EntityManager, meterId: number) {
    return manager
      .createQueryBuilder(ReadingEntity, 'r')
      .select(['r.id', 'r.meterId', 'r.lifetime', 'r.readAt', 'r.void'])
      .where('r.meterId = :meterId AND r.void = :void', { meterId, void: false });
  }

  ownedReading(manager: EntityManager, accountId: number, id: number): Promise<ReadingEntity | null> {
    return manager.findOneBy(ReadingEntity, { id, accountId });
  }

  bySource(manager: EntityManager, source: ReadingSource, sourceId: number): Promise<ReadingEntity[]> {
    return this.readingWrites.rows(manager, 'by-source', 'r', (qb) => qb.where('r.source = :source AND r.sourceId = :sourceId'), { source, sourceId });
  }

  /** The void readings left void because of any of these readings (issue 38), oldest first. */
  voidBecauseOf(manager: EntityManager, ids: readonly number[]): Promise<ReadingEntity[]> {
    return ids.length === 0
      ? Promise.resolve([])
      : manager.find(ReadingEntity, { where: { voidedBy: In([...ids]), void: true }, order: { readAt: 'ASC', id: 'ASC' } });
  }

  readingsByIds(manager: EntityManager, accountId: number, ids: readonly number[]): Promise<ReadingEntity[]> {
    return ids.length === 0 ? Promise.resolve([]) : manager.find(ReadingEntity, { where: { accountId, id: In([...ids]) } });
  }

  byIdempotencyKey(accountId: number, key: string): Promise<ReadingEntity | null> {
    return this.dataSource.manager.findOneBy(ReadingEntity, { accountId, idempotencyKey: key });
  }

  async insertReading(
    manager: EntityManager,
    reading: Omit<ReadingEntity, 'id' | 'dateCreated' | 'importId' | 'importRow' | 'updatedBy' | 'voidedBy'> &
      Partial<Pick<ReadingEntity, 'importId' | 'importRow' | 'voidedBy'>>,
  ): Promise<ReadingEntity> {
    const row = { importId: null, importRow: null, voidedBy: null, ...reading, updatedBy: null, dateCreated: new Date() };
    return { ...row, id: await this.readingWrites.insert(manager, row) } as ReadingEntity;
  }

  /**
   * New readings in as few statements as the drivers allow (a batch of readings, issue 33); each row's
   * generated id is set on it (RETURNING on PostgreSQL, the last row id counted back on SQLite).
   */
  async insertReadings(
    manager: EntityManager,
    readings: (Omit<ReadingEntity, 'id' | 'dateCreated' | 'updatedBy' | 'voidedBy'> & Partial<Pick<ReadingEntity, 'voidedBy'>>)[],
  ): Promise<ReadingEntity[]> {
    const now = new Date();
    const rows = readings.map((r) => manager.create(ReadingEntity, { ...r, updatedBy: null, dateCreated: now }));
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
      await manager.insert(ReadingEntity, rows.slice(i, i + INSERT_CHUNK));
    }
    return rows;
  }

  async updateReading(
    manager: EntityManager,
    id: number,
    changes: Partial<Pick<ReadingEntity, 'value' | 'lifetime' | 'readAt' | 'void' | 'segmentId' | 'machineId' | 'meterId' | 'updatedBy' | 'voidedBy'>>,
  ): Promise<void> {
    await this.readingWrites.update(manager, { id }, changes);
  }

  async deleteReadings(manager: EntityManager, ids: number[]): Promise<void> {
    if (ids.length > 0) {
      await manager.delete(ReadingEntity, { id: In(ids) });
    }
  }

  /**
   * Newest first (date, then entry), one page and the total in one statement; with `createdBy`
   * only that member's readings (an operator sees only their own).
   */
  page(meterId: number, page: number, size: number, createdBy: number | null = null): Promise<{ rows: ReadingRow[]; total: number }> {
    return this.pagedReadings.page(
      createdBy === null ? 'by-meter' : 'by-meter-creator',
      (qb) => (createdBy === null ? qb.where('r.meterId = :meterId') : qb.where('r.meterId = :meterId AND r.createdBy = :createdBy')),
      (qb) => qb.orderBy('r.readAt', 'DESC').addOrderBy('r.id', 'DESC'),
      createdBy === null ? { meterId } : { meterId, createdBy },
      { limit: size, offset: page * size },
    );
  }

  /**
   * Of these machines of the account, those with a reading entered on their meters: by hand or by an
   * import (never one a record gave, nor the one a machine's own field gave).
   */
  async machinesWithHandReadings(accountId: number, machineIds: number[]): Promise<number[]> {
    if (machineIds.length === 0) {
      return [];
    }
    const rows = await this.dataSource
      .getRepository(ReadingEntity)
      .createQueryBuilder('r')
      .select('DISTINCT r.machine_id', 'machineId')
      .where('r.account_id = :accountId AND r.machine_id IN (:...machineIds) AND r.source IN (:...sources)', {
        accountId,
        machineIds,
        sources: ['manual', 'import'],
      })
      .andWhere('(r.idempotency_key IS NULL OR r.idempotency_key NOT LIKE :field)', { field: `${MACHINE_FIELD_KEY}%` })
      .getRawMany<{ machineId: number | string }>();
    return rows.map((r) => Number(r.machineId));
  }

  /** A deleted machine's meters, segments and readings. */
  async deleteMachine(manager: EntityManager, accountId: number, machineId: number): Promise<void> {
    const meters = await manager.find(MeterEntity, { where: { accountId, machineId }, select: { id: true } });
    const ids = meters.map((m) => m.id);
    await manager.delete(ReadingEntity, { accountId, machineId });
    if (ids.length > 0) {
      await manager.delete(MeterSegmentEntity, { meterId: In(ids) });
      await manager.delete(MeterEntity, { id: In(ids) });
    }
  }
}
