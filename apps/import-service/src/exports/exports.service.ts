import { Inject, Injectable, Logger } from '@nestjs/common';
import { EXPORT_LIMITS, EXPORT_MESSAGES, type Actor, type ExportRecordView, type ExportState } from '@wrenchlog/contracts';
import { conflict, MemberDirectory, notFound } from '@wrenchlog/platform';
import { OBJECT_STORAGE, type ObjectStorage } from '@wrenchlog/storage';
import { randomUUID } from 'node:crypto';
import { ExportEntity } from './export.entity.js';
import { ExportJob } from './export.job.js';
import { expiresAt, mayStart } from './export.rules.js';
import { ExportsRepository } from './exports.repository.js';

/** POST /api/exports and GET /api/exports/{id}: starts the background job, answers its state; another account's export is 404. */
@Injectable()
export class ExportsService {
  private readonly logger = new Logger(ExportsService.name);

  constructor(
    private readonly repository: ExportsRepository,
    private readonly job: ExportJob,
    private readonly members: MemberDirectory,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  /** An export of the account's data (all of it, whoever asks: exports are per account). */
  async create(actor: Actor): Promise<ExportRecordView> {
    const { accountId } = actor;
    if (!mayStart(await this.repository.countUnfinished(accountId))) {
      throw conflict(EXPORT_MESSAGES.running);
    }
    const entity = await this.repository.create(accountId, actor.userId, `exports/u${accountId}/${randomUUID()}.zip`, new Date());
    // Not awaited: the call answers 202 at once, the job runs in this service (and is resumed by the scheduler after a restart).
    setImmediate(() => void this.job.run(entity.id));
    return this.view(entity);
  }

  async get(actor: Actor, id: number): Promise<ExportRecordView> {
    const entity = await this.repository.findOwn(actor.accountId, id);
    if (!entity) {
      throw notFound(EXPORT_MESSAGES.notFound);
    }
    return this.view(entity);
  }

  /** Starts the jobs nobody runs (their worker stopped); answers how many. */
  async resumeOrphaned(now = new Date()): Promise<number> {
    const ids = await this.repository.orphaned(now);
    for (const id of ids) {
      await this.job.run(id);
    }
    return ids.length;
  }

  /** Deletes the exports made more than a day ago, their ZIPs first; answers how many. */
  async deleteExpired(now = new Date()): Promise<number> {
    let deleted = 0;
    for (;;) {
      const batch = await this.repository.expired(new Date(now.getTime() - EXPORT_LIMITS.keepMs), 100);
      if (batch.length === 0) {
        return deleted;
      }
      await this.storage.deleteMany(batch.flatMap((e) => (e.objectKey ? [e.objectKey] : [])));
      await this.repository.delete(batch.map((e) => e.id));
      deleted += batch.length;
      this.logger.log(`deleted ${batch.length} export(s) older than a day`);
    }
  }

  /** The answer, with who asked for it (one query). */
  private async view(entity: ExportEntity): Promise<ExportRecordView> {
    const [audited] = await this.members.withAudit(entity.accountId, [recordView(entity)], () => entity);
    return audited;
  }
}

function recordView(entity: ExportEntity): Omit<ExportRecordView, 'createdBy' | 'updatedBy'> {
  const ready = entity.state === 'ready';
  return {
    id: entity.id,
    state: entity.state as ExportState,
    objectKey: ready ? entity.objectKey : null,
    fileName: `wrenchlog-export-${entity.createdAt.toISOString().slice(0, 10)}.zip`,
    byteSize: ready ? entity.byteSize : null,
    counts: ready && entity.counts ? (JSON.parse(entity.counts) as Record<string, number>) : null,
    createdAt: entity.createdAt.toISOString(),
    finishedAt: entity.finishedAt ? entity.finishedAt.toISOString() : null,
    expiresAt: expiresAt(entity.createdAt).toISOString(),
    error: entity.error,
  };
}
