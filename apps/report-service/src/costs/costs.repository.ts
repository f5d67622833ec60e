import { Injectable } from '@nestjs/common';
import { CompiledWrites, forUpdate, queryNamed, rowLock } from '@wrenchlog/platform';
import { DataSource, In, type EntityManager } from 'typeorm';
import type { CostCell, MachineCost } from '../reports/report.rules.js';
import { CostRecordEntity } from './cost-record.entity.js';
import type { BucketDelta, CostCategory } from './cost.rules.js';
import { MonthlyCostEntity } from './monthly-cost.entity.js';

/** When a placeholder row was made: any real event is newer. */
export const NEVER = new Date(0);

type Raw = { machineKey: number | string; month: string; category: CostCategory; cents: number | string | null };
const cell = (r: Raw): CostCell => ({ machineKey: Number(r.machineKey), month: r.month, category: r.category, cents: Number(r.cents ?? 0) });

/** Records one statement of lockRecords makes or reads (10 parameters each in its INSERT). */
const LOCK_CHUNK = 500;

/** A record's key in the maps of a batch. */
export const recordKey = (category: CostCategory, recordId: number): string => `${category}:${recordId}`;

/** The row of a record first heard of: counted nowhere, older than any event. */
const placeholder = (category: CostCategory, recordId: number, accountId: number) => ({
  category,
  recordId,
  accountId,
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
});

/**
 * The differences a batch of events makes to the monthly totals, summed per (account, category,
 * machine, month): one upsert each, however many events of the batch fall in that month.
 */
export class DeltaSums {
  private readonly sums = new Map<string, { accountId: number; category: CostCategory; delta: BucketDelta }>();

  add(accountId: number, category: CostCategory, deltas: readonly BucketDelta[]): void {
    for (const d of deltas) {
      const key = `${accountId}:${category}:${d.machineKey}:${d.month}`;
      const sum = this.sums.get(key);
      if (sum) {
        sum.delta = { ...sum.delta, deltaCents: sum.delta.deltaCents + d.deltaCents };
      } else {
        this.sums.set(key, { accountId, category, delta: { ...d } });
      }
    }
  }

  /** The sums grouped per account and category (a zero sum is left out: it moves nothing). */
  merged(): { accountId: number; category: CostCategory; deltas: BucketDelta[] }[] {
    const groups = new Map<string, { accountId: number; category: CostCategory; deltas: BucketDelta[] }>();
    for (const { accountId, category, delta } of this.sums.values()) {
      if (delta.deltaCents === 0) {
        continue;
      }
      const key = `${accountId}:${category}`;
      const group = groups.get(key) ?? { accountId, category, deltas: [] };
      group.deltas.push(delta);
      groups.set(key, group);
    }
    return [...groups.values()];
  }
}

/** SQL of the read model: the per-record rows and the monthly totals. */
@Injectable()
export class CostsRepository {
  /** The statements of one record's event, prepared once (issue 37). */
  private readonly writes: CompiledWrites<CostRecordEntity>;

  constructor(private readonly dataSource: DataSource) {
    this.writes = new CompiledWrites(dataSource.getRepository(CostRecordEntity));
  }

  /**
   * The record's row, locked on PostgreSQL so two events of one record take turns (SQLite queues
   * write transactions already); made as a placeholder (counted nowhere) when first heard of.
   */
  async lockRecord(manager: EntityManager, category: CostCategory, recordId: number, accountId: number): Promise<CostRecordEntity> {
    await this.writes.insertIgnore(manager, placeholder(category, recordId, accountId));
    const row = await this.writes.one(manager, 'locked', 'r', (qb) => forUpdate(qb.where('r.category = :category AND r.recordId = :recordId')), {
      category,
      recordId,
    });
    return row!;
  }

  /**
   * The rows of several records (by category and id), locked on PostgreSQL, placeholders made for
   * those first heard of (owned by the first fact's account): lockRecord for a batch, in two statements
   * per 500 records. Keyed by recordKey.
   */
  async lockRecords(
    manager: EntityManager,
    facts: readonly { category: CostCategory; recordId: number; accountId: number }[],
  ): Promise<Map<string, CostRecordEntity>> {
    const firsts = new Map<string, { category: CostCategory; recordId: number; accountId: number }>();
    for (const f of facts) {
      if (!firsts.has(recordKey(f.category, f.recordId))) {
        firsts.set(recordKey(f.category, f.recordId), f);
      }
    }
    // In key order: two batches that share records lock them in the same order.
    const wanted = [...firsts.values()].sort((a, b) => a.category.localeCompare(b.category) || a.recordId - b.recordId);
    const rows = new Map<string, CostRecordEntity>();
    if (wanted.length === 1) {
      // One record (a create's event): two prepared statements.
      const [{ category, recordId, accountId }] = wanted;
      return rows.set(recordKey(category, recordId), await this.lockRecord(manager, category, recordId, accountId));
    }
    for (let i = 0; i < wanted.length; i += LOCK_CHUNK) {
      const chunk = wanted.slice(i, i + LOCK_CHUNK);
      await manager
        .createQueryBuilder()
        .insert()
        .into(CostRecordEntity)
        .values(chunk.map(({ category, recordId, accountId }) => ({ ...placeholder(category, recordId, accountId) })))
        .orIgnore()
        .updateEntity(false)
        .execute();
      const found = await manager.find(CostRecordEntity, {
        where: [...new Set(chunk.map((f) => f.category))].map((category) => ({
          category,
          recordId: In(chunk.filter((f) => f.category === category).map((f) => f.recordId)),
        })),
        ...rowLock(manager),
      });
      for (const row of found) {
        rows.set(recordKey(row.category, row.recordId), row);
      }
    }
    return rows;
  }

