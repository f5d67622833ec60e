import { Logger } from '@nestjs/common';
import { tooManyRequests } from '@wrenchlog/platform';
import { availableParallelism } from 'node:os';
import { UserEnv } from '../config/user-env.js';

export const SIGN_IN_BUSY = 'Too many sign-ins right now. Please wait a moment and try again.';
export const HASHING_BUSY = 'Too many password changes and signups right now. Please wait a moment and try again.';

/**
 * Admission control for password hashing, the one CPU-bound step of sign-in, signup and password
 * changes: at most `concurrency` hashes run at once (about one a core, so they never crowd out
 * the event loops) and at most `queue` wait for a slot, in arrival order. Anything beyond that is
 * refused at once with 429 and Retry-After, so a flood from many addresses (which the gateway's
 * per-address limit cannot see as one) costs a refusal, not a hash, and the sign-ins admitted keep
 * their latency. Per process: replicas each have their own slots, as they have their own cores.
 */
export class KdfLimiter {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly concurrency: number,
    readonly queue: number,
    /** Milliseconds one hash takes, for the Retry-After of a refusal. */
    private readonly hashMs = 30,
  ) {}

  /** Runs `work` in a hashing slot, or throws RATE_LIMITED (429) with `busyMessage` when all slots and the queue are taken. */
  async run<T>(work: () => Promise<T>, busyMessage: string): Promise<T> {
    if (this.active < this.concurrency) {
      this.active++;
    } else if (this.waiting.length < this.queue) {
      // release() hands its slot straight to the first waiter: `active` stays counted.
      await new Promise<void>((admit) => this.waiting.push(admit));
    } else {
      throw tooManyRequests(busyMessage, this.retryAfterSeconds());
    }
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  /**
   * Throws the same 429 as run() when a hash asked for now would be refused, so a caller can refuse
   * before its database lookup. Only a shortcut: run() decides again when the hash is asked for.
   */
  refuseIfFull(busyMessage: string): void {
    if (this.active >= this.concurrency && this.waiting.length >= this.queue) {
      throw tooManyRequests(busyMessage, this.retryAfterSeconds());
    }
  }

  /** Hashes running and waiting now (for tests and logs). */
  get load(): { active: number; waiting: number } {
    return { active: this.active, waiting: this.waiting.length };
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) {
      next();
    } else {
      this.active--;
    }
  }

  // Time to drain what is queued now, rounded up to whole seconds (at least 1).
  private retryAfterSeconds(): number {
    return Math.max(1, Math.ceil((((this.waiting.length + this.active) / this.concurrency) * this.hashMs) / 1000));
  }
}

/** The user service's limiter: KDF_CONCURRENCY (default: the CPUs, at most the thread pool) and KDF_QUEUE (default 4 a slot). */
export function kdfLimiterFrom(env: UserEnv): KdfLimiter {
  const pool = env.UV_THREADPOOL_SIZE ?? 4;
  const concurrency = env.KDF_CONCURRENCY ?? Math.min(availableParallelism(), pool);
  if (pool < concurrency) {
    new Logger('KdfLimiter').warn(
      `KDF_CONCURRENCY is ${concurrency} but argon2 runs on libuv's thread pool of ${pool} threads (UV_THREADPOOL_SIZE): at most ${pool} hashes will run at once`,
    );
  }
  return new KdfLimiter(concurrency, env.KDF_QUEUE ?? 4 * concurrency);
}
