import { PlatformEnv } from '@wrenchlog/platform';
import { IsInt, Max, Min } from 'class-validator';

/** work-order-service: the shared settings (database, transport, logging) and the completion recovery's. */
export class WorkEnv extends PlatformEnv {
  /** A completion in progress for longer than this is taken to be cut by a crash and finished by the recovery. */
  @IsInt() @Min(100) @Max(3_600_000) WORK_COMPLETION_STALE_MS: number = 60000;
  /** How often the recovery looks for such completions (and once at start). */
  @IsInt() @Min(100) @Max(3_600_000) WORK_RECOVERY_INTERVAL_MS: number = 10000;
}
