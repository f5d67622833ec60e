import { Injectable } from '@nestjs/common';
import { CompiledWrites, queryNamed } from '@wrenchlog/platform';
import { DataSource, IsNull, LessThanOrEqual, type EntityManager } from 'typeorm';
import { ReportMachineEntity } from '../machines/report-machine.entity.js';
import { ReportReadingEntity } from './report-reading.entity.js';
import type { FillRow, MeterSpan } from './usage.rules.js';

/** Machine ids per IN list; a larger scope reads all the account's rows and keeps its own. */
const IN_LIST_MAX = 500;

const inList = (column: string, ids: readonly number[] | null): { sql: string; ids: readonly number[] | null } =>
  ids !== null && ids.length <= IN_LIST_MAX ? { sql: ` AND ${column} IN (:...ids)`, ids } : { sql: '', ids: null };

/** SQL of the readings' copy (usage) and of the fuel rows read as fills (economy). */
@Injectable()
export class UsageRepository {
  private readonly readings: CompiledWrites<ReportReadingEntity>;

  constructor(private readonly dataSource: DataSource) {
    this.readings = new CompiledWrites(dataSource.getRepository(ReportReadingEntity));
  }

  /** Applies a reading's state not older than the one kept (insert, else update if newer). */
  async applyReading(manager: EntityManager, row: ReportReadingEntity): Promise<void> {
    // A new reading (every one of an import) is one prepared statement; only a known one is compared.
    if (await this.readings.insertIgnore(manager, row)) {
      return;
    }
    const { readingId, ...rest } = row;
    await manager.update(ReportReadingEntity, { readingId, accountId: row.accountId, updatedAt: LessThanOrEqual(row.updatedAt) }, rest);
  }

  /** A deleted machine's readings go (its tombstone keeps late events out). */
  async deleteMachine(manager: EntityManager, accountId: number, machineId: number): Promise<void> {
    await manager.delete(ReportReadingEntity, { accountId, machineId });
  }

  /** The distance unit schedule-service told for a machine, if not older than the one kept. */
  async setDistanceUnit(manager: EntityManager, accountId: number, machineId: number, unit: 'mi' | 'km' | null, at: Date): Promise<void> {
    await manager.update(ReportMachineEntity, { machineId, accountId, metersAt: IsNull() }, { distanceUnit: unit, metersAt: at });
    await manager.update(ReportMachineEntity, { machineId, accountId, metersAt: LessThanOrEqual(at) }, { distanceUnit: unit, metersAt: at });
  }

  /** Each meter's smallest and largest live lifetime value dated in [from, to] (machines: all of the account's when null). */
  async spans(accountId: number, from: string, to: string, machineIds: readonly number[] | null): Promise<MeterSpan[]> {
    if (machineIds?.length === 0) {
      return [];
    }
    const scope = inList('machine_id', machineIds);
    const rows = await queryNamed<
      { machineId: number | string; meterId: number | string; kind: 'distance' | 'hours'; unit: string; min: number | string; max: number | string }[]
    >(
      this.dataSource.manager,
      `SELECT machine_id AS "machineId", meter_id AS "meterId", kind, MAX(unit) AS unit, MIN(lifetime) AS min, MAX(lifetime) AS max
       FROM report_readings WHERE account_id = :accountId AND live AND read_at >= :from AND read_at <= :to${scope.sql}
       GROUP BY machine_id, meter_id, kind`,
      { accountId, from, to, ids: scope.ids },
    );
    const wanted = machineIds && new Set(machineIds);
    return rows
      .map((r) => ({ machineId: Number(r.machineId), meterId: Number(r.meterId), kind: r.kind, unit: r.unit, min: Number(r.min), max: Number(r.max) }))
      .filter((r) => !wanted || wanted.has(r.machineId));
  }

  /**
   * The fuel records of the machines dated up to `to`, from each machine's last full fill dated
   * before `from` (all its earlier ones when it has none), in the order of purchase (fills of one
   * instant, an imported day without times, by their odometer): the fills whose
   * full-to-full segments can end in [from, to]. On the (account, category, machine, date) index.
   */
  async fills(accountId: number, from: string, to: string, machineIds: readonly number[] | null): Promise<FillRow[]> {
    if (machineIds?.length === 0) {
      return [];
    }
    const scope = inList('r.machine_key', machineIds);
    const rows = await queryNamed<
      {
        machineId: number | string;
        recordId: number | string;
        date: string;
        amount: number | string | null;
        mileage: number | string | null;
        fullTank: boolean | number;
        missedPrevious: boolean | number;
      }[]
    >(
      this.dataSource.manager,
      // Each machine's last full fill before the period, found once per machine (not once per row).
      `WITH anchors AS (
         SELECT machine_key, MAX(record_date) AS since FROM report_records
         WHERE account_id = :accountId AND category = 'fuel' AND NOT deleted AND full_tank AND record_date < :from
         GROUP BY machine_key)
       SELECT r.machine_key AS "machineId", r.record_id AS "recordId", CAST(r.record_date AS varchar(10)) AS date, r.fuel_amount AS amount, r.miles AS mileage,
              r.full_tank AS "fullTank", r.missed_previous AS "missedPrevious"
       FROM report_records r LEFT JOIN anchors a ON a.machine_key = r.machine_key
       WHERE r.account_id = :accountId AND r.category = 'fuel' AND NOT r.deleted AND r.machine_key > 0 AND r.record_date <= :to${scope.sql}
         AND r.record_date >= COALESCE(a.since, :epoch)
       ORDER BY r.machine_key, r.record_date, r.purchased_at, r.miles NULLS FIRST, r.record_id`,
      { accountId, from, to, epoch: '0001-01-01', ids: scope.ids },
    );
    const wanted = machineIds && new Set(machineIds);
    return rows
      .map((r) => ({
        machineId: Number(r.machineId),
        recordId: Number(r.recordId),
        date: r.date,
        amount: r.amount === null ? 0 : Number(r.amount),
        mileage: r.mileage === null ? null : Number(r.mileage),
        fullTank: Boolean(r.fullTank),
        missedPrevious: Boolean(r.missedPrevious),
      }))
      .filter((r) => !wanted || wanted.has(r.machineId));
  }
}
