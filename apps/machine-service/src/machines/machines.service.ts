import { Injectable } from '@nestjs/common';
import {
  checkImportRecord,
  CreateMachineRequest as CreateMachineDto,
  MACHINE_DELETED,
  MACHINE_SAVED,
  type Actor,
  type CreateMachineRequest,
  type DeletedReply,
  eventAccountId,
  type ImportApplyRequest,
  type ImportApplyResult,
  type ImportCreateMachinesRequest,
  type ImportCreateMachinesResult,
  type MachineView,
  type MachineDeletedEvent,
  type MachineImportRevertRequest,
  type MachineImportRevertResult,
  type MachineListRequest,
  type MachineListView,
  machineIdentifierKey,
  type MachineResolveReply,
  type MachineResolveRequest,
  type MachineSavedEvent,
  type MetersChangedEvent,
  type ServiceRecordChangedEvent,
  type UpdateMachineRequest,
} from '@wrenchlog/contracts';
import { badRequest, createOnce, MemberDirectory, Outbox, type CallContext } from '@wrenchlog/platform';
import { Transactions, type Tx } from '../common/transactions.js';
import { MachineAccess } from './machine-access.js';
import { applyMachineChanges, machineId, maySee, newMachine, ownedOr404, toListItem, toMachine } from './machine-rules.js';
import type { MachineEntity } from './machine.entity.js';
import { MachinesRepository, type MachineListRow } from './machines.repository.js';

/** Year, make and model of a machine created for a name a records file gave (issue 23). */
export const IMPORTED_MACHINE_DEFAULTS = () => ({ year: new Date().getUTCFullYear(), make: 'Unknown', model: 'Unknown' });

@Injectable()
export class MachinesService {
  constructor(
    private readonly machines: MachinesRepository,
    private readonly transactions: Transactions,
    private readonly outbox: Outbox,
    private readonly access: MachineAccess,
    private readonly members: MemberDirectory,
  ) {}

  /**
   * The active machines by name (the spec's list), or with `archived: true` the archived ones; at
   * most MACHINE_LIST_MAX. A mechanic or operator sees only the machines assigned to them.
   */
  async list(actor: Actor, request?: MachineListRequest): Promise<MachineListView[]> {
    return this.listed(actor, await this.machines.byName(actor.accountId, request?.archived === true, await this.access.visible(actor)));
  }

  /** Newest service first; machines never serviced after them, most recently updated first. Archived machines are left out. At most MACHINE_LIST_MAX. */
  async recentlyServiced(actor: Actor): Promise<MachineListView[]> {
    return this.listed(actor, await this.machines.recentlyServiced(actor.accountId, await this.access.visible(actor)));
  }

  /** A machine of the caller's account; 404 also for one an assigned member is not assigned to. */
  async get(actor: Actor, id: unknown): Promise<MachineView> {
    const target = machineId(id);
    return this.view(actor, ownedOr404(await this.machines.owned(actor.accountId, target), await this.access.visible(actor)));
  }

  /**
   * The caller's machines whose VIN is one of these VINs or whose serial number is one of these
   * serial numbers (a meter batch, issue 33): one query for the whole batch; an assigned member's
   * assigned machines only.
   */
  async resolve(actor: Actor, request: MachineResolveRequest): Promise<MachineResolveReply> {
    const keysOf = (values: unknown) =>
      [...new Set((Array.isArray(values) ? values : []).filter((v): v is string => typeof v === 'string').map(machineIdentifierKey))].filter(Boolean);
    const rows = await this.machines.byIdentifiers(
      actor.accountId,
      keysOf(request?.identifiers),
      await this.access.visible(actor),
      keysOf(request?.serialNumbers),
    );
    return { machines: rows.map((m) => ({ id: m.id, vin: m.vin ?? '', serialNumber: m.serialNumber ?? '' })) };
  }

  /** Creates a machine; a retried call with the same idempotency key answers the machine made the first time. */
  async create(actor: Actor, request: CreateMachineRequest, ctx: CallContext): Promise<MachineView> {
    const { accountId } = actor;
    const key = ctx.idempotencyKey ?? null;
    const stored = await createOnce(
      () => (key ? this.machines.byIdempotencyKey(accountId, key) : Promise.resolve(null)),
      () =>
        this.transactions.run(async (tx) => {
          const machine = newMachine(actor, request, new Date());
          machine.idempotencyKey = key;
          const added = await this.machines.add(tx, machine);
          await this.saved(tx, added, ctx);
          return added;
        }),
    );
    return this.view(actor, stored);
  }

