// In-memory fakes of machine-service's repositories, for the services' unit tests (*.service.spec.ts),
// as immich's services are tested against repository mocks. They keep rows the way the tables do:
// reads answer copies, so a service's change reaches the store only through the repository, and a
// transaction that throws leaves the store (and the outbox) as it was.
import { FakeStore, asFake, copyRows } from '@wrenchlog/testing/fakes';
import type { Actor, ImportApplyResult } from '@wrenchlog/contracts';
import { machinesVisibleTo, type CallContext, type ImportRowOutcome, type MemberDirectory, type Outbox } from '@wrenchlog/platform';
import { MachineAccess } from '../src/machines/machine-access.js';
import type { Transactions, Tx } from '../src/common/transactions.js';
import type { MachineEntity } from '../src/machines/machine.entity.js';
import type { MachinesRepository, NewMachine } from '../src/machines/machines.repository.js';
import type { MachinePhotoEntity } from '../src/photos/machine-photo.entity.js';

/** An event the service wrote to its outbox. */
export interface Enqueued {
  event: string;
  payload: Record<string, unknown>;
  ctx: CallContext;
}

interface Tables {
  machines: MachineEntity[];
  photos: MachinePhotoEntity[];
  outbox: Enqueued[];
  nextId: number;
}

/** The fakes' one store (FakeStore: transactions take turns and roll back when their work throws). */
export class FakeDatabase extends FakeStore<Tables> {
  constructor() {
    super({ machines: [], photos: [], outbox: [], nextId: 1 });
  }
}

export const FAKE_TX = {} as Tx;

export const fakeTransactions = (db: FakeDatabase): Transactions => asFake<Transactions>({ run: (work) => db.transaction(() => work(FAKE_TX)) });

/** The outbox as the services use it: enqueue() beside the change (the table's row, in the same transaction). */
export const fakeOutbox = (db: FakeDatabase): Outbox =>
  ({
    enqueue: async (_tx: Tx, event: string, payload: unknown, ctx: CallContext) => {
      db.tables.outbox.push(copyRows({ event, payload: payload as Record<string, unknown>, ctx }));
    },
  }) as unknown as Outbox;

