import { Injectable } from '@nestjs/common';
import { DataSource, In, LessThan, Not } from 'typeorm';
import { JobEntity } from './job.entity.js';

/** The columns a run writes. */
export type JobRunColumns = Partial<Pick<JobEntity, 'status' | 'lastRun' | 'finishedAt' | 'message' | 'params'>>;

/** SQL of the `jobs` table (its rows come from a migration; runs only update them). */
@Injectable()
export class JobsRepository {
  constructor(private readonly dataSource: DataSource) {}

  private get table() {
    return this.dataSource.getRepository(JobEntity);
  }

  all(): Promise<JobEntity[]> {
    return this.table.find({ order: { id: 'ASC' } });
  }

  byId(id: number): Promise<JobEntity | null> {
    return this.table.findOneBy({ id });
  }

  /** Starts a run unless one is running: of two claims at once only one gets true. */
  async claim(id: number, columns: JobRunColumns): Promise<boolean> {
    const claimed = await this.table.update({ id, status: Not('Running') }, columns);
    return Boolean(claimed.affected);
  }

  /** Ends the run that started at `startedAt`, if it still holds the row (a stale-run sweep may have ended it). */
  async finish(id: number, startedAt: Date, columns: JobRunColumns): Promise<void> {
    await this.table.update({ id, status: 'Running', lastRun: startedAt }, columns);
  }

  /** Jobs still Running whose run started before `before`. */
  runningSince(before: Date): Promise<JobEntity[]> {
    return this.table.findBy({ status: 'Running', lastRun: LessThan(before) });
  }

  /** Ends the given jobs' runs if they are still Running. */
  async endRunning(ids: number[], columns: JobRunColumns): Promise<void> {
    await this.table.update({ id: In(ids), status: 'Running' }, columns);
  }
}
