import { Injectable } from '@nestjs/common';
import { JobTemplateLimits } from '@wrenchlog/contracts';
import { DataSource, In, type EntityManager } from 'typeorm';
import { JobTemplateEntity } from './job-template.entity.js';

/** SQL of job templates; every query names the account. */
@Injectable()
export class JobTemplatesRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The account's templates by name (at most the per-account bound, which create keeps). */
  list(accountId: number): Promise<JobTemplateEntity[]> {
    return this.dataSource.manager.find(JobTemplateEntity, { where: { accountId }, order: { name: 'ASC', id: 'ASC' }, take: JobTemplateLimits.perAccount });
  }

  count(manager: EntityManager, accountId: number): Promise<number> {
    return manager.count(JobTemplateEntity, { where: { accountId } });
  }

  one(accountId: number, id: number, manager: EntityManager = this.dataSource.manager): Promise<JobTemplateEntity | null> {
    return manager.findOneBy(JobTemplateEntity, { accountId, id });
  }

  /** The account's templates among these ids (one query); the others are left out. */
  many(accountId: number, ids: number[]): Promise<JobTemplateEntity[]> {
    return ids.length ? this.dataSource.manager.findBy(JobTemplateEntity, { accountId, id: In(ids) }) : Promise.resolve([]);
  }

  save(manager: EntityManager, row: Partial<JobTemplateEntity>): Promise<JobTemplateEntity> {
    return manager.save(JobTemplateEntity, manager.create(JobTemplateEntity, row));
  }

  async delete(manager: EntityManager, id: number): Promise<void> {
    await manager.delete(JobTemplateEntity, { id });
  }
}
