// In-memory fakes of fuel-purchase-service's repositories, for the services' unit tests
// (*.service.spec.ts), as user-service's (and immich's) services are tested. They keep rows the way
// the tables do: reads answer copies, so a service's change reaches the store only through a
// repository, a transaction that throws leaves the store as it was, and the unique
// (account, idempotency key) indexes refuse a second row.
import { FakeStore, asFake, copyRows } from '@wrenchlog/testing/fakes';
import { ErrorCode, type Actor } from '@wrenchlog/contracts';
import { RpcCallError, type Outbox, type RpcClient } from '@wrenchlog/platform';
import { inScope } from '../src/common/access.js';
import type { Tx, AccountTransactions } from '../src/common/transactions.js';
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
  /** Machine assignments of members, by `account:user` (absent: all machines). */
  assignments: Map<string, ReadonlySet<number>>;
  events: SentEvent[];
  nextId: number;
}

/** The fakes' one store (FakeStore: transactions take turns and roll back when their work throws). */
export class FakeDatabase extends FakeStore<Tables> {
  constructor() {
    super({ fuel: [], purchases: [], parts: [], suppliers: [], machines: [], assignments: new Map(), events: [], nextId: 1 });
  }

  /** The events of one pattern, in order. */
  sent(pattern: string): Record<string, unknown>[] {
    return this.tables.events.filter((e) => e.pattern === pattern).map((e) => e.payload);
  }

  /** A machine the projection knows as the user's account's. */
  ownMachine(user: Actor, machineId: number): void {
    this.tables.machines.push({ machineId, accountId: user.accountId, deleted: false, updatedAt: new Date(0) });
  }

  /** The member is assigned to these machines only. */
  assign(member: Actor, ...machineIds: number[]): void {
    this.tables.assignments.set(`${member.accountId}:${member.userId}`, new Set(machineIds));
  }
}

/** The handle fake repositories get: they keep no per-transaction state. */
export const FAKE_TX = {} as Tx;

export const fakeTransactions = (db: FakeDatabase): AccountTransactions =>
  asFake<AccountTransactions>({ run: (_userId, work) => db.transaction(() => work(FAKE_TX)) });

/** The outbox: an event is kept with the transaction's other writes (and rolled back with them). */
export const fakeOutbox = (db: FakeDatabase): Outbox =>
  ({
    enqueue: async (_tx: Tx, pattern: string, payload: unknown) => {
      db.tables.events.push({ pattern, payload: copyRows(payload) as Record<string, unknown> });
    },
  }) as unknown as Outbox;

/** Rows with an id, scoped to an account, and who added them. */
interface Row {
  id: number;
  accountId: number;
  createdBy?: number | null;
}

