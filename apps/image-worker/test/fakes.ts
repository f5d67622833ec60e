// An in-memory fake of the worker's ledger repository, for LedgerService's unit tests, as
// user-service's services are tested: reads answer copies, a transaction that throws leaves the
// store as it was, and the ledger's unique original key makes a second insert a no-op.
import { asFake, copyRows } from '@wrenchlog/testing/fakes';
import type { Outbox } from '@wrenchlog/platform';
import type { Transactions, Tx } from '../src/common/transactions.js';
import type { LedgerImageEntity } from '../src/ledger/ledger-image.entity.js';
import type { LedgerRepository } from '../src/ledger/ledger.repository.js';

interface Tables {
  images: LedgerImageEntity[];
  deletedMachines: { accountId: number; machineId: number }[];
  events: { pattern: string; payload: Record<string, unknown> }[];
  nextId: number;
}

export class FakeLedgerDatabase {
  tables: Tables = { images: [], deletedMachines: [], events: [], nextId: 1 };

  async transaction<T>(work: () => Promise<T>): Promise<T> {
    const before = copyRows(this.tables);
    try {
      return await work();
    } catch (err) {
      this.tables = before;
      throw err;
    }
  }
}

const FAKE_TX = {} as Tx;

export const fakeTransactions = (db: FakeLedgerDatabase): Transactions => asFake<Transactions>({ run: (work) => db.transaction(() => work(FAKE_TX)) });

export const fakeOutbox = (db: FakeLedgerDatabase): Outbox =>
  ({
    enqueue: async (_tx: Tx, pattern: string, payload: unknown) => {
      db.tables.events.push({ pattern, payload: copyRows(payload) as Record<string, unknown> });
    },
  }) as unknown as Outbox;

const unclaimedAt = (now: Date) => (i: LedgerImageEntity) => i.state === 'pending' && (i.claimedUntil === null || i.claimedUntil < now);

export const fakeLedger = (db: FakeLedgerDatabase): LedgerRepository => {
  const rows = () => db.tables.images;
  const byId = (id: number) => rows().find((i) => i.id === id);
  return asFake<LedgerRepository>({
    byKey: async (accountId, owner, originalKey) =>
      copyRows(rows().find((i) => i.accountId === accountId && i.owner === owner && i.originalKey === originalKey) ?? null),
    byId: async (id) => copyRows(byId(id) ?? null),
    insertOnce: async (row) => {
      if (!rows().some((i) => i.originalKey === row.originalKey)) {
        rows().push({ ...copyRows(row), id: db.tables.nextId++ });
      }
    },
    markDeleted: async (accountId, originalKey, owner) => {
      for (const i of rows().filter((r) => r.accountId === accountId && r.originalKey === originalKey && (owner === undefined || r.owner === owner))) {
        Object.assign(i, { state: 'deleted', claimedUntil: null });
      }
    },
    unclaimedPending: async (limit, now) =>
      copyRows(
        rows()
          .filter(unclaimedAt(now))
          .sort((a, b) => a.id - b.id)
          .slice(0, limit),
      ),
    claim: async (id, now, until) => {
      const image = byId(id);
      if (!image || !unclaimedAt(now)(image)) {
        return false;
      }
      Object.assign(image, { claimedUntil: until, attempts: image.attempts + 1 });
      return true;
    },
    holdUntil: async (id, until) => {
      const image = byId(id);
      if (image?.state === 'pending') {
        image.claimedUntil = until;
      }
    },
    finish: async (_tx, id, change, at) => {
      const image = byId(id);
      if (image?.state !== 'pending') {
        return false;
      }
      Object.assign(image, { ...change, claimedUntil: null, processedAt: at });
      return true;
    },
    countPending: async () => rows().filter((i) => i.state === 'pending').length,
    sizeOf: async (accountId) => {
      const live = rows().filter((i) => i.accountId === accountId && i.state !== 'deleted');
      return { count: live.length, bytes: live.reduce((sum, i) => sum + i.originalSize + (i.thumbnailSize ?? 0), 0) };
    },
    deleteOfMachine: async (accountId, machineId) => {
      const gone = rows().filter((i) => i.accountId === accountId && i.machineId === machineId && i.state !== 'deleted');
      for (const i of gone) {
        Object.assign(i, { state: 'deleted', claimedUntil: null });
      }
      return copyRows(gone);
    },
    addDeletedMachine: async (accountId, machineId) => {
      if (!db.tables.deletedMachines.some((m) => m.accountId === accountId && m.machineId === machineId)) {
        db.tables.deletedMachines.push({ accountId, machineId });
      }
    },
    isMachineDeleted: async (accountId, machineId) => db.tables.deletedMachines.some((m) => m.accountId === accountId && m.machineId === machineId),
  });
};
