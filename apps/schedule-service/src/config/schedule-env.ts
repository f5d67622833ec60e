import { PlatformEnv } from '@wrenchlog/platform';

/** schedule-service reads only the shared settings (database, transport, logging). */
export class ScheduleEnv extends PlatformEnv {}
