import { StorageEnv } from '@wrenchlog/storage';

/** The shared settings plus object storage (the uploaded files live there, written by the gateway). */
export class ImportEnv extends StorageEnv {}
