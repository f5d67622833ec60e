// In-memory fakes of service-record-service's repositories, for the services' unit tests
// (*.service.spec.ts), as immich's services are tested against repository mocks. They keep rows the
// way the tables do: reads answer copies, so a service's change reaches the store only through the
// repository, and a transaction that throws leaves the store (and the outbox) as it was. The
// projection fake answers as PostgreSQL does (it has row locks) and notes every lock taken.
import { FakeStore, asFake, copyRows } from '@wrenchlog/testing/fakes';
import type { Actor, Machine } from '@wrenchlog/contracts';
import { ErrorCode } from '@wrenchlog/contracts';
import type { OwnedImages } from '@wrenchlog/owned-images';
import {
  machinesVisibleTo,
  RpcCallError,
  type CallContext,
  type KnownMachineEntity,
  type MemberDirectory,
  type Outbox,
  type RpcClient,
} from '@wrenchlog/platform';
import { MachineAccess } from '../src/common/machine-access.js';
import type { Transactions, Tx } from '../src/common/transactions.js';
import type { ServiceImageEntity } from '../src/images/service-image.entity.js';
import type { KnownMachinesRepository } from '../src/records/known-machines.repository.js';
import type { NewRecord, RecordsRepository } from '../src/records/records.repository.js';
import { RecordEvents } from '../src/records/record-events.js';
import { RecordMachines } from '../src/records/record-machines.js';
import { RecordsService } from '../src/records/records.service.js';
import type { ServiceRecordEntity } from '../src/records/service-record.entity.js';

/** An event the service wrote to its outbox. */
export interface Enqueued {
  event: string;
  payload: Record<string, unknown>;
}

interface Tables {
  records: ServiceRecordEntity[];
  knownMachines: KnownMachineEntity[];
  /** The image rows, reduced to what a record's delete reads: their record. */
  images: { id: number; accountId: number; recordId: number }[];
  /** The members projection: names and machine assignments (null: all machines). */
  members: { accountId: number; userId: number; name: string; machineIds: number[] | null }[];
  outbox: Enqueued[];
  nextId: number;
}

/** The fakes' one store (FakeStore: transactions take turns and roll back when their work throws). */
export class FakeDatabase extends FakeStore<Tables> {
  /** The projection rows each transaction locked, in order (one list per transaction). */
  locks: number[][] = [];
  constructor() {
    super({ records: [], knownMachines: [], images: [], members: [], outbox: [], nextId: 1 });
  }

  protected override beginTransaction(): void {
    this.locks.push([]);
  }

  lock(machineIds: number[]): void {
    this.locks.at(-1)!.push(...machineIds);
  }
}

export const FAKE_TX = {} as Tx;

export const fakeTransactions = (db: FakeDatabase): Transactions => asFake<Transactions>({ run: (work) => db.transaction(() => work(FAKE_TX)) });

/** The outbox as the services use it: enqueue() beside the change (its row, in the same transaction). */
export const fakeOutbox = (db: FakeDatabase): Outbox =>
  ({
    enqueue: async (_tx: Tx, event: string, payload: unknown) => {
      db.tables.outbox.push(copyRows({ event, payload: payload as Record<string, unknown> }));
    },
  }) as unknown as Outbox;

/** A record's images go with it (the real OwnedImages also tells the image worker); records use only removeOf. */
export const fakeOwnedImages = (db: FakeDatabase): OwnedImages<ServiceImageEntity> => {
  const fake: Pick<OwnedImages<ServiceImageEntity>, 'removeOf'> = {
    removeOf: async (_tx, accountId, column, values) => {
      const before = db.tables.images.length;
      db.tables.images = db.tables.images.filter((i) => !(i.accountId === accountId && values.includes(i[column as 'recordId'])));
      return before - db.tables.images.length;
    },
  };
  return fake as OwnedImages<ServiceImageEntity>;
};

/** The members projection as MemberDirectory answers from it: names (null for someone not heard of) and assignments. */
export const fakeMembers = (db: FakeDatabase): MemberDirectory => {
  const assignment = async (accountId: number, userId: number) => {
    const member = db.tables.members.find((m) => m.accountId === accountId && m.userId === userId);
    return member ? member.machineIds && new Set(member.machineIds) : new Set<number>();
  };
  const fake: Pick<MemberDirectory, 'audit' | 'assignment' | 'visibleMachines'> = {
    audit: async (accountId, rows) => {
      const ref = (id: number | null) => {
        const member = db.tables.members.find((m) => m.accountId === accountId && m.userId === id);
        return id === null ? null : { id, name: member?.name ?? null };
      };
      return rows.map((r) => ({ createdBy: ref(r.createdBy), updatedBy: ref(r.updatedBy) }));
    },
    assignment,
    visibleMachines: (actor) => machinesVisibleTo(actor, assignment),
  };
  return fake as MemberDirectory;
};

