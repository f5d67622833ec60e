import type { OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { outsideCausedScope } from '../consistency/lanes.js';

/**
 * The lifecycle of a table that is drained after commit: on a timer, and soon after something
 * was enqueued. One pass at a time; shutdown waits for the pass in progress. Outbox and the mail
 * queue build on it.
 */
export abstract class PolledDrainer implements OnApplicationBootstrap, OnApplicationShutdown {
  protected stopped = false;
  private timer?: NodeJS.Timeout;
  private draining?: Promise<void>;

  protected constructor(private readonly pollMs: number) {}

  private again = false;

  /** One pass over what is due; answers true when more was due than one pass takes (run another now). */
  protected abstract drain(): Promise<boolean | void>;

  /**
   * Runs a pass now, or joins the one running and has it run once more when it ends (what was
   * enqueued meanwhile may have been read too late for it); resolves when the passes are done.
   */
  drainNow(): Promise<void> {
    if (this.stopped) {
      return Promise.resolve();
    }
    if (this.draining) {
      this.again = true;
      return this.draining;
    }
    this.draining = this.passes().finally(() => (this.draining = undefined));
    return this.draining;
  }

  private async passes(): Promise<void> {
    do {
      this.again = false;
      if (await this.drain()) {
        this.again = true;
      }
    } while (this.again && !this.stopped);
  }

  onApplicationBootstrap(): void {
    this.schedule(this.pollMs);
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.draining;
  }

  /** Call after enqueueing: a short delay lets the caller's transaction commit first. */
  protected kick(): void {
    // Outside the caller's scope: what the pass sends is not the caller's work.
    outsideCausedScope(() => setTimeout(() => void this.drainNow(), 20).unref());
  }

  private schedule(ms: number): void {
    if (this.stopped) {
      return;
    }
    this.timer = setTimeout(() => void this.drainNow().finally(() => this.schedule(this.pollMs)), ms);
    this.timer.unref();
  }
}

/** How long a replica owns a row it claimed before another may take it over (a crashed sender). */
export const CLAIM_MS = 60_000;
