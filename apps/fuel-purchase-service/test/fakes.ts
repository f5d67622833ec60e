// In-memory fakes of fuel-purchase-service's repositories, for the services' unit tests
// (*.service.spec.ts), as user-service's (and immich's) services are tested. They keep rows the way
// the tables do: reads answer copies, so a service's change reaches the store only through a
// repository, a transaction that throws leaves the store as it was, and the unique
// (user, idempotency key) indexes refuse a second row.
import { FakeStore, asFake, copyRows } from '@wrenchlog/testing/fakes';
import { ErrorCode, type Actor } from '@wrenchlog/contracts';
import { RpcCallError, type Outbox, type RpcClient } from '@wrenchlog/platform';
import type { Tx, UserTransactions } from '../src/common/transactions.js';
import type { FuelRecordEntity } from '../src/fuel/fuel-record.entity.js';
import type { FuelRecordsRepository } from '../src/fuel/fuel-records.repository.js';
import type { PartEntity } from '../src/inventory/part.entity.js';
import type { PartsRepository } from '../src/inventory/parts.repository.js';
import { StockEvents } from '../src/inventory/stock-events.js';
import { stockStatus } from '../src/inventory/stock.rules.js';
import type { SupplierEntity } from '../src/inventory/supplier.entity.js';
import type { SuppliersRepository } from '../src/inventory/suppliers.repository.js';
import type { KnownMachineEntity } from '../src/machines/known-machine.entity.js';
import type { KnownMachinesRepository } from '../src/machines/known-machines.repository.js';
import { MachineProjection } from '../src/machines/machine-projection.js';
import type { PurchaseEntity } from '../src/purchases/purchase.entity.js';
import type { PurchasesRepository } from '../src/purchases/purchases.repository.js';

/** An event written to the outbox in a committed transaction. */
export interface SentEvent {
  pattern: string;
  payload: Record<string, unknown>;
}

interface Tables {
  fuel: FuelRecordEntity[];
  purchases: PurchaseEntity[];
  parts: PartEntity[];
  suppliers: SupplierEntity[];
  machines: KnownMachineEntity[];
  events: SentEvent[];
  nextId: number;
}

/** The fakes' one store (FakeStore: transactions take turns and roll back when their work throws). */
export class FakeDatabase extends FakeStore<Tables> {
  constructor() {
    super({ fuel: [], purchases: [], parts: [], suppliers: [], machines: [], events: [], nextId: 1 });
  }

  /** The events of one pattern, in order. */
  sent(pattern: string): Record<string, unknown>[] {
    return this.tables.events.filter((e) => e.pattern === pattern).map((e) => e.payload);
  }

  /** A machine the projection knows as the user's. */
  ownMachine(user: Actor, machineId: number): void {
    this.tables.machines.push({ machineId, userId: user.userId, deleted: false, updatedAt: new Date(0) });
  }
}

/** The handle fake repositories get: they keep no per-transaction state. */
export const FAKE_TX = {} as Tx;

export const fakeTransactions = (db: FakeDatabase): UserTransactions =>
  asFake<UserTransactions>({ run: (_userId, work) => db.transaction(() => work(FAKE_TX)) });

/** The outbox: an event is kept with the transaction's other writes (and rolled back with them). */
export const fakeOutbox = (db: FakeDatabase): Outbox =>
  ({
    enqueue: async (_tx: Tx, pattern: string, payload: unknown) => {
      db.tables.events.push({ pattern, payload: copyRows(payload) as Record<string, unknown> });
    },
  }) as unknown as Outbox;

/** Rows with an id, scoped to a user. */
interface Row {
  id: number;
  userId: number;
}

/** The reads and writes every table has: by id, by idempotency key, insert and save (unique key), pages after an id. */
function table<E extends Row & { idempotencyKey?: string | null }>(rows: () => E[], db: FakeDatabase) {
  const find = (userId: number, id: number) => rows().find((r) => r.id === id && r.userId === userId);
  const addNew = (row: E) => {
    if (row.idempotencyKey && rows().some((r) => r.userId === row.userId && r.idempotencyKey === row.idempotencyKey)) {
      throw new Error('UNIQUE constraint failed: idempotency_key');
    }
    row.id = db.nextId();
    rows().push(copyRows(row));
  };
  return {
    find,
    byId: async (userId: number, id: number) => copyRows(find(userId, id) ?? null),
    byKey: async (userId: number, key: string) => copyRows(rows().find((r) => r.userId === userId && r.idempotencyKey === key) ?? null),
    insert: addNew,
    save: (row: E): E => {
      const stored = row.id ? find(row.userId, row.id) : undefined;
      if (stored) {
        Object.assign(stored, copyRows(row));
      } else {
        addNew(row);
      }
      return row;
    },
    /** Up to `take` rows that `keep` holds, after `afterId` in id order (the export's and the projections' pages). */
    after: async (keep: (r: E) => boolean, afterId: number, take: number) =>
      copyRows(
        rows()
          .filter((r) => r.id > afterId && keep(r))
          .sort((a, b) => a.id - b.id)
          .slice(0, take),
      ),
  };
}

