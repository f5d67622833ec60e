import { PlatformEnv } from '@wrenchlog/platform';

/** work-order-service reads only the shared settings (database, transport, logging). */
export class WorkEnv extends PlatformEnv {}
