import { StorageEnv } from '@wrenchlog/storage';
import { IsInt, Max, Min } from 'class-validator';

/** The shared settings plus object storage (the uploaded files live there, written by the gateway). */
export class ImportEnv extends StorageEnv {
  /**
   * Days an ended import (done, failed, reverted) keeps its uploaded file and its rows; then both
   * are deleted and its history entry (file name, times, counts) stays. Imports never committed
   * are deleted entirely after a day.
   */
  @IsInt() @Min(1) @Max(3650) IMPORT_RETENTION_DAYS: number = 30;
}
