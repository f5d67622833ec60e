import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { WorkEnv } from '../config/work-env.js';
import { CompletionService } from './completion.service.js';
import { PendingCompletions, type PendingCompletion } from './pending-completions.repository.js';

/**
 * Finishes the completions a crash cut (issue 35): at start and every WORK_RECOVERY_INTERVAL_MS, an
 * order whose completion has been in progress for longer than WORK_COMPLETION_STALE_MS (far longer
 * than its three calls take) is run again from its first step. Every step is keyed by the order's
 * completion (the stock take, the service record), so what the cut run did is found, not done
 * twice: the order ends done with one record, or, when a step is refused now, with nothing.
 */
@Injectable()
export class CompletionRecovery implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(CompletionRecovery.name);
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;

  constructor(
    private readonly env: WorkEnv,
    private readonly pending: PendingCompletions,
    private readonly completion: CompletionService,
  ) {}

  onApplicationBootstrap(): void {
    const tick = () => {
      this.running ??= this.sweep()
        .catch((err: Error) => this.logger.warn(`completion recovery failed: ${err.message}`))
        .finally(() => (this.running = undefined));
    };
    this.timer = setInterval(tick, this.env.WORK_RECOVERY_INTERVAL_MS);
    this.timer.unref();
    setImmediate(tick);
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** Runs again each stale completion it can claim; answers how many it took up. */
  async sweep(): Promise<number> {
    const before = new Date(Date.now() - this.env.WORK_COMPLETION_STALE_MS);
    let taken = 0;
    for (const row of await this.pending.stale(before)) {
      if (!(await this.pending.claim(row.id, before))) {
        continue;
      }
      taken++;
      try {
        await this.completion.run(row.id, JSON.parse(row.pendingCompletion!) as PendingCompletion);
        this.logger.log(`finished the completion of work order ${row.id} that a crash had cut`);
      } catch (err) {
        this.logger.warn(`the completion of work order ${row.id} cut by a crash ended with: ${(err as Error).message}`);
      }
    }
    return taken;
  }
}
