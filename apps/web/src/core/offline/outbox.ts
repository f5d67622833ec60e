import type { NewQueuedWrite, QueuedWrite, QueueStore } from './queue-store';

// This module is loaded after the first render (start-offline.ts) and imports nothing the first page
// loads (so the bundler keeps those in the first page's chunk): the key and the kind come from the caller.

// The offline queue (issue 34): creates made without a connection wait on the device and are sent
// by themselves when it returns, in the order they were made, each exactly once: every try sends
// the same Idempotency-Key, and the services answer a key they have seen with the record it made
// (docs/DEVELOPING.md, "Creates honour the idempotency key"), so a try whose answer was lost makes
// no second record. A refusal (4xx) is kept with the server's words for the user to fix or discard;
// nothing is dropped unless the user deletes it. Writes wait for the member and account they were
// made in: after a switch to another account or another person's sign-in they are held, not sent.

export interface Owner {
  accountId: number;
  userId: number;
}

export interface OutboxDeps {
  store: QueueStore;
  /** Sends one write with its key (through the API client: a fresh token after a refresh). */
  send: (write: QueuedWrite) => Promise<Response>;
  /** The signed-in member and account now, or null when signed out. */
  owner: () => Owner | null;
  now?: () => number;
  /** Runs `fn` alone across the tabs (Web Locks), so two tabs never send the same write at once. */
  exclusive?: <T>(fn: () => Promise<T>) => Promise<T>;
}

export interface OutboxSnapshot {
  writes: QueuedWrite[];
  /** The write being sent right now, if any. */
  sendingId: number | null;
}

export interface FlushResult {
  sent: number;
  refused: number;
  /** Still waiting: no connection, a server failure, or held for another member or account. */
  waiting: number;
}

const RETRY_STATUSES = new Set([408, 425, 429]);

export class Outbox {
  private snapshot: OutboxSnapshot = { writes: [], sendingId: null };
  private readonly listeners = new Set<() => void>();
  private readonly sentListeners = new Set<(write: QueuedWrite, answer: unknown) => void>();
  private flushing: Promise<FlushResult> | null = null;

  constructor(private readonly deps: OutboxDeps) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): OutboxSnapshot => this.snapshot;

  /** Called with each write the server accepted and its answer (the app refreshes its lists). */
  onSent(listener: (write: QueuedWrite, answer: unknown) => void): () => void {
    this.sentListeners.add(listener);
    return () => this.sentListeners.delete(listener);
  }

  private emit(next: Partial<OutboxSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...next };
    this.listeners.forEach((l) => l());
  }

  /** Reads the queue from the device (at start, and when another tab changed it). */
  async load(): Promise<QueuedWrite[]> {
    const writes = (await this.deps.store.all()).sort((a, b) => a.id - b.id);
    this.emit({ writes });
    return writes;
  }

  /** Whether the member's new create must wait behind earlier ones (so readings keep their order). */
  hasWaitingFor(owner: Owner | null): boolean {
    return !!owner && this.snapshot.writes.some((w) => w.state === 'waiting' && w.accountId === owner.accountId && w.userId === owner.userId);
  }

  /** Keeps a create on the device; answers the stored entry. */
  async enqueue(path: string, body: Record<string, unknown>, options: { key: string; kind: string }): Promise<QueuedWrite> {
    const owner = this.deps.owner();
    if (!owner) {
      throw new Error('Signed out: nothing can be kept for sending later');
    }
    const write: NewQueuedWrite = {
      key: options.key,
      method: 'POST',
      path,
      body,
      kind: options.kind,
      accountId: owner.accountId,
      userId: owner.userId,
      createdAt: (this.deps.now ?? Date.now)(),
      state: 'waiting',
      attempts: 0,
    };
    const stored = await this.deps.store.add(write);
    await this.load();
    return stored;
  }

  /** The user discards a write (waiting or refused). */
  async remove(id: number): Promise<void> {
    await this.deps.store.remove(id);
    await this.load();
  }

  /** The user sends a refused write again, as it is or with fields fixed (same key: still at most one record). */
  async retry(id: number, body?: Record<string, unknown>): Promise<FlushResult> {
    const write = (await this.deps.store.all()).find((w) => w.id === id);
    if (write) {
      await this.deps.store.put({ ...write, body: body ?? write.body, state: 'waiting', refusal: undefined });
      await this.load();
    }
    return this.flush();
  }

  /** Sends what waits for the signed-in member, oldest first; one flush at a time per tab and across tabs. */
  flush(): Promise<FlushResult> {
    if (!this.flushing) {
      const run = () => this.flushNow();
      this.flushing = (this.deps.exclusive ? this.deps.exclusive(run) : run()).finally(() => {
        this.flushing = null;
      });
    }
    return this.flushing;
  }

  private async flushNow(): Promise<FlushResult> {
    const result: FlushResult = { sent: 0, refused: 0, waiting: 0 };
    // Read again inside the lock: another tab may have sent some meanwhile.
    const writes = await this.load();
    let stopped = false;
    for (const write of writes) {
      if (write.state === 'refused') {
        continue;
      }
      const owner = this.deps.owner();
      if (stopped || !owner || owner.accountId !== write.accountId || owner.userId !== write.userId) {
        result.waiting += 1;
        continue;
      }
      const outcome = await this.sendOne(write);
      result[outcome] += 1;
      // No connection or a server failure: the rest wait too (and keep their order).
      stopped = outcome === 'waiting';
    }
    await this.load();
    return result;
  }

  private async sendOne(write: QueuedWrite): Promise<keyof FlushResult> {
    const tried = { ...write, attempts: write.attempts + 1, lastTriedAt: (this.deps.now ?? Date.now)() };
    this.emit({ sendingId: write.id });
    try {
      let res: Response;
      try {
        res = await this.deps.send(write);
      } catch (err) {
        if (!(err instanceof TypeError)) {
          console.error('Sending a queued write failed', err);
        }
        await this.deps.store.put(tried);
        return 'waiting';
      }
      if (res.ok) {
        const answer = await res.json().catch(() => null);
        await this.deps.store.remove(write.id);
        this.sentListeners.forEach((l) => l(write, answer));
        return 'sent';
      }
      // 401: the session ended (the client already tried a refresh); it is sent after sign-in.
      if (res.status === 401 || res.status >= 500 || RETRY_STATUSES.has(res.status)) {
        await this.deps.store.put(tried);
        return 'waiting';
      }
      const body = (await res.json().catch(() => null)) as { message?: unknown } | null;
      const message = typeof body?.message === 'string' ? body.message : `Refused with status ${res.status}`;
      await this.deps.store.put({ ...tried, state: 'refused', refusal: { status: res.status, message } });
      return 'refused';
    } finally {
      this.emit({ sendingId: null });
    }
  }
}
