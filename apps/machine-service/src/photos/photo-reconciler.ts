import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { PhotosService } from './photos.service.js';

/** How long a photo may stay pending before it is announced to the image worker again. */
export const PENDING_GRACE_MS = 2 * 60_000;
const INTERVAL_MS = 60_000;

/** Every minute, re-announces photos the image worker has not reported on (lost message, worker down). */
@Injectable()
export class PhotoReconciler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('PhotoReconciler');
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;

  constructor(private readonly photos: PhotosService) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      this.running ??= this.photos
        .reannouncePending(PENDING_GRACE_MS)
        .then((n) => n > 0 && this.logger.log(`announced ${n} pending photo(s) to the image worker again`))
        .catch((err: Error) => this.logger.warn(`re-announcing pending photos failed: ${err.message}`))
        .finally(() => (this.running = undefined));
    }, INTERVAL_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }
}