const newestFirst =
  <E extends { id: number }>(date: (e: E) => Date) =>
  (a: E, b: E) =>
    date(b).getTime() - date(a).getTime() || b.id - a.id;

/**
 * A dated table (fuel records, purchases): `mine`, a user's rows (of a machine) newest first, and
 * `common`, the methods both repositories have alike (by id and key, by day, a machine's newest and
 * pages, insert and save).
 */
function dated<E extends Row & { idempotencyKey?: string | null }>(
  t: ReturnType<typeof table<E>>,
  rows: () => E[],
  machineOf: (r: E) => number | null,
  dateOf: (r: E) => Date,
) {
  const mine = (userId: number, machineId?: number) =>
    rows()
      .filter((r) => r.userId === userId && (machineId === undefined || machineOf(r) === machineId))
      .sort(newestFirst(dateOf));
  return {
    mine,
    common: {
      byId: (userId: number, id: number) => t.byId(userId, id),
      byIdempotencyKey: (userId: number, key: string) => t.byKey(userId, key),
      insert: async (_tx: Tx, row: E) => t.insert(row),
      save: async (_tx: Tx, row: E) => t.save(row),
      onDays: async (userId: number, machineIds: number[], from: Date, until: Date) =>
        copyRows(
          rows().filter((r) => r.userId === userId && machineIds.includes(machineOf(r) ?? 0) && new Date(dateOf(r)) >= from && new Date(dateOf(r)) < until),
        ),
      newestOfMachine: async (userId: number, machineId: number, take: number) => copyRows(mine(userId, machineId).slice(0, take)),
      pageOfMachine: async (userId: number, machineId: number, skip: number, take: number): Promise<[E[], number]> => [
        copyRows(mine(userId, machineId).slice(skip, skip + take)),
        mine(userId, machineId).length,
      ],
    },
  };
}

export const fakeFuelRecords = (db: FakeDatabase): FuelRecordsRepository => {
  const rows = () => db.tables.fuel;
  const t = table(rows, db);
  const { mine, common } = dated(
    t,
    rows,
    (r) => r.machineId,
    (r) => r.dateOfPurchase,
  );
  return asFake<FuelRecordsRepository>({
    ...common,
    create: (fields) => ({ ...fields }) as FuelRecordEntity,
    fillsAround: async (userId, machineIds, since, until) =>
      machineIds.flatMap((machineId) => {
        const fills = rows().filter((r) => r.userId === userId && r.machineId === machineId);
        const starts = fills.filter((r) => r.fullTank && r.dateOfPurchase < since).map((r) => r.dateOfPurchase.getTime());
        const from = starts.length ? Math.max(...starts) : 0;
        return copyRows(
          fills
            .filter((r) => r.dateOfPurchase < until && r.dateOfPurchase.getTime() >= from)
            .sort((a, b) => a.dateOfPurchase.getTime() - b.dateOfPurchase.getTime() || a.id - b.id),
        );
      }),
    deleteOwned: async (_tx, userId, id) => {
      const row = t.find(userId, id);
      db.tables.fuel = rows().filter((r) => r !== row);
      return row ? { machineId: row.machineId } : null;
    },
    delete: async (userId, id) => {
      db.tables.fuel = rows().filter((r) => !(r.userId === userId && r.id === id));
    },
    countOfMachine: async (userId, machineId) => mine(userId, machineId).length,
    deleteOfMachine: async (_tx, userId, machineId) => {
      const before = rows().length;
      db.tables.fuel = rows().filter((r) => !(r.userId === userId && r.machineId === machineId));
      return before - rows().length;
    },
    exportPage: (afterId, limit, userId) => t.after((r) => userId === undefined || r.userId === userId, afterId, limit),
  });
};