/** The reads and writes every table has: by id, by idempotency key, insert and save (unique key), pages after an id. */
function table<E extends Row & { idempotencyKey?: string | null }>(rows: () => E[], db: FakeDatabase) {
  const find = (accountId: number, id: number) => rows().find((r) => r.id === id && r.accountId === accountId);
  const addNew = (row: E) => {
    if (row.idempotencyKey && rows().some((r) => r.accountId === row.accountId && r.idempotencyKey === row.idempotencyKey)) {
      throw new Error('UNIQUE constraint failed: idempotency_key');
    }
    row.id = db.nextId();
    rows().push(copyRows(row));
  };
  return {
    find,
    byId: async (accountId: number, id: number) => copyRows(find(accountId, id) ?? null),
    byKey: async (accountId: number, key: string) => copyRows(rows().find((r) => r.accountId === accountId && r.idempotencyKey === key) ?? null),
    insert: addNew,
    save: (row: E): E => {
      const stored = row.id ? find(row.accountId, row.id) : undefined;
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
 * A dated table (fuel records, purchases): `mine`, an account's rows (of a machine) newest first, and
 * `common`, the methods both repositories have alike (by id and key, by day, a machine's newest and
 * pages, insert and save).
 */
function dated<E extends Row & { idempotencyKey?: string | null }>(
  t: ReturnType<typeof table<E>>,
  rows: () => E[],
  machineOf: (r: E) => number | null,
  dateOf: (r: E) => Date,
) {
  const mine = (accountId: number, machineId?: number, createdBy: number | null = null) =>
    rows()
      .filter((r) => r.accountId === accountId && (machineId === undefined || machineOf(r) === machineId) && (createdBy === null || r.createdBy === createdBy))
      .sort(newestFirst(dateOf));
  return {
    mine,
    common: {
      byId: (accountId: number, id: number) => t.byId(accountId, id),
      byIdempotencyKey: (accountId: number, key: string) => t.byKey(accountId, key),
      insert: async (_tx: Tx, row: E) => t.insert(row),
      save: async (_tx: Tx, row: E) => t.save(row),
      onDays: async (accountId: number, machineIds: number[], from: Date, until: Date) =>
        copyRows(
          rows().filter(
            (r) => r.accountId === accountId && machineIds.includes(machineOf(r) ?? 0) && new Date(dateOf(r)) >= from && new Date(dateOf(r)) < until,
          ),
        ),
      /** Removes the account's row: whether it was there. */
      remove: (accountId: number, id: number) => {
        const at = rows().findIndex((r) => r.accountId === accountId && r.id === id);
        return at >= 0 && rows().splice(at, 1).length === 1;
      },
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
  const { remove, ...reads } = common;
  return asFake<FuelRecordsRepository>({
    ...reads,
    delete: async (accountId, id) => remove(accountId, id),
    create: (fields) => ({ ...fields }) as FuelRecordEntity,
    fillsAround: async (accountId, machineIds, since, until) =>
      machineIds.flatMap((machineId) => {
        const fills = rows().filter((r) => r.accountId === accountId && r.machineId === machineId);
        const starts = fills.filter((r) => r.fullTank && r.dateOfPurchase < since).map((r) => r.dateOfPurchase.getTime());
        const from = starts.length ? Math.max(...starts) : 0;
        return copyRows(
          fills
            .filter((r) => r.dateOfPurchase < until && r.dateOfPurchase.getTime() >= from)
            .sort((a, b) => a.dateOfPurchase.getTime() - b.dateOfPurchase.getTime() || a.id - b.id),
        );
      }),
    newestOfMachine: async (scope, machineId, take) => copyRows(mine(scope.accountId, machineId, scope.createdBy).slice(0, take)),
    pageOfMachine: async (scope, machineId, skip, take) => [
      copyRows(mine(scope.accountId, machineId, scope.createdBy).slice(skip, skip + take)),
      mine(scope.accountId, machineId, scope.createdBy).length,
    ],
    countOfMachine: async (scope, machineId) => mine(scope.accountId, machineId, scope.createdBy).length,
    deleteOfMachine: async (_tx, accountId, machineId) => {
      const before = rows().length;
      db.tables.fuel = rows().filter((r) => !(r.accountId === accountId && r.machineId === machineId));
      return before - rows().length;
    },
    exportPage: (afterId, limit, accountId) => t.after((r) => accountId === undefined || r.accountId === accountId, afterId, limit),
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
  const { remove, ...reads } = common;
  return asFake<PurchasesRepository>({
    ...reads,
    delete: async (_tx, accountId, id) => remove(accountId, id),
    create: (fields) => ({ ...fields }) as PurchaseEntity,
    page: async (scope, skip, take) => {
      const seen = mine(scope.accountId, undefined, scope.createdBy).filter((r) => inScope(scope, r));
      return [copyRows(seen.slice(skip, skip + take)), seen.length];
    },
    newestOfMachine: async (accountId, machineId, take) => copyRows(mine(accountId, machineId).slice(0, take)),
    pageOfMachine: async (accountId, machineId, skip, take) => [
      copyRows(mine(accountId, machineId).slice(skip, skip + take)),
      mine(accountId, machineId).length,
    ],
    countOfMachine: async (accountId, machineId) => mine(accountId, machineId).length,
    deleteOfMachine: async (_tx, accountId, machineId) => {
      const gone = mine(accountId, machineId);
      db.tables.purchases = rows().filter((r) => !gone.includes(r));
      return { deleted: gone.length, ledgers: gone.map((p) => ({ received: p.stockReceived, stockPartId: p.stockPartId, stockAdded: p.stockAdded })) };
    },
    unlinkPart: async (_tx, accountId, partId) => {
      for (const p of rows().filter((r) => r.accountId === accountId)) {
        if (p.partId === partId) {
          p.partId = null;
        }
        if (p.stockPartId === partId) {
          p.stockPartId = null;
          p.stockAdded = 0;
        }
      }
    },
    unlinkStore: async (_tx, accountId, storeId) => {
      for (const p of rows().filter((r) => r.accountId === accountId && r.storeId === storeId)) {
        p.storeId = null;
      }
    },
    exportPage: (afterId, limit, accountId) => t.after((r) => accountId === undefined || r.accountId === accountId, afterId, limit),
  });
};

/** What a LIKE pattern of likePattern() matches, as a plain substring. */
const substring = (pattern: string) => pattern.slice(1, -1).replace(/\\(.)/g, '$1');
const byName = <E extends { id: number; name: string }>(a: E, b: E) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.id - b.id;

export const fakeParts = (db: FakeDatabase): PartsRepository => {
  const rows = () => db.tables.parts;
  const t = table(rows, db);
  const mine = (accountId: number, stock?: string) =>
    rows().filter((p) => p.accountId === accountId && (!stock || stockStatus(p.quantity, p.minStock) === stock));
  return asFake<PartsRepository>({
    create: (fields) => ({ ...fields }) as PartEntity,
    byId: (accountId, id) => t.byId(accountId, id),
    byIdempotencyKey: (_tx, accountId, key) => t.byKey(accountId, key),
    byIds: async (_tx, accountId, ids) => copyRows(rows().filter((p) => p.accountId === accountId && ids.includes(p.id))),
    after: (accountId, afterId, take) => t.after((r) => r.accountId === accountId, afterId, take),
    exists: async (_tx, accountId, id) => !!t.find(accountId, id),
    page: async (accountId, q) => {
      const found = mine(accountId, q.stock)
        .filter((p) => !q.pattern || [p.name, p.partNumber, p.description ?? ''].some((f) => f.toLowerCase().includes(substring(q.pattern!))))
        .sort(byName);
      return [copyRows(found.slice(q.skip, q.skip + q.take)), found.length];
    },
    count: async (accountId, stock) => mine(accountId, stock).length,
    countOfSupplier: async (_tx, accountId, supplierId) => mine(accountId).filter((p) => p.supplierId === supplierId).length,
    save: async (_tx, row) => t.save(row),
    delete: async (_tx, accountId, id) => {
      const row = t.find(accountId, id);
      db.tables.parts = rows().filter((p) => p !== row);
      return !!row;
    },
    deleteImportedUnused: async (_tx, accountId, importId) => {
      const named = new Set(db.tables.purchases.filter((b) => b.accountId === accountId).flatMap((b) => [b.partId, b.stockPartId]));
      const gone = mine(accountId).filter((p) => p.importId === importId && !named.has(p.id));
      db.tables.parts = rows().filter((p) => !gone.includes(p));
      return gone.length;
    },
    recordMovement: async () => undefined,
    orderLabel: async () => null,
    adjustStock: async (_tx, accountId, adjustments) => {
      for (const { partId, delta } of adjustments) {
        const part = t.find(accountId, partId);
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
  const mine = (accountId: number) => rows().filter((s) => s.accountId === accountId);
  return asFake<SuppliersRepository>({
    create: (fields) => ({ ...fields }) as SupplierEntity,
    byId: (accountId, id) => t.byId(accountId, id),
    byIdempotencyKey: (_tx, accountId, key) => t.byKey(accountId, key),
    byIds: async (ids) => copyRows(rows().filter((s) => ids.includes(s.id))),
    after: (accountId, afterId, take) => t.after((r) => r.accountId === accountId, afterId, take),
    exists: async (_tx, accountId, id) => !!t.find(accountId, id),
    count: async (accountId) => mine(accountId).length,
    page: async (accountId, q) => {
      const found = mine(accountId)
        .filter((s) => !q.pattern || [s.name, s.contact, s.email, s.address ?? ''].some((f) => f.toLowerCase().includes(substring(q.pattern!))))
        .sort(byName);
      return [copyRows(found.slice(q.skip, q.skip + q.take)), found.length];
    },
    byName: async (accountId, take) => copyRows([...mine(accountId)].sort(byName).slice(0, take)),
    save: async (_tx, row) => t.save(row),
    delete: async (_tx, accountId, id) => {
      db.tables.suppliers = rows().filter((s) => !(s.accountId === accountId && s.id === id));
    },
    deleteImportedUnused: async (_tx, accountId, importId) => {
      const named = new Set([
        ...db.tables.parts.filter((p) => p.accountId === accountId).map((p) => p.supplierId),
        ...db.tables.purchases.filter((b) => b.accountId === accountId).map((b) => b.storeId),
      ]);
      const gone = mine(accountId).filter((s) => s.importId === importId && !named.has(s.id));
      db.tables.suppliers = rows().filter((s) => !gone.includes(s));
      return gone.length;
    },
  });
};

export const fakeKnownMachines = (db: FakeDatabase): KnownMachinesRepository => {
  const find = (machineId: number) => db.tables.machines.find((m) => m.machineId === machineId);
  return asFake<KnownMachinesRepository>({
    byId: async (machineId) => copyRows(find(machineId) ?? null),
    remember: async (machineId, accountId, at) => {
      if (!find(machineId)) {
        db.tables.machines.push({ machineId, accountId, deleted: false, updatedAt: at });
      }
    },
    markDeleted: async (accountId, machineId) => {
      const known = find(machineId);
      if (known) {
        known.deleted = true;
      } else {
        db.tables.machines.push({ machineId, accountId, deleted: true, updatedAt: new Date() });
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

export const alice: Actor = { userId: 1, adminLevel: 0, accountId: 1, role: 'owner' };
export const bob: Actor = { userId: 2, adminLevel: 0, accountId: 2, role: 'owner' };

/** A supplier of the user's account, added by them, stored. */
export function aSupplier(db: FakeDatabase, user: Actor, fields: Partial<SupplierEntity> = {}): SupplierEntity {
  const row: SupplierEntity = {
    id: db.nextId(),
    accountId: user.accountId,
    createdBy: user.userId,
    updatedBy: null,
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

/** A part of the user's account, added by them (with a supplier of theirs unless one is given), stored. */
export function aPart(db: FakeDatabase, user: Actor, fields: Partial<PartEntity> = {}): PartEntity {
  const row: PartEntity = {
    id: db.nextId(),
    accountId: user.accountId,
    createdBy: user.userId,
    updatedBy: null,
    partNumber: 'SK-2291',
    name: 'Seal kit',
    description: null,
    category: 'Hydraulic',
    quantity: 2,
    reserved: 0,
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