  async saveRecord(manager: EntityManager, row: CostRecordEntity): Promise<void> {
    const { category, recordId, ...rest } = row;
    await this.writes.update(manager, { category, recordId }, rest);
  }

  /** Adds each delta to its bucket (an atomic increment: concurrent events of one month never lose one). */
  async applyDeltas(manager: EntityManager, accountId: number, category: CostCategory, deltas: readonly BucketDelta[]): Promise<void> {
    for (const d of deltas) {
      await queryNamed(
        manager,
        `INSERT INTO report_monthly (account_id, machine_key, month, category, amount_cents) VALUES (:accountId, :machineKey, :month, :category, :delta)
         ON CONFLICT (account_id, machine_key, month, category) DO UPDATE SET amount_cents = report_monthly.amount_cents + excluded.amount_cents`,
        { accountId, machineKey: d.machineKey, month: d.month, category, delta: d.deltaCents },
      );
    }
  }

  /** A deleted machine: its records become tombstones and its totals go. */
  async deleteMachine(manager: EntityManager, accountId: number, machineId: number): Promise<void> {
    await manager.update(CostRecordEntity, { accountId, machineKey: machineId }, { deleted: true, amountCents: 0, updatedAt: new Date() });
    await manager.delete(MonthlyCostEntity, { accountId, machineKey: machineId });
  }

  /** Totals of whole months, per machine key, month and category (machine keys: all when null). */
  async monthly(accountId: number, months: readonly string[], machineKeys: readonly number[] | null): Promise<CostCell[]> {
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
      .where('t.account_id = :accountId AND t.month >= :first AND t.month <= :last', { accountId, first: months[0], last: months[months.length - 1] })
      .andWhere('t.amount_cents <> 0');
    if (machineKeys) {
      qb.andWhere('t.machine_key IN (:...machineKeys)', { machineKeys });
    }
    const wanted = new Set(months);
    return (await qb.getRawMany<Raw>()).map(cell).filter((c) => wanted.has(c.month));
  }

  /** Totals summed from the records dated in [from, to] (a period's partial months). */
  async dated(accountId: number, from: string, to: string, machineKeys: readonly number[] | null): Promise<CostCell[]> {
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
      .where('r.account_id = :accountId AND r.record_date >= :from AND r.record_date <= :to AND NOT r.deleted', { accountId, from, to })
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
    accountId: number,
    wholeMonths: readonly string[],
    partial: readonly { from: string; to: string }[],
    machineKeys: readonly number[] | null,
  ): Promise<MachineCost[]> {
    if (machineKeys?.length === 0 || (wholeMonths.length === 0 && partial.length === 0)) {
      return [];
    }
    const keys = (column: string) => (machineKeys ? ` AND ${column} IN (:...machineKeys)` : '');
    const parts: string[] = [];
    const params: Record<string, unknown> = { accountId, machineKeys };
    if (wholeMonths.length > 0) {
      parts.push(
        `SELECT machine_key, category, amount_cents FROM report_monthly
         WHERE account_id = :accountId AND month >= :first AND month <= :last AND amount_cents <> 0${keys('machine_key')}`,
      );
      Object.assign(params, { first: wholeMonths[0], last: wholeMonths[wholeMonths.length - 1] });
    }
    if (partial.length > 0) {
      const dates = partial.map((_, i) => `(record_date >= :from${i} AND record_date <= :to${i})`).join(' OR ');
      parts.push(
        `SELECT machine_key, category, amount_cents FROM report_records WHERE account_id = :accountId AND NOT deleted AND (${dates})${keys('machine_key')}`,
      );
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
  history(accountId: number, machineId: number, from: string, to: string): Promise<CostRecordEntity[]> {
    return this.dataSource
      .getRepository(CostRecordEntity)
      .createQueryBuilder('r')
      .where('r.accountId = :accountId AND r.machineKey = :machineId AND r.recordDate >= :from AND r.recordDate <= :to AND NOT r.deleted', {
        accountId,
        machineId,
        from,
        to,
      })
      .orderBy('r.recordDate', 'ASC')
      .addOrderBy('r.category', 'ASC')
      .addOrderBy('r.recordId', 'ASC')
      .getMany();
  }

  /** An account's live fuel rows that carry a time of purchase (a zone change dates them anew). */
  datedFuel(manager: EntityManager, accountId: number): Promise<CostRecordEntity[]> {
    return manager
      .getRepository(CostRecordEntity)
      .createQueryBuilder('r')
      .where("r.accountId = :accountId AND r.category = 'fuel' AND NOT r.deleted AND r.purchasedAt IS NOT NULL AND r.month IS NOT NULL", { accountId })
      .getMany();
  }

  /** The record rows of some ids (tests and the rebuild). */
  records(category: CostCategory, recordIds: number[]): Promise<CostRecordEntity[]> {
    return this.dataSource.manager.findBy(CostRecordEntity, { category, recordId: In(recordIds) });
  }
}