/** A member of an account in the projection (machineIds null: all machines). */
export function aMember(db: FakeDatabase, actor: Actor, name: string, machineIds: number[] | null = null): Actor {
  db.tables.members.push({ accountId: actor.accountId, userId: actor.userId, name, machineIds });
  return actor;
}

/** machine-service as machine.machine.get answers: the account's machines by id, 404 otherwise; `down` answers 503. */
export class FakeMachineService {
  machines: { id: number; accountId: number; name: string }[] = [];
  down = false;
  calls = 0;

  client(): RpcClient {
    return {
      send: async (_pattern: string, payload: { id: number }, ctx: CallContext) => {
        this.calls++;
        if (this.down) {
          throw new RpcCallError(ErrorCode.Unavailable, 'machine-service is not answering');
        }
        const machine = this.machines.find((m) => m.id === payload.id && m.accountId === ctx.actor?.accountId);
        if (!machine) {
          throw new RpcCallError(ErrorCode.NotFound, 'Machine not found');
        }
        return { id: machine.id, name: machine.name } as Machine;
      },
    } as unknown as RpcClient;
  }
}

const later = (a: string | null, b: string | null) => (a === null ? b : b === null ? a : a > b ? a : b);

export const fakeRecords = (db: FakeDatabase): RecordsRepository => {
  const rows = () => db.tables.records;
  const mine = (accountId: number) => rows().filter((r) => r.accountId === accountId);
  const byDateDesc = (a: ServiceRecordEntity, b: ServiceRecordEntity) => b.serviceDate.localeCompare(a.serviceDate) || b.id - a.id;
  return asFake<RecordsRepository>({
    owned: async (accountId, id) => copyRows(mine(accountId).find((r) => r.id === id) ?? null),
    byIdempotencyKey: async (accountId, key) => copyRows(mine(accountId).find((r) => r.idempotencyKey === key) ?? null),
    add: async (_tx, fields: NewRecord) => {
      if (fields.idempotencyKey && mine(fields.accountId).some((r) => r.idempotencyKey === fields.idempotencyKey)) {
        throw new Error('UNIQUE constraint failed: service_records.account_id, service_records.idempotency_key');
      }
      const row = { ...copyRows(fields), id: db.nextId() } as ServiceRecordEntity;
      rows().push(row);
      return copyRows(row);
    },
    update: async (_tx, accountId, id, change) => {
      const row = mine(accountId).find((r) => r.id === id);
      if (row) {
        Object.assign(row, copyRows(change));
      }
    },
    remove: async (_tx, accountId, ids) => {
      db.tables.records = rows().filter((r) => !(r.accountId === accountId && ids.includes(r.id)));
    },
    idsOfMachine: async (_tx, accountId, machineId) =>
      mine(accountId)
        .filter((r) => r.machineId === machineId)
        .map((r) => r.id),
    countOfMachine: async (accountId, machineId) => mine(accountId).filter((r) => r.machineId === machineId).length,
    renameMachine: async (_tx, accountId, machineId, machineName, machineKey) => {
      for (const r of mine(accountId).filter((x) => x.machineId === machineId)) {
        Object.assign(r, { machineName, machineKey });
      }
    },
    forWrite: async (_tx, accountId, id) => {
      const row = mine(accountId).find((r) => r.id === id);
      if (!row) {
        return null;
      }
      const others = mine(accountId).filter((r) => r.machineId === row.machineId && r.id !== id);
      return { row: copyRows(row), othersLatest: others.reduce<string | null>((acc, r) => later(acc, r.serviceDate), null) };
    },
    latestOfMachine: async (_tx, accountId, machineId) =>
      mine(accountId)
        .filter((r) => r.machineId === machineId)
        .sort(byDateDesc)[0]?.serviceDate ?? null,
    newestOfMachine: async (accountId, machineId, limit) =>
      mine(accountId)
        .filter((r) => r.machineId === machineId)
        .sort(byDateDesc)
        .slice(0, limit)
        .map(copyRows),
    pageOfMachine: async (accountId, machineId, page, size) => {
      const all = mine(accountId)
        .filter((r) => r.machineId === machineId)
        .sort(byDateDesc);
      return { rows: all.slice(page * size, (page + 1) * size).map(copyRows), total: all.length };
    },
    recent: async (accountId, filter, _sort, page, size) => {
      const all = mine(accountId)
        .filter((r) => filter.statusKey === undefined || r.statusKey === filter.statusKey)
        .filter((r) => filter.machineIds === undefined || filter.machineIds.includes(r.machineId))
        .sort(byDateDesc);
      return { rows: all.slice(page * size, (page + 1) * size).map(copyRows), total: all.length };
    },
    create: (fields) => ({ ...fields }) as ServiceRecordEntity,
    importBatch: async () => {
      throw new Error('not faked: imports are covered by test/imports.int-spec.ts');
    },
    onDays: async (accountId, machineIds, days) =>
      copyRows(rows().filter((r) => r.accountId === accountId && machineIds.includes(r.machineId) && days.includes(r.serviceDate))),
    revertImport: async () => {
      throw new Error('not faked: imports are covered by test/imports.int-spec.ts');
    },
    exportPage: async (afterId, limit) =>
      rows()
        .filter((r) => r.id > afterId)
        .slice(0, limit)
        .map(copyRows),
    accountPage: async (accountId, afterId, limit) =>
      mine(accountId)
        .filter((r) => r.id > afterId)
        .slice(0, limit)
        .map(copyRows),
  });
};

