import { IsInt, Max, Min } from 'class-validator';
import { PlatformEnv } from '@wrenchlog/platform';

export class AnalyticsEnv extends PlatformEnv {
  // Page views older than this are deleted when the daily aggregation runs (their daily counts stay).
  @IsInt() @Min(1) @Max(3650) PAGEVIEW_RETENTION_DAYS: number = 400;
}
