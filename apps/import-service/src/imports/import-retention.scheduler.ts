import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { ImportRetention, RETENTION_TICK_MS } from './import-retention.js';

/** Every 10 minutes (and at start): the retention pass of imports, on the replica that gets its lease. */
@Injectable()
export class ImportRetentionScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ImportRetentionScheduler.name);
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;

  constructor(private readonly retention: ImportRetention) {}

  onApplicationBootstrap(): void {
    const tick = () => {
      this.running ??= this.retention
        .run()
        .catch((err: Error) => this.logger.warn(`import retention failed: ${err.message}`))
        .finally(() => (this.running = undefined));
    };
    this.timer = setInterval(tick, RETENTION_TICK_MS);
    this.timer.unref();
    setImmediate(tick);
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }
}