  /**
   * machine.import.createMachines (issue 23): the machines a records file names that the caller has
   * none of, created with the import's id before its rows are written; a name this import created
   * already answers that machine again (redelivery, resume).
   */
  async importCreateMachines(actor: Actor, request: ImportCreateMachinesRequest, ctx: CallContext): Promise<ImportCreateMachinesResult> {
    const { accountId } = actor;
    const names = [...new Set(request.names.map((n) => String(n).trim()).filter((n) => n.length > 0))];
    return this.transactions.run(async (tx) => {
      const existing = await this.machines.createdForNames(tx, accountId, request.importId, names);
      const byName = new Map(existing.map((m) => [m.name, m.id]));
      for (const name of names) {
        if (byName.has(name)) {
          continue;
        }
        // A file names a machine only: the spec's required year, make and model are stand-ins the user edits later.
        const { value, problem } = checkImportRecord(CreateMachineDto, { name, ...IMPORTED_MACHINE_DEFAULTS() });
        if (!value) {
          throw badRequest(`Machine '${name.slice(0, 100)}': ${problem}`);
        }
        const stored = await this.machines.add(tx, { ...newMachine(actor, value, new Date()), importId: request.importId, importRow: null });
        await this.saved(tx, stored, ctx);
        byName.set(name, stored.id);
      }
      return { machines: names.map((name) => ({ name, id: byName.get(name)! })) };
    });
  }

  /**
   * machine.import.apply: the rows of a machines file, each checked again with CreateMachineRequest,
   * in one transaction with their machine.machine.saved; created by the import's creator (the actor).
   */
  async importApply(actor: Actor, request: ImportApplyRequest, ctx: CallContext): Promise<ImportApplyResult> {
    const result = await this.transactions.run((tx) =>
      this.machines.importBatch(
        tx,
        request,
        async (row) => {
          const { value, problem } = checkImportRecord(CreateMachineDto, row.record);
          if (!value) {
            return { failed: problem };
          }
          return { record: this.machines.create({ ...newMachine(actor, value, new Date()), importId: request.importId, importRow: row.rowNumber }) };
        },
        (machines) => this.outbox.enqueueMany(tx, MACHINE_SAVED, machines.map(savedEvent), ctx),
      ),
    );
    return { ...result, backlog: await this.outbox.backlog() };
  }

  /**
   * machine.import.revert, after the owners removed the import's records: deletes the listed
   * machines of that import (import-service leaves out those that still have records) with their
   * photos and machine.machine.deleted, and answers the import's machines that are left.
   */
  async importRevert(actor: Actor, request: MachineImportRevertRequest, ctx: CallContext): Promise<MachineImportRevertResult> {
    const { accountId } = actor;
    const ids = (request.machineIds ?? []).filter((id) => Number.isSafeInteger(id) && id > 0);
    return this.transactions.run(async (tx) => {
      const doomed = await this.machines.ofImport(tx, accountId, request.importId, ids);
      for (const id of doomed) {
        await this.remove(tx, accountId, id, ctx);
      }
      const kept = await this.machines.allOfImport(tx, accountId, request.importId);
      return { deleted: doomed.length, kept: kept.map((m) => ({ id: m.id, name: m.name })) };
    });
  }

  /** Changes the fields the request has (archiving and restoring are an update of `archived`). */
  async update(actor: Actor, request: UpdateMachineRequest, ctx: CallContext): Promise<MachineView> {
    const id = machineId(request?.id);
    const visible = await this.access.visible(actor);
    const machine = await this.transactions.run(async (tx) => {
      // Locked: a work.machine.outOfService applied meanwhile waits, so the status set here is what it sees.
      const found = ownedOr404(maySee(visible, id) ? await this.machines.lockOwned(tx, actor.accountId, id, new Date(), actor.userId) : null);
      const status = found.status;
      applyMachineChanges(found, request);
      if (found.heldDown && found.status !== status) {
        // Set by hand while Down (issue 35): the machine comes back to this one, not to the status it had before.
        found.statusAfterDown = found.status;
      }
      found.lastUpdated = new Date();
      found.updatedBy = actor.userId;
      await this.machines.save(tx, found);
      await this.saved(tx, found, ctx);
      return found;
    });
    return this.view(actor, machine);
  }