export const fakePurchases = (db: FakeDatabase): PurchasesRepository => {
  const rows = () => db.tables.purchases;
  const t = table(rows, db);
  const { mine, common } = dated(
    t,
    rows,
    (r) => r.machineId,
    (r) => r.purchaseDate,
  );
  return asFake<PurchasesRepository>({
    ...common,
    create: (fields) => ({ ...fields }) as PurchaseEntity,
    page: async (userId, skip, take) => [copyRows(mine(userId).slice(skip, skip + take)), mine(userId).length],
    deleteOwned: async (_tx, userId, id) => {
      const row = t.find(userId, id);
      db.tables.purchases = rows().filter((r) => r !== row);
      return copyRows(row ?? null);
    },
    delete: async (_tx, userId, id) => {
      db.tables.purchases = rows().filter((r) => !(r.userId === userId && r.id === id));
    },
    countOfMachine: async (userId, machineId) => mine(userId, machineId).length,
    deleteOfMachine: async (_tx, userId, machineId) => {
      const gone = mine(userId, machineId);
      db.tables.purchases = rows().filter((r) => !gone.includes(r));
      return { deleted: gone.length, ledgers: gone.map((p) => ({ received: p.stockReceived, stockPartId: p.stockPartId, stockAdded: p.stockAdded })) };
    },
    unlinkPart: async (_tx, userId, partId) => {
      for (const p of rows().filter((r) => r.userId === userId)) {
        if (p.partId === partId) {
          p.partId = null;
        }
        if (p.stockPartId === partId) {
          p.stockPartId = null;
          p.stockAdded = 0;
        }
      }
    },
    unlinkStore: async (_tx, userId, storeId) => {
      for (const p of rows().filter((r) => r.userId === userId && r.storeId === storeId)) {
        p.storeId = null;
      }
    },
    exportPage: (afterId, limit, userId) => t.after((r) => userId === undefined || r.userId === userId, afterId, limit),
  });
};

/** What a LIKE pattern of likePattern() matches, as a plain substring. */
const substring = (pattern: string) => pattern.slice(1, -1).replace(/\\(.)/g, '$1');
const byName = <E extends { id: number; name: string }>(a: E, b: E) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.id - b.id;

export const fakeParts = (db: FakeDatabase): PartsRepository => {
  const rows = () => db.tables.parts;
  const t = table(rows, db);
  const mine = (userId: number, stock?: string) => rows().filter((p) => p.userId === userId && (!stock || stockStatus(p.quantity, p.minStock) === stock));
  return asFake<PartsRepository>({
    create: (fields) => ({ ...fields }) as PartEntity,
    byId: (userId, id) => t.byId(userId, id),
    byIdempotencyKey: (_tx, userId, key) => t.byKey(userId, key),
    byIds: async (_tx, userId, ids) => copyRows(rows().filter((p) => p.userId === userId && ids.includes(p.id))),
    after: (userId, afterId, take) => t.after((r) => r.userId === userId, afterId, take),
    exists: async (_tx, userId, id) => !!t.find(userId, id),
    page: async (userId, q) => {
      const found = mine(userId, q.stock)
        .filter((p) => !q.pattern || [p.name, p.partNumber, p.description ?? ''].some((f) => f.toLowerCase().includes(substring(q.pattern!))))
        .sort(byName);
      return [copyRows(found.slice(q.skip, q.skip + q.take)), found.length];
    },
    count: async (userId, stock) => mine(userId, stock).length,
    countOfSupplier: async (_tx, userId, supplierId) => mine(userId).filter((p) => p.supplierId === supplierId).length,
    save: async (_tx, row) => t.save(row),
    delete: async (_tx, userId, id) => {
      const row = t.find(userId, id);
      db.tables.parts = rows().filter((p) => p !== row);
      return !!row;
    },
    deleteImportedUnused: async (_tx, userId, importId) => {
      const named = new Set(db.tables.purchases.filter((b) => b.userId === userId).flatMap((b) => [b.partId, b.stockPartId]));
      const gone = mine(userId).filter((p) => p.importId === importId && !named.has(p.id));
      db.tables.parts = rows().filter((p) => !gone.includes(p));
      return gone.length;
    },
    adjustStock: async (_tx, userId, adjustments) => {
      for (const { partId, delta } of adjustments) {
        const part = t.find(userId, partId);
        if (part) {
          part.quantity = Math.max(0, part.quantity + delta);
        }
      }
    },
  });
};

