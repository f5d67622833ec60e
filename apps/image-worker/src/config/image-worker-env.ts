import { IsInt, Max, Min } from 'class-validator';
import { StorageEnv } from '@wrenchlog/storage';

export class ImageWorkerEnv extends StorageEnv {
  // How often the worker looks for images left unprocessed (lost messages, a crash mid-image).
  @IsInt() @Min(200) @Max(3_600_000) IMAGE_SWEEP_INTERVAL_MS: number = 30_000;
  // How long a claim on an image lasts; the worker processing it renews it every third of that, so
  // this is how soon another worker takes over an image whose worker crashed (not a processing limit).
  @IsInt() @Min(1) @Max(3600) IMAGE_CLAIM_SECONDS: number = 20;
  // Images processed at once by this process (sharp decodes are memory-heavy; keep it small).
  @IsInt() @Min(1) @Max(8) IMAGE_CONCURRENCY: number = 1;
}
