import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { ImportRetention, RETENTION_TICK_MS } from './import-retention.js';

/** Every 10 minutes (and at start): the retention pass of imports, on the replica that gets its lease. */
@Injectable()
export class ImportRetentionScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ImportRetentionScheduler.name);
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;
  /** The pass at start, settled (a test waits for it before seeding what the next pass must find). */
  firstPass: Promise<unknown> = Promise.resolve();

  constructor(private readonly retention: ImportRetention) {}

  onApplicationBootstrap(): void {
    const tick = () =>
      (this.running ??= this.retention
        .run()
        .catch((err: Error) => this.logger.warn(`import retention failed: ${err.message}`))
        .finally(() => (this.running = undefined)));
    this.timer = setInterval(() => void tick(), RETENTION_TICK_MS);
    this.timer.unref();
    this.firstPass = new Promise((settled) => setImmediate(() => void tick().finally(() => settled(undefined))));
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }
}
