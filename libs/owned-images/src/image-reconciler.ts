import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { OwnedImages } from './owned-images.js';

/** How long an image may stay pending before it is announced to the image worker again. */
export const PENDING_GRACE_MS = 2 * 60_000;
/** How often the reconciler looks. */
export const RECONCILE_INTERVAL_MS = 60_000;

/**
 * Re-announces images the image worker has not reported on (a lost message, the worker was down):
 * once when the service starts, so a restart after a crash picks up at once, then every minute.
 */
@Injectable()
export class ImageReconciler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('ImageReconciler');
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;

  constructor(private readonly images: OwnedImages) {}

  onApplicationBootstrap(): void {
    const interval = this.images.options.reconcile?.intervalMs ?? RECONCILE_INTERVAL_MS;
    this.pass();
    this.timer = setInterval(() => this.pass(), interval);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** One pass at a time: a slow one is not overlapped by the next tick. */
  private pass(): void {
    const grace = this.images.options.reconcile?.graceMs ?? PENDING_GRACE_MS;
    this.running ??= this.images
      .reannouncePending(grace)
      .then((n) => n > 0 && this.logger.log(`announced ${n} pending ${this.images.options.owner} image(s) to the image worker again`))
      .catch((err: Error) => this.logger.warn(`re-announcing pending ${this.images.options.owner} images failed: ${err.message}`))
      .finally(() => (this.running = undefined));
  }
}