  /** Deletes the machine and its photos; machine.machine.deleted takes its records, fuel, purchases and images too. */
  async delete(actor: Actor, id: unknown, ctx: CallContext): Promise<DeletedReply> {
    const target = machineId(id);
    const visible = await this.access.visible(actor);
    return this.transactions.run(async (tx) => {
      const machine = ownedOr404(await this.machines.owned(actor.accountId, target, tx), visible);
      await this.remove(tx, actor.accountId, machine.id, ctx);
      return { deleted: 1 };
    });
  }

  /**
   * Keeps lastServicedDate, lastUpdated and the recently-serviced order in step with the service
   * records: the machine's last-serviced date is its newest service record's date, and the change
   * counts as an update. Applying one fact twice, or two for one machine at the same time, always
   * leaves the newest (MachinesRepository.applyServiceState).
   */
  async onServiceRecordChanged(event: ServiceRecordChangedEvent): Promise<void> {
    const at = new Date(event?.at);
    if (Number.isNaN(at.getTime())) {
      return;
    }
    await this.machines.applyServiceState({ machineId: event.machineId, accountId: eventAccountId(event), latestServiceDate: event.latestServiceDate, at });
  }

  /**
   * The machine's miles and hours show its meters' current values (issue 21, 38): guarded by the
   * event's `at`, and without a machine.machine.saved of its own, so schedule-service never sees
   * its own values come back as a new reading.
   */
  async onMetersChanged(event: MetersChangedEvent): Promise<void> {
    const at = new Date(event?.at);
    if (Number.isNaN(at.getTime())) {
      return;
    }
    await this.machines.applyMeters({
      machineId: event.machineId,
      accountId: eventAccountId(event),
      at,
      // null: the meter has no live reading left (an import reverted, its readings voided): the machine shows none either.
      ...(typeof event.miles === 'number' ? { miles: Math.round(event.miles) } : event.miles === null ? { miles: null } : {}),
      ...(typeof event.hours === 'number' ? { hours: Math.round(event.hours * 10) / 10 } : event.hours === null ? { hours: null } : {}),
    });
  }

  /** Each machine with who created and last changed it (one query for all). */
  private async listed(actor: Actor, rows: MachineListRow[]): Promise<MachineListView[]> {
    const audit = await this.members.audit(actor.accountId, rows);
    return rows.map((row, i) => ({ ...toListItem(row), ...audit[i] }));
  }

  /** The machine with who created and last changed it. */
  private async view(actor: Actor, machine: MachineEntity): Promise<MachineView> {
    const [audit] = await this.members.audit(actor.accountId, [machine]);
    return { ...toMachine(machine), ...audit };
  }

  private async remove(tx: Tx, accountId: number, id: number, ctx: CallContext): Promise<void> {
    await this.machines.remove(tx, accountId, id);
    const event: MachineDeletedEvent = { machineId: id, accountId };
    await this.outbox.enqueue(tx, MACHINE_DELETED, event, ctx);
  }

  private async saved(tx: Tx, machine: MachineEntity, ctx: CallContext): Promise<void> {
    await this.outbox.enqueue(tx, MACHINE_SAVED, savedEvent(machine), ctx);
  }
}

/**
 * machine.machine.saved, built after the machine's INSERT or UPDATE, which holds its row until
 * commit: `at` follows the order of its changes. The type, dates, miles and hours are for
 * schedule-service (templates, date items, manual readings).
 */
function savedEvent(machine: MachineEntity): MachineSavedEvent {
  return {
    machineId: machine.id,
    accountId: machine.accountId,
    name: machine.name,
    type: machine.type,
    licenseExpirationDate: machine.licenseExpirationDate,
    insuranceExpirationDate: machine.insuranceExpirationDate,
    isPermanentLicense: machine.isPermanentLicense,
    miles: machine.miles,
    hours: machine.hours,
    at: new Date().toISOString(),
    archived: !!machine.archived,
  };
}
