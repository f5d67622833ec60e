import { Injectable } from '@nestjs/common';
import { queryNamed, rowLock } from '@wrenchlog/platform';
import { DataSource, In, type EntityManager } from 'typeorm';
import type { CostCell, MachineCost } from '../reports/report.rules.js';
import { CostRecordEntity } from './cost-record.entity.js';
import type { BucketDelta, CostCategory } from './cost.rules.js';
import { MonthlyCostEntity } from './monthly-cost.entity.js';

/** When a placeholder row was made: any real event is newer. */
export const NEVER = new Date(0);

type Raw = { machineKey: number | string; month: string; category: CostCategory; cents: number | string | null };
const cell = (r: Raw): CostCell => ({ machineKey: Number(r.machineKey), month: r.month, category: r.category, cents: Number(r.cents ?? 0) });

/** SQL of the read model: the per-record rows and the monthly totals. */
@Injectable()
export class CostsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * The record's row, locked on PostgreSQL so two events of one record take turns (SQLite queues
   * write transactions already); made as a placeholder (counted nowhere) when first heard of.
   */
  async lockRecord(manager: EntityManager, category: CostCategory, recordId: number, userId: number): Promise<CostRecordEntity> {
    await manager
      .createQueryBuilder()
      .insert()
      .into(CostRecordEntity)
      .values({
        category,
        recordId,
        userId,
        machineKey: 0,
        recordDate: null,
        month: null,
        amountCents: 0,
        title: '',
        notes: null,
        miles: null,
        hours: null,
        deleted: false,
        updatedAt: NEVER,
      })
      .orIgnore()
      .execute();
    const row = await manager.findOne(CostRecordEntity, { where: { category, recordId }, ...rowLock(manager) });
    return row!;
  }

  async saveRecord(manager: EntityManager, row: CostRecordEntity): Promise<void> {
    const { category, recordId, ...rest } = row;
    await manager.update(CostRecordEntity, { category, recordId }, rest);
  }

  /** Adds each delta to its bucket (an atomic increment: concurrent events of one month never lose one). */
  async applyDeltas(manager: EntityManager, userId: number, category: CostCategory, deltas: readonly BucketDelta[]): Promise<void> {
    for (const d of deltas) {
      await queryNamed(
        manager,
        `INSERT INTO report_monthly (user_id, machine_key, month, category, amount_cents) VALUES (:userId, :machineKey, :month, :category, :delta)
         ON CONFLICT (user_id, machine_key, month, category) DO UPDATE SET amount_cents = report_monthly.amount_cents + excluded.amount_cents`,
        { userId, machineKey: d.machineKey, month: d.month, category, delta: d.deltaCents },
      );
    }
  }

  /** A deleted machine: its records become tombstones and its totals go. */
  async deleteMachine(manager: EntityManager, userId: number, machineId: number): Promise<void> {
    await manager.update(CostRecordEntity, { userId, machineKey: machineId }, { deleted: true, amountCents: 0, updatedAt: new Date() });
    await manager.delete(MonthlyCostEntity, { userId, machineKey: machineId });
  }

  /** Totals of whole months, per machine key, month and category (machine keys: all when null). */
  async monthly(userId: number, months: readonly string[], machineKeys: readonly number[] | null): Promise<CostCell[]> {
    if (months.length === 0 || machineKeys?.length === 0) {
      return [];
    }
    const qb = this.dataSource
      .createQueryBuilder()
      .select('t.machine_key', 'machineKey')
      .addSelect('t.month', 'month')
      .addSelect('t.category', 'category')
      .addSelect('t.amount_cents', 'cents')
      .from(MonthlyCostEntity, 't')
      .where('t.user_id = :userId AND t.month >= :first AND t.month <= :last', { userId, first: months[0], last: months[months.length - 1] })
      .andWhere('t.amount_cents <> 0');
    if (machineKeys) {
      qb.andWhere('t.machine_key IN (:...machineKeys)', { machineKeys });
    }
    const wanted = new Set(months);
    return (await qb.getRawMany<Raw>()).map(cell).filter((c) => wanted.has(c.month));
  }

  /** Totals summed from the records dated in [from, to] (a period's partial months). */
  async dated(userId: number, from: string, to: string, machineKeys: readonly number[] | null): Promise<CostCell[]> {
    if (machineKeys?.length === 0) {
      return [];
    }
    const qb = this.dataSource
      .createQueryBuilder()
      .select('r.machine_key', 'machineKey')
      .addSelect('r.month', 'month')
      .addSelect('r.category', 'category')
      .addSelect('SUM(r.amount_cents)', 'cents')
      .from(CostRecordEntity, 'r')
      .where('r.user_id = :userId AND r.record_date >= :from AND r.record_date <= :to AND NOT r.deleted', { userId, from, to })
      .groupBy('r.machine_key')
      .addGroupBy('r.month')
      .addGroupBy('r.category');
    if (machineKeys) {
      qb.andWhere('r.machine_key IN (:...machineKeys)', { machineKeys });
    }
    return (await qb.getRawMany<Raw>()).map(cell);
  }

  /**
   * Each machine key's total per category over a period, in one statement: the monthly totals of
   * the months it covers whole (`wholeMonths`, contiguous) and the records of its partial months
   * (`partial`), summed in the database (the fleet table needs no month). A key appears when it has
   * a non-zero month or a record in a partial month, as with `monthly` and `dated`.
   */
  async totalsByMachine(
    userId: number,
    wholeMonths: readonly string[],
    partial: readonly { from: string; to: string }[],
    machineKeys: readonly number[] | null,
  ): Promise<MachineCost[]> {
    if (machineKeys?.length === 0 || (wholeMonths.length === 0 && partial.length === 0)) {
      return [];
    }
    const keys = (column: string) => (machineKeys ? ` AND ${column} IN (:...machineKeys)` : '');
    const parts: string[] = [];
    const params: Record<string, unknown> = { userId, machineKeys };
    if (wholeMonths.length > 0) {
      parts.push(
        `SELECT machine_key, category, amount_cents FROM report_monthly
         WHERE user_id = :userId AND month >= :first AND month <= :last AND amount_cents <> 0${keys('machine_key')}`,
      );
      Object.assign(params, { first: wholeMonths[0], last: wholeMonths[wholeMonths.length - 1] });
    }
    if (partial.length > 0) {
      const dates = partial.map((_, i) => `(record_date >= :from${i} AND record_date <= :to${i})`).join(' OR ');
      parts.push(`SELECT machine_key, category, amount_cents FROM report_records WHERE user_id = :userId AND NOT deleted AND (${dates})${keys('machine_key')}`);
      partial.forEach((p, i) => Object.assign(params, { [`from${i}`]: p.from, [`to${i}`]: p.to }));
    }
    const rows = await queryNamed<Omit<Raw, 'month'>[]>(
      this.dataSource.manager,
      `SELECT machine_key AS "machineKey", category, SUM(amount_cents) AS cents FROM (${parts.join(' UNION ALL ')}) t GROUP BY machine_key, category`,
      params,
    );
    return rows.map((r) => ({ machineKey: Number(r.machineKey), category: r.category, cents: Number(r.cents ?? 0) }));
  }

  /** A machine's costed records in [from, to], oldest first (its history). */
  history(userId: number, machineId: number, from: string, to: string): Promise<CostRecordEntity[]> {
    return this.dataSource
      .getRepository(CostRecordEntity)
      .createQueryBuilder('r')
      .where('r.userId = :userId AND r.machineKey = :machineId AND r.recordDate >= :from AND r.recordDate <= :to AND NOT r.deleted', {
        userId,
        machineId,
        from,
        to,
      })
      .orderBy('r.recordDate', 'ASC')
      .addOrderBy('r.category', 'ASC')
      .addOrderBy('r.recordId', 'ASC')
      .getMany();
  }

  /** A user's live fuel rows that carry a time of purchase (a zone change dates them anew). */
  datedFuel(manager: EntityManager, userId: number): Promise<CostRecordEntity[]> {
    return manager
      .getRepository(CostRecordEntity)
      .createQueryBuilder('r')
      .where("r.userId = :userId AND r.category = 'fuel' AND NOT r.deleted AND r.purchasedAt IS NOT NULL AND r.month IS NOT NULL", { userId })
      .getMany();
  }

  /** The record rows of some ids (tests and the rebuild). */
  records(category: CostCategory, recordIds: number[]): Promise<CostRecordEntity[]> {
    return this.dataSource.manager.findBy(CostRecordEntity, { category, recordId: In(recordIds) });
  }
}
