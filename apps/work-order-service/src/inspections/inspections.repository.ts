import { Injectable } from '@nestjs/common';
import { DataSource, In, type EntityManager } from 'typeorm';
import { IssueEntity } from '../issues/issue.entity.js';
import { BUILT_IN_ACCOUNT, InspectionFormEntity } from './inspection-form.entity.js';
import { InspectionEntity } from './inspection.entity.js';

/** SQL of forms and inspections; every query names the account (forms: the account's and the built-in ones). */
@Injectable()
export class InspectionsRepository {
  constructor(private readonly dataSource: DataSource) {}

  forms(accountId: number): Promise<InspectionFormEntity[]> {
    return this.dataSource.manager.find(InspectionFormEntity, { where: { accountId: In([BUILT_IN_ACCOUNT, accountId]) }, order: { id: 'ASC' } });
  }

  /** A form the account reads (its own or a built-in one); null otherwise. */
  form(accountId: number, id: number, manager: EntityManager = this.dataSource.manager): Promise<InspectionFormEntity | null> {
    return manager.findOne(InspectionFormEntity, { where: { id, accountId: In([BUILT_IN_ACCOUNT, accountId]) } });
  }

  saveForm(manager: EntityManager, row: Partial<InspectionFormEntity>): Promise<InspectionFormEntity> {
    return manager.save(InspectionFormEntity, manager.create(InspectionFormEntity, row));
  }

  async deleteForm(manager: EntityManager, id: number): Promise<void> {
    await manager.delete(InspectionFormEntity, { id });
  }

  insert(manager: EntityManager, row: Omit<InspectionEntity, 'id'>): Promise<InspectionEntity> {
    return manager.save(InspectionEntity, manager.create(InspectionEntity, row));
  }

  one(accountId: number, id: number): Promise<InspectionEntity | null> {
    return this.dataSource.manager.findOneBy(InspectionEntity, { accountId, id });
  }

  byKey(accountId: number, key: string): Promise<InspectionEntity | null> {
    return this.dataSource.manager.findOneBy(InspectionEntity, { accountId, idempotencyKey: key });
  }

  /** The machine's inspections, newest first, without their answers (the list shows counts). */
  ofMachine(accountId: number, machineId: number, take: number): Promise<InspectionEntity[]> {
    return this.dataSource.manager.find(InspectionEntity, { where: { accountId, machineId }, order: { readAt: 'DESC', id: 'DESC' }, take });
  }

  /** The issue ids each inspection opened (one query). */
  async issueIds(accountId: number, inspectionIds: number[]): Promise<Map<number, number[]>> {
    const map = new Map<number, number[]>(inspectionIds.map((id) => [id, []]));
    if (inspectionIds.length === 0) {
      return map;
    }
    const rows = await this.dataSource.manager.find(IssueEntity, {
      select: { id: true, inspectionId: true },
      where: { accountId, inspectionId: In(inspectionIds) },
      order: { id: 'ASC' },
    });
    for (const r of rows) {
      map.get(r.inspectionId!)?.push(r.id);
    }
    return map;
  }

  /** The last inspection date of each (machine, form) pair of the account, for the forms with a frequency. */
  lastByMachineAndForm(accountId: number, formIds: number[]): Promise<{ machineId: number; formId: number; last: string }[]> {
    if (formIds.length === 0) {
      return Promise.resolve([]);
    }
    return this.dataSource.manager
      .createQueryBuilder(InspectionEntity, 'i')
      .select('i.machine_id', 'machineId')
      .addSelect('i.form_id', 'formId')
      .addSelect('MAX(i.read_at)', 'last')
      .where('i.account_id = :account', { account: accountId })
      .andWhere('i.form_id IN (:...forms)', { forms: formIds })
      .groupBy('i.machine_id')
      .addGroupBy('i.form_id')
      .getRawMany<{ machineId: number | string; formId: number | string; last: string }>()
      .then((rows) => rows.map((r) => ({ machineId: Number(r.machineId), formId: Number(r.formId), last: r.last })));
  }
}
