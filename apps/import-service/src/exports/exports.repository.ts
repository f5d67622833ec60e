import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, IsNull, LessThan, Repository } from 'typeorm';
import { ExportEntity } from './export.entity.js';

const UNFINISHED = ['pending', 'running'];

/** The SQL of exports; every read of an account's export is scoped by the account. */
@Injectable()
export class ExportsRepository {
  constructor(@InjectRepository(ExportEntity) private readonly exports: Repository<ExportEntity>) {}

  /** The account's export, or null (another account's export is no different from a missing one). */
  findOwn(accountId: number, id: number): Promise<ExportEntity | null> {
    return this.exports.findOneBy({ id, accountId });
  }

  /** For the job only (it runs for the export's account and creator, read from the row). */
  findById(id: number): Promise<ExportEntity | null> {
    return this.exports.findOneBy({ id });
  }

  countUnfinished(accountId: number): Promise<number> {
    return this.exports.countBy({ accountId, state: In(UNFINISHED) });
  }

  /** A new export of the account asked by `createdBy`; its object key is fixed now, so a job started over writes the same object. */
  create(accountId: number, createdBy: number, objectKey: string, now: Date): Promise<ExportEntity> {
    return this.exports.save(
      Object.assign(new ExportEntity(), {
        accountId,
        createdBy,
        updatedBy: null,
        state: 'pending',
        objectKey,
        byteSize: null,
        counts: null,
        error: null,
        leaseUntil: null,
        createdAt: now,
        finishedAt: null,
      }),
    );
  }

  /**
   * Takes the job of an export for `leaseMs` when nobody holds it (new, or its worker stopped):
   * one conditional UPDATE, so of two replicas only one starts it.
   */
  async lease(id: number, now: Date, leaseMs: number): Promise<boolean> {
    const result = await this.exports
      .createQueryBuilder()
      .update()
      .set({ state: 'running', leaseUntil: new Date(now.getTime() + leaseMs) })
      .where('id = :id AND state IN (:...states) AND (lease_until IS NULL OR lease_until < :now)', { id, states: UNFINISHED, now })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  /** Keeps the lease while the job makes progress. */
  async renew(id: number, now: Date, leaseMs: number): Promise<void> {
    await this.exports.update({ id, state: 'running' }, { leaseUntil: new Date(now.getTime() + leaseMs) });
  }

  /** Unfinished exports nobody works on (a restart stopped their job). */
  async orphaned(now: Date): Promise<number[]> {
    const rows = await this.exports.find({
      select: { id: true },
      where: [
        { state: In(UNFINISHED), leaseUntil: IsNull() },
        { state: In(UNFINISHED), leaseUntil: LessThan(now) },
      ],
    });
    return rows.map((r) => r.id);
  }

  async finish(id: number, changes: Pick<ExportEntity, 'state' | 'objectKey' | 'byteSize' | 'counts' | 'error' | 'finishedAt'>): Promise<void> {
    await this.exports.update({ id }, { ...changes, leaseUntil: null });
  }

  /** Exports created before `before`: their ZIPs and rows are deleted. */
  expired(before: Date, limit: number): Promise<ExportEntity[]> {
    return this.exports.find({ where: { createdAt: LessThan(before) }, order: { id: 'ASC' }, take: limit });
  }

  async delete(ids: number[]): Promise<void> {
    if (ids.length > 0) {
      await this.exports.delete({ id: In(ids) });
    }
  }
}