export const fakeSuppliers = (db: FakeDatabase): SuppliersRepository => {
  const rows = () => db.tables.suppliers;
  const t = table(rows, db);
  const mine = (userId: number) => rows().filter((s) => s.userId === userId);
  return asFake<SuppliersRepository>({
    create: (fields) => ({ ...fields }) as SupplierEntity,
    byId: (userId, id) => t.byId(userId, id),
    byIdempotencyKey: (_tx, userId, key) => t.byKey(userId, key),
    byIds: async (ids) => copyRows(rows().filter((s) => ids.includes(s.id))),
    after: (userId, afterId, take) => t.after((r) => r.userId === userId, afterId, take),
    exists: async (_tx, userId, id) => !!t.find(userId, id),
    count: async (userId) => mine(userId).length,
    page: async (userId, q) => {
      const found = mine(userId)
        .filter((s) => !q.pattern || [s.name, s.contact, s.email, s.address ?? ''].some((f) => f.toLowerCase().includes(substring(q.pattern!))))
        .sort(byName);
      return [copyRows(found.slice(q.skip, q.skip + q.take)), found.length];
    },
    byName: async (userId, take) => copyRows([...mine(userId)].sort(byName).slice(0, take)),
    save: async (_tx, row) => t.save(row),
    delete: async (_tx, userId, id) => {
      db.tables.suppliers = rows().filter((s) => !(s.userId === userId && s.id === id));
    },
    deleteImportedUnused: async (_tx, userId, importId) => {
      const named = new Set([
        ...db.tables.parts.filter((p) => p.userId === userId).map((p) => p.supplierId),
        ...db.tables.purchases.filter((b) => b.userId === userId).map((b) => b.storeId),
      ]);
      const gone = mine(userId).filter((s) => s.importId === importId && !named.has(s.id));
      db.tables.suppliers = rows().filter((s) => !gone.includes(s));
      return gone.length;
    },
  });
};

export const fakeKnownMachines = (db: FakeDatabase): KnownMachinesRepository => {
  const find = (machineId: number) => db.tables.machines.find((m) => m.machineId === machineId);
  return asFake<KnownMachinesRepository>({
    byId: async (machineId) => copyRows(find(machineId) ?? null),
    remember: async (machineId, userId, at) => {
      if (!find(machineId)) {
        db.tables.machines.push({ machineId, userId, deleted: false, updatedAt: at });
      }
    },
    markDeleted: async (userId, machineId) => {
      const known = find(machineId);
      if (known) {
        known.deleted = true;
      } else {
        db.tables.machines.push({ machineId, userId, deleted: true, updatedAt: new Date() });
      }
    },
  });
};

/** The projection over the fake table; machine-service, asked for a machine it does not know, answers 404. */
export const fakeProjection = (db: FakeDatabase): MachineProjection =>
  new MachineProjection(fakeKnownMachines(db), {
    send: async () => {
      throw new RpcCallError(ErrorCode.NotFound, 'Machine not found');
    },
  } as unknown as RpcClient);

export const fakeStockEvents = (db: FakeDatabase): StockEvents => new StockEvents(fakeParts(db), fakeOutbox(db));

export const alice: Actor = { userId: 1, adminLevel: 0 };
export const bob: Actor = { userId: 2, adminLevel: 0 };

/** A supplier of the user, stored. */
export function aSupplier(db: FakeDatabase, user: Actor, fields: Partial<SupplierEntity> = {}): SupplierEntity {
  const row: SupplierEntity = {
    id: db.nextId(),
    userId: user.userId,
    name: 'Heartland Hydraulics',
    contact: 'Marcus Reed',
    email: 'marcus@example.com',
    phone: '555-0100',
    address: null,
    idempotencyKey: null,
    importId: null,
    importRow: null,
    ...fields,
  };
  db.tables.suppliers.push(row);
  return copyRows(row);
}

/** A part of the user (with a supplier of theirs unless one is given), stored. */
export function aPart(db: FakeDatabase, user: Actor, fields: Partial<PartEntity> = {}): PartEntity {
  const row: PartEntity = {
    id: db.nextId(),
    userId: user.userId,
    partNumber: 'SK-2291',
    name: 'Seal kit',
    description: null,
    category: 'Hydraulic',
    quantity: 2,
    minStock: 1,
    priceCents: 8900,
    supplierId: fields.supplierId ?? aSupplier(db, user).id,
    brand: null,
    idempotencyKey: null,
    importId: null,
    importRow: null,
    ...fields,
  };
  db.tables.parts.push(row);
  return copyRows(row);
}

/** A part's stock as stored. */
export const stockOf = (db: FakeDatabase, partId: number): number | undefined => db.tables.parts.find((p) => p.id === partId)?.quantity;
