import { Injectable } from '@nestjs/common';
import { rowLock } from '@wrenchlog/platform';
import { DataSource, In, type EntityManager } from 'typeorm';
import { IssueEntity } from './issue.entity.js';

export interface IssueFilter {
  accountId: number;
  statuses: string[];
  priorities: string[];
  machineId?: number;
  /** null: every machine of the account. */
  machineIds: ReadonlySet<number> | null;
}

const PRIORITY_ORDER = "CASE i.priority WHEN 'critical' THEN 0 WHEN 'high' THEN 1 WHEN 'medium' THEN 2 ELSE 3 END";

/** SQL of issues; every query names the account. */
@Injectable()
export class IssuesRepository {
  constructor(private readonly dataSource: DataSource) {}

  insert(manager: EntityManager, row: Omit<IssueEntity, 'id'>): Promise<IssueEntity> {
    return manager.save(IssueEntity, manager.create(IssueEntity, row));
  }

  one(accountId: number, id: number, manager: EntityManager = this.dataSource.manager): Promise<IssueEntity | null> {
    return manager.findOne(IssueEntity, { where: { accountId, id }, ...(manager.queryRunner?.isTransactionActive ? rowLock(manager) : {}) });
  }

  byKey(accountId: number, key: string): Promise<IssueEntity | null> {
    return this.dataSource.manager.findOneBy(IssueEntity, { accountId, idempotencyKey: key });
  }

  many(manager: EntityManager, accountId: number, ids: number[]): Promise<IssueEntity[]> {
    return ids.length ? manager.find(IssueEntity, { where: { accountId, id: In(ids) }, order: { id: 'ASC' } }) : Promise.resolve([]);
  }

  ofOrders(accountId: number, orderIds: number[], manager: EntityManager = this.dataSource.manager): Promise<IssueEntity[]> {
    return orderIds.length
      ? manager.find(IssueEntity, {
          select: { id: true, workOrderId: true, outOfService: true },
          where: { accountId, workOrderId: In(orderIds) },
          order: { id: 'ASC' },
        })
      : Promise.resolve([]);
  }

  async update(manager: EntityManager, id: number, fields: Partial<IssueEntity>): Promise<void> {
    await manager.update(IssueEntity, { id }, fields);
  }

  async delete(manager: EntityManager, id: number): Promise<void> {
    await manager.delete(IssueEntity, { id });
  }

  async deleteMachine(manager: EntityManager, accountId: number, machineId: number): Promise<void> {
    await manager.delete(IssueEntity, { accountId, machineId });
  }

  /** A page of the account's issues, most urgent and newest first. */
  async page(f: IssueFilter, page: number, size: number): Promise<[IssueEntity[], number]> {
    if (f.machineIds !== null && f.machineIds.size === 0) {
      return [[], 0];
    }
    const q = this.dataSource.manager.createQueryBuilder(IssueEntity, 'i').where('i.account_id = :account', { account: f.accountId });
    if (f.statuses.length) {
      q.andWhere('i.status IN (:...statuses)', { statuses: f.statuses });
    }
    if (f.priorities.length) {
      q.andWhere('i.priority IN (:...priorities)', { priorities: f.priorities });
    }
    if (f.machineId !== undefined) {
      q.andWhere('i.machine_id = :machine', { machine: f.machineId });
    }
    if (f.machineIds !== null) {
      q.andWhere('i.machine_id IN (:...machines)', { machines: [...f.machineIds] });
    }
    return q
      .orderBy(PRIORITY_ORDER, 'ASC')
      .addOrderBy('i.id', 'DESC')
      .offset(page * size)
      .limit(size)
      .getManyAndCount();
  }

  ofMachine(accountId: number, machineId: number): Promise<IssueEntity[]> {
    return this.dataSource.manager.find(IssueEntity, { where: { accountId, machineId }, order: { id: 'DESC' }, take: 500 });
  }
}
