import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { ExportsService } from './exports.service.js';

const INTERVAL_MS = 30_000;

/** Every 30 s (and at start): starts over the export jobs a restart stopped, and deletes exports older than a day. */
@Injectable()
export class ExportsScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ExportsScheduler.name);
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;

  constructor(private readonly exports: ExportsService) {}

  onApplicationBootstrap(): void {
    const tick = () => {
      this.running ??= Promise.all([
        this.exports.resumeOrphaned().then((n) => n > 0 && this.logger.log(`started ${n} stopped export(s) over`)),
        this.exports.deleteExpired(),
      ])
        .catch((err: Error) => this.logger.warn(`export upkeep failed: ${err.message}`))
        .finally(() => (this.running = undefined));
    };
    this.timer = setInterval(tick, INTERVAL_MS);
    this.timer.unref();
    setImmediate(tick);
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }
}
