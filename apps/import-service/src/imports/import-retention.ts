import { Inject, Injectable, Logger } from '@nestjs/common';
import { OBJECT_STORAGE, type ObjectStorage } from '@wrenchlog/storage';
import { randomUUID } from 'node:crypto';
import { ImportEnv } from '../config/import-env.js';
import { ImportsRepository } from './imports.repository.js';

const DAY_MS = 24 * 3_600_000;
/** Imports never committed (uploaded, validated) are deleted entirely after this long. */
export const UNCOMMITTED_KEEP_MS = DAY_MS;
/**
 * The retention pass runs this often; its lease covers one interval, so of several replicas one runs
 * each pass. A pass longer than that may meet the next one: each step is conditional and repeatable.
 */
export const RETENTION_TICK_MS = 10 * 60_000;
const LEASE = 'retention';
const CHUNK = 50;

/** What one retention pass did. */
export interface RetentionPass {
  ran: boolean;
  purged: number;
  deleted: number;
}

/**
 * Retention of imports (issue 23; apps/import-service/README.md "Retention"): an import keeps its
 * uploaded file and its staged rows only as long as they are needed. IMPORT_RETENTION_DAYS after an
 * import ended (done, failed, reverted) both are deleted and the history entry (file name, times,
 * counts) stays; Revert still works, as it needs only the import's id and the machines it created,
 * which are kept. An import never committed is deleted entirely after a day.
 */
@Injectable()
export class ImportRetention {
  private readonly logger = new Logger(ImportRetention.name);
  private readonly me = `retention-${process.pid}-${randomUUID().slice(0, 8)}`;

  constructor(
    private readonly repository: ImportsRepository,
    private readonly env: ImportEnv,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  /** The days an ended import keeps its file and rows. */
  get keepDays(): number {
    return this.env.IMPORT_RETENTION_DAYS;
  }

  /** One pass, when this replica gets the lease (another replica's pass of this interval: nothing). */
  async run(now = new Date()): Promise<RetentionPass> {
    if (!(await this.repository.takeNamedLease(LEASE, this.me, now, new Date(now.getTime() + RETENTION_TICK_MS - 30_000)))) {
      return { ran: false, purged: 0, deleted: 0 };
    }
    const purged = await this.purgeEnded(new Date(now.getTime() - this.keepDays * DAY_MS));
    const deleted = await this.deleteUncommitted(new Date(now.getTime() - UNCOMMITTED_KEEP_MS));
    if (purged + deleted > 0) {
      this.logger.log(`deleted the files and rows of ${purged} import(s) ended over ${this.keepDays} days ago, and ${deleted} import(s) never committed`);
    }
    return { ran: true, purged, deleted };
  }

  /**
   * The file first, then the rows: should the pass stop between the two, the next one deletes the
   * (missing) file again and then the rows, so nothing is left behind.
   */
  private async purgeEnded(cutoff: Date): Promise<number> {
    let purged = 0;
    for (let batch = await this.repository.endedBefore(cutoff, CHUNK); batch.length > 0; batch = await this.repository.endedBefore(cutoff, CHUNK)) {
      await this.storage.deleteMany(batch.map((i) => i.objectKey));
      for (const entity of batch) {
        purged += (await this.repository.purgeRows(entity.id, new Date())) ? 1 : 0;
      }
      if (batch.length < CHUNK) {
        break;
      }
    }
    return purged;
  }

  /** The import goes first (only while still uncommitted: a commit meanwhile wins), then its file. */
  private async deleteUncommitted(cutoff: Date): Promise<number> {
    let deleted = 0;
    for (let batch = await this.repository.uncommittedBefore(cutoff, CHUNK); batch.length > 0; batch = await this.repository.uncommittedBefore(cutoff, CHUNK)) {
      const gone: string[] = [];
      for (const entity of batch) {
        if (await this.repository.deleteUncommitted(entity.id)) {
          gone.push(entity.objectKey);
        }
      }
      await this.storage.deleteMany(gone).catch((err: Error) => this.logger.warn(`could not remove the files of deleted imports: ${err.message}`));
      deleted += gone.length;
      if (batch.length < CHUNK) {
        break;
      }
    }
    return deleted;
  }
}
