import type { DBSchema, IDBPDatabase } from 'idb';

// The device's queue of writes made without a connection (issue 34), in IndexedDB so it survives
// closing the tab and restarting the phone. One object store, in the order the writes were made.

/** A create kept on the device until the server has it. */
export interface QueuedWrite {
  id: number;
  /** Sent as Idempotency-Key on every try: the server makes the record once, however often it is sent. */
  key: string;
  method: 'POST';
  path: string;
  body: Record<string, unknown>;
  /** What it is, for the queue view ("Fuel record", "Meter reading", "Service record"). */
  kind: string;
  /** The member and account it was made in: it is sent only while they are signed in. */
  accountId: number;
  userId: number;
  createdAt: number;
  /** waiting: to be sent; refused: the server said no (kept for the user to fix or discard). */
  state: 'waiting' | 'refused';
  attempts: number;
  lastTriedAt?: number;
  refusal?: { status: number; message: string };
}

export type NewQueuedWrite = Omit<QueuedWrite, 'id'>;

/** Where the queue is kept: IndexedDB (in unit tests, fake-indexeddb's). */
export interface QueueStore {
  add(write: NewQueuedWrite): Promise<QueuedWrite>;
  all(): Promise<QueuedWrite[]>;
  put(write: QueuedWrite): Promise<void>;
  remove(id: number): Promise<void>;
}

interface OfflineDb extends DBSchema {
  writes: { key: number; value: QueuedWrite };
}

export const OFFLINE_DB = 'wrenchlog-offline';

export function idbQueueStore(name = OFFLINE_DB): QueueStore {
  let db: Promise<IDBPDatabase<OfflineDb>> | null = null;
  const open = () => {
    // idb is loaded when the queue is first read, after the first render.
    db ??= import('idb').then(({ openDB }) =>
      openDB<OfflineDb>(name, 1, {
        upgrade(d) {
          d.createObjectStore('writes', { keyPath: 'id', autoIncrement: true });
        },
      }),
    );
    return db;
  };
  return {
    async add(write) {
      const id = await (await open()).add('writes', write as QueuedWrite);
      return { ...write, id };
    },
    async all() {
      return (await open()).getAll('writes');
    },
    async put(write) {
      await (await open()).put('writes', write);
    },
    async remove(id) {
      await (await open()).delete('writes', id);
    },
  };
}