export const fakeMachines = (db: FakeDatabase): MachinesRepository => {
  const rows = () => db.tables.machines;
  const find = (accountId: number, id: number) => rows().find((m) => m.id === id && m.accountId === accountId);
  const listed = (m: MachineEntity) => ({
    id: m.id,
    name: m.name,
    type: m.type,
    status: m.status,
    lastUpdated: m.lastUpdated,
    lastServicedDate: m.lastServicedDate,
    createdBy: m.createdBy,
    updatedBy: m.updatedBy,
  });
  const add = async (_tx: Tx, fields: NewMachine) => {
    if (fields.idempotencyKey && rows().some((m) => m.accountId === fields.accountId && m.idempotencyKey === fields.idempotencyKey)) {
      throw new Error('UNIQUE constraint failed: machines.account_id, machines.idempotency_key');
    }
    const machine = { ...copyRows(fields), id: db.nextId() } as MachineEntity;
    rows().push(machine);
    return copyRows(machine);
  };
  return asFake<MachinesRepository>({
    byIdentifiers: async (accountId, keys, visible, serials = []) =>
      rows()
        .filter(
          (m) =>
            m.accountId === accountId &&
            ((!!m.vin && keys.includes(m.vin.trim().toUpperCase())) || (!!m.serialNumber && serials.includes(m.serialNumber.trim().toUpperCase()))) &&
            (visible === null || visible.has(m.id)),
        )
        .map((m) => ({ id: m.id, vin: m.vin, serialNumber: m.serialNumber ?? null })),
    byName: async (accountId, archived, visible = null) =>
      rows()
        .filter((m) => m.accountId === accountId && m.archived === archived && (visible === null || visible.has(m.id)))
        .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id)
        .map(listed),
    recentlyServiced: async (accountId, visible = null) =>
      rows()
        .filter((m) => m.accountId === accountId && !m.archived && (visible === null || visible.has(m.id)))
        .sort((a, b) => (b.lastServicedDate ?? '').localeCompare(a.lastServicedDate ?? '') || b.lastUpdated.getTime() - a.lastUpdated.getTime())
        .map(listed),
    owned: async (accountId, id) => copyRows(find(accountId, id) ?? null),
    byIdempotencyKey: async (accountId, key) => copyRows(rows().find((m) => m.accountId === accountId && m.idempotencyKey === key) ?? null),
    lockOwned: async (_tx, accountId, id, at, updatedBy) => {
      const machine = find(accountId, id);
      if (machine) {
        machine.lastUpdated = at;
        machine.updatedBy = updatedBy;
      }
      return copyRows(machine ?? null);
    },
    add,
    save: async (_tx, machine) => {
      const i = rows().findIndex((m) => m.id === machine.id);
      rows()[i] = copyRows(machine);
    },
    setProfilePhoto: async (_tx, accountId, id, photoId) => {
      const machine = find(accountId, id);
      if (machine) {
        machine.profilePhotoId = photoId;
      }
    },
    clearProfilePhoto: async (_tx, accountId, id, photoId) => {
      const machine = find(accountId, id);
      if (machine?.profilePhotoId === photoId) {
        machine.profilePhotoId = null;
      }
    },
    remove: async (_tx, accountId, id) => {
      db.tables.photos = db.tables.photos.filter((p) => !(p.machineId === id && p.accountId === accountId));
      db.tables.machines = rows().filter((m) => !(m.id === id && m.accountId === accountId));
    },
    create: (fields) => ({ ...fields }) as MachineEntity,
    // As applyImportBatch: rows written before answer their ids again; the rest are prepared, added, then announced together.
    importBatch: async (tx, request, prepare, written) => {
      const result: ImportApplyResult = { written: [], failed: [] };
      const fresh: MachineEntity[] = [];
      for (const row of request.rows) {
        const done = rows().find((m) => m.importId === request.importId && m.importRow === row.rowNumber);
        const outcome: ImportRowOutcome<MachineEntity> | { id: number } = done ? { id: done.id } : await prepare(row);
        if ('id' in outcome) {
          result.written.push({ rowNumber: row.rowNumber, id: outcome.id });
        } else if ('record' in outcome) {
          const stored = await add(tx, outcome.record as NewMachine);
          fresh.push(stored);
          result.written.push({ rowNumber: row.rowNumber, id: stored.id });
        } else {
          result.failed.push({ rowNumber: row.rowNumber, message: outcome.failed });
        }
      }
      if (fresh.length > 0) {
        await written(fresh);
      }
      return result;
    },
    createdForNames: async (_tx, accountId, importId, names) =>
      rows()
        .filter((m) => m.accountId === accountId && m.importId === importId && m.importRow === null && names.includes(m.name))
        .map((m) => ({ id: m.id, name: m.name })),
    ofImport: async (_tx, accountId, importId, ids) =>
      rows()
        .filter((m) => m.accountId === accountId && m.importId === importId && ids.includes(m.id))
        .map((m) => m.id),
    allOfImport: async (_tx, accountId, importId) =>
      rows()
        .filter((m) => m.accountId === accountId && m.importId === importId)
        .map((m) => ({ id: m.id, name: m.name })),
    applyServiceState: async (s) => {
      const machine = find(s.accountId, s.machineId);
      if (machine && (machine.serviceStateAt === null || machine.serviceStateAt <= s.at)) {
        Object.assign(machine, {
          serviceStateAt: s.at,
          lastServicedDate: s.latestServiceDate,
          lastUpdated: machine.lastUpdated < s.at ? s.at : machine.lastUpdated,
        });
      }
    },
    applyMeters: async (s) => {
      const machine = find(s.accountId, s.machineId);
      if (machine && (machine.metersAt === null || machine.metersAt <= s.at)) {
        Object.assign(machine, { metersAt: s.at }, s.miles === undefined ? {} : { miles: s.miles }, s.hours === undefined ? {} : { hours: s.hours });
      }
    },
    exportPage: async (afterId, limit) =>
      rows()
        .filter((m) => m.id > afterId)
        .slice(0, limit)
        .map(copyRows),
    accountPage: async (accountId, afterId, limit) =>
      rows()
        .filter((m) => m.accountId === accountId && m.id > afterId)
        .slice(0, limit)
        .map(copyRows),
    photosOf: async (accountId, machineIds) => db.tables.photos.filter((p) => p.accountId === accountId && machineIds.includes(p.machineId)).map(copyRows),
  });
};

/** The owner of their own account (whose id is theirs, as for every account made before accounts). */
export const anOwner = (userId: number): Actor => ({ userId, adminLevel: 0, accountId: userId, role: 'owner' });

/**
 * The account members' projection (MemberDirectory) over a list the test fills: names for
 * createdBy / updatedBy, and assignments (machineIds null: every machine).
 */
export const fakeMembers = (members: { accountId: number; userId: number; name: string; machineIds?: number[] | null }[] = []): MemberDirectory => {
  const find = (accountId: number, userId: number | null) => members.find((m) => m.accountId === accountId && m.userId === userId);
  const ref = (accountId: number, id: number | null) => (id === null ? null : { id, name: find(accountId, id)?.name ?? null });
  // Only what the services call; the rest throws if a change starts to need it.
  const unused = async () => {
    throw new Error('not faked');
  };
  const assignment = async (accountId: number, userId: number) => {
    const ids = find(accountId, userId)?.machineIds;
    return ids ? new Set(ids) : null;
  };
  return asFake<MemberDirectory>({
    onSaved: unused,
    member: unused,
    memberships: unused,
    refs: unused,
    withAudit: unused,
    audit: async (accountId, rows) => rows.map((r) => ({ createdBy: ref(accountId, r.createdBy), updatedBy: ref(accountId, r.updatedBy) })),
    assignment,
    visibleMachines: (actor) => machinesVisibleTo(actor, assignment),
  });
};

export const fakeAccess = (members: MemberDirectory): MachineAccess => new MachineAccess(members);
