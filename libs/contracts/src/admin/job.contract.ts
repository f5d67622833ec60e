import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min, ValidateNested } from 'class-validator';
import { IMAGE_BACKFILL_DEFAULT_LIMIT, IMAGE_BACKFILL_MAX_LIMIT } from '../image/image.limits.js';

// Producer: gateway. Consumer: user-service, which keeps the job registry and runs the jobs.
/** GET /api/admin/jobs (admin). */
export const ADMIN_JOB_LIST = 'admin.job.list' as const;
/** POST /api/admin/jobs/{id}/run (admin): answers at once with status Running. */
export const ADMIN_JOB_RUN = 'admin.job.run' as const;

export const JOB_STATUSES = ['Idle', 'Running', 'Completed', 'Failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** The fixed jobs of the Admin tab, with their ids. */
export const JOB_IDS = {
  dailyAnalyticsAggregation: 1,
  weeklyReportGeneration: 2,
  externalDataSync: 3,
  backfillImages: 4,
} as const;

/** Backfill Images' default limit (spec section 9): the same as the account's own backfill call. */
export const BACKFILL_DEFAULT_LIMIT = IMAGE_BACKFILL_DEFAULT_LIMIT;

export class JobParams {
  // A JSON number, never text: "42" is refused (issue 36), as every body number is.
  @IsOptional()
  @IsInt({ message: 'Limit must be a whole number' })
  @Min(1, { message: 'Limit must be at least 1' })
  @Max(IMAGE_BACKFILL_MAX_LIMIT, { message: `Limit must be at most ${IMAGE_BACKFILL_MAX_LIMIT}` })
  limit?: number;
}

export class JobRunBody {
  @IsOptional()
  @ValidateNested()
  @Type(() => JobParams)
  params?: JobParams;
}

export interface JobRunRequest extends JobRunBody {
  id: number;
}

export interface JobView {
  id: number;
  name: string;
  status: JobStatus;
  /** When the last run started, ISO 8601 UTC; null when it never ran. */
  lastRun: string | null;
  message: string | null;
  params: { limit?: number };
}