/** The projection, answering as PostgreSQL does: every row read for a write is locked (noted in db.locks). */
export const fakeKnownMachines = (db: FakeDatabase): KnownMachinesRepository => {
  const rows = () => db.tables.knownMachines;
  return asFake<KnownMachinesRepository>({
    locked: async (_tx, machineId) => {
      const row = rows().find((m) => m.machineId === machineId);
      if (row) {
        db.lock([machineId]);
      }
      return copyRows(row ?? null);
    },
    lockOfRecord: async (_tx, accountId, recordId, movingTo) => {
      const record = db.tables.records.find((r) => r.id === recordId && r.accountId === accountId);
      const wanted = [record?.machineId, movingTo].filter((id): id is number => typeof id === 'number');
      const held = rows()
        .map((m) => m.machineId)
        .filter((id) => wanted.includes(id))
        .sort((a, b) => a - b);
      db.lock(held);
      return new Set(held);
    },
    addIfAbsent: async (_tx, row) => {
      if (!rows().some((m) => m.machineId === row.machineId)) {
        rows().push({ ...copyRows(row), deleted: false });
      }
    },
    rename: async (_tx, machineId, name, at) => {
      const row = rows().find((m) => m.machineId === machineId && !m.deleted && m.updatedAt <= at);
      if (row) {
        Object.assign(row, { name, updatedAt: at });
      }
      return Boolean(row);
    },
    tombstone: async (_tx, machineId, accountId, at) => {
      const row = rows().find((m) => m.machineId === machineId);
      if (row) {
        Object.assign(row, { deleted: true, updatedAt: at });
      } else {
        rows().push({ machineId, accountId, name: '', deleted: true, updatedAt: at });
      }
    },
  });
};

/** A machine this service has heard of through machine.machine.saved. */
export function aKnownMachine(db: FakeDatabase, row: { machineId: number; accountId: number; name: string; deleted?: boolean }): KnownMachineEntity {
  const known = { deleted: false, updatedAt: new Date('2030-01-01T00:00:00Z'), ...row };
  db.tables.knownMachines.push(known);
  return known;
}

/** The owner of their own account (before accounts could be made, an account had its owner's id). */
export const anOwner = (userId: number): Actor => ({ userId, adminLevel: 0, accountId: userId, role: 'owner' });

/** RecordsService over the fakes, asking `machineService` for machines it has not heard of; `outbox` replaces the fake one (one that fails, say). */
export function recordsServiceOver(db: FakeDatabase, machineService = new FakeMachineService(), outbox: Outbox = fakeOutbox(db)): RecordsService {
  const [records, known, members] = [fakeRecords(db), fakeKnownMachines(db), fakeMembers(db)];
  return new RecordsService(
    records,
    known,
    new RecordMachines(known, machineService.client()),
    new RecordEvents(records, outbox),
    fakeTransactions(db),
    fakeOwnedImages(db),
    new MachineAccess(members),
    members,
  );
}
