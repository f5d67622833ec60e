import { PlatformEnv } from '@wrenchlog/platform';

/** report-service reads only the shared settings (database, transport, logging). */
export class ReportEnv extends PlatformEnv {}
