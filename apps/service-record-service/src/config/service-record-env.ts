import { PlatformEnv } from '@wrenchlog/platform';

/** service-record-service reads only the shared settings (database, transport, logging). */
export class ServiceRecordEnv extends PlatformEnv {}
