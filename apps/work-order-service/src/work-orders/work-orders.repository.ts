import { Injectable } from '@nestjs/common';
import { rowLock } from '@wrenchlog/platform';
import { Brackets, DataSource, In, type EntityManager } from 'typeorm';
import { WorkOrderLineEntity } from './work-order-line.entity.js';
import { WorkOrderEntity } from './work-order.entity.js';

export interface WorkOrderFilter {
  accountId: number;
  states: string[];
  assignee?: number;
  machineId?: number;
  /** null: every machine of the account. */
  machineIds: ReadonlySet<number> | null;
}

/** Where a person's orders are read across accounts (my-work): an account and its visible machines (null: all). */
export interface AccountScope {
  accountId: number;
  machineIds: ReadonlySet<number> | null;
}

// What a My work item shows: only these are read and hydrated (a whole order has 25 columns).
const MY_WORK_COLUMNS = ['id', 'accountId', 'machineId', 'title', 'state', 'priority', 'plannedDate', 'updatedAt'] as const;
type MyWorkColumn = (typeof MY_WORK_COLUMNS)[number];

/** SQL of work orders and their lines; every query names the account. */
@Injectable()
export class WorkOrdersRepository {
  constructor(private readonly dataSource: DataSource) {}

  insert(manager: EntityManager, row: Omit<WorkOrderEntity, 'id'>): Promise<WorkOrderEntity> {
    return manager.save(WorkOrderEntity, manager.create(WorkOrderEntity, row));
  }

  /** The order, locked on PostgreSQL when read in a transaction (its changes and completion take turns). */
  one(accountId: number, id: number, manager: EntityManager = this.dataSource.manager): Promise<WorkOrderEntity | null> {
    return manager.findOne(WorkOrderEntity, { where: { accountId, id }, ...(manager.queryRunner?.isTransactionActive ? rowLock(manager) : {}) });
  }

  async update(manager: EntityManager, id: number, fields: Partial<WorkOrderEntity>): Promise<void> {
    await manager.update(WorkOrderEntity, { id }, fields);
  }

  async delete(manager: EntityManager, id: number): Promise<void> {
    await manager.delete(WorkOrderLineEntity, { workOrderId: id });
    await manager.delete(WorkOrderEntity, { id });
  }

  async deleteMachine(manager: EntityManager, accountId: number, machineId: number): Promise<void> {
    const ids = (await manager.find(WorkOrderEntity, { select: { id: true }, where: { accountId, machineId } })).map((o) => o.id);
    if (ids.length) {
      await manager.delete(WorkOrderLineEntity, { workOrderId: In(ids) });
      await manager.delete(WorkOrderEntity, { id: In(ids) });
    }
  }

  /** A page of the board: one query for the orders, one for all their lines. */
  async page(f: WorkOrderFilter, page: number, size: number): Promise<[WorkOrderEntity[], number]> {
    if (f.machineIds !== null && f.machineIds.size === 0) {
      return [[], 0];
    }
    const q = this.dataSource.manager.createQueryBuilder(WorkOrderEntity, 'o').where('o.account_id = :account', { account: f.accountId });
    if (f.states.length) {
      q.andWhere('o.state IN (:...states)', { states: f.states });
    }
    if (f.assignee !== undefined) {
      q.andWhere('o.assignee_user_id = :assignee', { assignee: f.assignee });
    }
    if (f.machineId !== undefined) {
      q.andWhere('o.machine_id = :machine', { machine: f.machineId });
    }
    if (f.machineIds !== null) {
      q.andWhere('o.machine_id IN (:...machines)', { machines: [...f.machineIds] });
    }
    return q
      .orderBy('o.id', 'DESC')
      .offset(page * size)
      .limit(size)
      .getManyAndCount();
  }

  /**
   * The orders in these states assigned to the person in any of these accounts, each limited to its
   * visible machines: one statement (the assignee index), the earliest planned first (none last), at most `limit`.
   */
  async assignedTo(userId: number, scopes: readonly AccountScope[], states: readonly string[], limit: number): Promise<Pick<WorkOrderEntity, MyWorkColumn>[]> {
    const reachable = scopes.filter((s) => s.machineIds === null || s.machineIds.size > 0);
    if (reachable.length === 0) {
      return [];
    }
    const whole = reachable.filter((s) => s.machineIds === null).map((s) => s.accountId);
    const partial = reachable.filter((s) => s.machineIds !== null);
    return this.dataSource.manager
      .createQueryBuilder(WorkOrderEntity, 'o')
      .select(MY_WORK_COLUMNS.map((c) => `o.${c}`))
      .where('o.assignee_user_id = :userId', { userId })
      .andWhere('o.state IN (:...states)', { states })
      .andWhere(
        new Brackets((any) => {
          if (whole.length) {
            any.orWhere('o.account_id IN (:...whole)', { whole });
          }
          partial.forEach((s, i) =>
            any.orWhere(`(o.account_id = :a${i} AND o.machine_id IN (:...m${i}))`, { [`a${i}`]: s.accountId, [`m${i}`]: [...s.machineIds!] }),
          );
        }),
      )
      .orderBy('CASE WHEN o.planned_date IS NULL THEN 1 ELSE 0 END', 'ASC')
      .addOrderBy('o.planned_date', 'ASC')
      .addOrderBy('o.id', 'ASC')
      .limit(limit)
      .getMany();
  }

  /** Raises the order's stock version by one in the transaction; answers the new one. */
  async nextStockVersion(manager: EntityManager, id: number): Promise<number> {
    await manager.increment(WorkOrderEntity, { id }, 'stockVersion', 1);
    const row = await manager.findOne(WorkOrderEntity, { select: { id: true, stockVersion: true }, where: { id } });
    return row?.stockVersion ?? 0;
  }

  lines(orderIds: number[], manager: EntityManager = this.dataSource.manager): Promise<WorkOrderLineEntity[]> {
    return orderIds.length ? manager.find(WorkOrderLineEntity, { where: { workOrderId: In(orderIds) }, order: { id: 'ASC' } }) : Promise.resolve([]);
  }

  line(manager: EntityManager, orderId: number, lineId: number): Promise<WorkOrderLineEntity | null> {
    return manager.findOneBy(WorkOrderLineEntity, { workOrderId: orderId, id: lineId });
  }

  insertLine(manager: EntityManager, row: Omit<WorkOrderLineEntity, 'id'>): Promise<WorkOrderLineEntity> {
    return manager.save(WorkOrderLineEntity, manager.create(WorkOrderLineEntity, row));
  }

  async updateLine(manager: EntityManager, id: number, fields: Partial<WorkOrderLineEntity>): Promise<void> {
    await manager.update(WorkOrderLineEntity, { id }, fields);
  }

  async deleteLine(manager: EntityManager, id: number): Promise<void> {
    await manager.delete(WorkOrderLineEntity, { id });
  }
}
