import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  checkImportRecord,
  CreateMachineRequest as CreateMachineDto,
  MACHINE_DELETED,
  type ImportApplyRequest,
  type ImportApplyResult,
  type ImportCreateMachinesRequest,
  type ImportCreateMachinesResult,
  type MachineImportRevertRequest,
  type MachineImportRevertResult,
  MACHINE_NOT_FOUND,
  MACHINE_SAVED,
  type Actor,
  type CreateMachineRequest,
  type DeletedReply,
  type Machine,
  type MachineDeletedEvent,
  type MachineListItem,
  type MachineListRequest,
  type MachineSavedEvent,
  type MetersChangedEvent,
  type ServiceRecordChangedEvent,
  MACHINE_LIST_MAX,
  parseId,
  type UpdateMachineRequest,
} from '@wrenchlog/contracts';
import { applyImportBatch, badRequest, CompiledSelect, createOnce, notFound, Outbox, requireActor, type CallContext } from '@wrenchlog/platform';
import { DataSource, In, IsNull, type EntityManager, type Repository } from 'typeorm';
import { MachinePhotoEntity } from '../photos/machine-photo.entity.js';
import { applyMachineChanges, newMachine, toListItem, toMachine } from './machine-rules.js';
import { MachineEntity } from './machine.entity.js';

export function machineId(value: unknown): number {
  const id = parseId(value);
  if (id === undefined) {
    throw badRequest('Invalid machine ID');
  }
  return id;
}

/** One user's machine, or 404 (also when it is another user's: never reveal that it exists). */
export async function ownMachine(manager: EntityManager, userId: number, id: number): Promise<MachineEntity> {
  const machine = await manager.findOneBy(MachineEntity, { id, userId });
  if (!machine) {
    throw notFound(MACHINE_NOT_FOUND);
  }
  return machine;
}

/** Year, make and model of a machine created for a name a records file gave (issue 23). */
export const IMPORTED_MACHINE_DEFAULTS = () => ({ year: new Date().getUTCFullYear(), make: 'Unknown', model: 'Unknown' });

/** The columns of a list item only: hydrating all thirty was most of the list calls' CPU (docs/performance.md). */
const LIST_COLUMNS = ['id', 'name', 'type', 'status', 'lastUpdated', 'lastServicedDate'] as const;

/** The lists are unpaged in the spec: the database answers the first MACHINE_LIST_MAX rows only (issue 25, item 9). */
const LIST_WINDOW = { limit: MACHINE_LIST_MAX, offset: 0 };

@Injectable()
export class MachinesService {
  constructor(
    @InjectRepository(MachineEntity) private readonly machines: Repository<MachineEntity>,
    private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
  ) {
    this.listed = new CompiledSelect(machines, 'm', LIST_COLUMNS);
  }

  private readonly listed: CompiledSelect<MachineEntity, (typeof LIST_COLUMNS)[number]>;

  /** The active machines by name (the spec's list), or with `archived: true` the archived ones; at most MACHINE_LIST_MAX. */
  async list(actor: Actor | null, request?: MachineListRequest): Promise<MachineListItem[]> {
    const { userId } = requireActor(actor);
    // A literal, not a bound value: CompiledSelect binds numbers and strings only, and TRUE/FALSE
    // read the same on SQLite (1/0) and PostgreSQL. The shape names the SQL text it makes.
    const archived = request?.archived === true;
    const rows = await this.listed.rows(
      archived ? 'by-name-archived' : 'by-name',
      (qb) =>
        qb
          .where(`m.userId = :userId AND m.archived = ${archived ? 'TRUE' : 'FALSE'}`)
          .orderBy('m.name', 'ASC')
          .addOrderBy('m.id', 'ASC'),
      { userId },
      LIST_WINDOW,
    );
    return rows.map(toListItem);
  }

  /** Newest service first; machines never serviced after them, most recently updated first. Archived machines are left out. At most MACHINE_LIST_MAX. */
  async recentlyServiced(actor: Actor | null): Promise<MachineListItem[]> {
    const { userId } = requireActor(actor);
    const rows = await this.listed.rows(
      'recently-serviced',
      (qb) =>
        qb
          .where('m.userId = :userId AND m.archived = FALSE')
          .orderBy('m.lastServicedDate', 'DESC', 'NULLS LAST')
          .addOrderBy('m.lastUpdated', 'DESC')
          .addOrderBy('m.id', 'DESC'),
      { userId },
      LIST_WINDOW,
    );
    return rows.map(toListItem);
  }

  async get(actor: Actor | null, id: unknown): Promise<Machine> {
    const { userId } = requireActor(actor);
    return toMachine(await ownMachine(this.dataSource.manager, userId, machineId(id)));
  }

  /** Creates a machine; a retried call with the same idempotency key answers the machine made the first time. */
  async create(actor: Actor | null, request: CreateMachineRequest, ctx: CallContext): Promise<Machine> {
    const { userId } = requireActor(actor);
    const key = ctx.idempotencyKey ?? null;
    return createOnce(
      async () => {
        const found = key ? await this.machines.findOneBy({ userId, idempotencyKey: key }) : null;
        return found && toMachine(found);
      },
      () =>
        this.dataSource.transaction(async (manager) => {
          const machine = newMachine(userId, request, new Date());
          machine.idempotencyKey = key;
          const stored = await manager.save(MachineEntity, machine);
          await this.saved(manager, stored, ctx);
          return toMachine(stored);
        }),
    );
  }

  /**
   * machine.import.createMachines (issue 23): the machines a records file names that the caller has
   * none of, created with the import's id before its rows are written; a name this import created
   * already answers that machine again (redelivery, resume).
   */
  async importCreateMachines(actor: Actor | null, request: ImportCreateMachinesRequest, ctx: CallContext): Promise<ImportCreateMachinesResult> {
    const { userId } = requireActor(actor);
    const names = [...new Set(request.names.map((n) => String(n).trim()).filter((n) => n.length > 0))];
    return this.dataSource.transaction(async (manager) => {
      const existing =
        names.length === 0
          ? []
          : await manager.find(MachineEntity, {
              where: { userId, importId: request.importId, importRow: IsNull(), name: In(names) },
              select: { id: true, name: true },
            });
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
        const machine = Object.assign(newMachine(userId, value, new Date()), { importId: request.importId, importRow: null });
        const stored = await manager.save(MachineEntity, machine);
        await this.saved(manager, stored, ctx);
        byName.set(name, stored.id);
      }
      return { machines: names.map((name) => ({ name, id: byName.get(name)! })) };
    });
  }

  /** machine.import.apply: the rows of a machines file, each checked again with CreateMachineRequest, in one transaction with their machine.machine.saved. */
  async importApply(actor: Actor | null, request: ImportApplyRequest, ctx: CallContext): Promise<ImportApplyResult> {
    const { userId } = requireActor(actor);
    const result = await this.dataSource.transaction((manager) =>
      applyImportBatch<MachineEntity>(
        manager,
        MachineEntity,
        request,
        async (row) => {
          const { value, problem } = checkImportRecord(CreateMachineDto, row.record);
          if (!value) {
            return { failed: problem };
          }
          return { record: Object.assign(newMachine(userId, value, new Date()), { importId: request.importId, importRow: row.rowNumber }) };
        },
        (machines) => this.outbox.enqueueMany(manager, MACHINE_SAVED, machines.map(savedEvent), ctx),
      ),
    );
    return { ...result, backlog: await this.outbox.backlog() };
  }

  /**
   * machine.import.revert, after the owners removed the import's records: deletes the listed
   * machines of that import (import-service leaves out those that still have records) with their
   * photos and machine.machine.deleted, and answers the import's machines that are left.
   */
  async importRevert(actor: Actor | null, request: MachineImportRevertRequest, ctx: CallContext): Promise<MachineImportRevertResult> {
    const { userId } = requireActor(actor);
    const ids = (request.machineIds ?? []).filter((id) => Number.isSafeInteger(id) && id > 0);
    return this.dataSource.transaction(async (manager) => {
      const doomed =
        ids.length === 0 ? [] : await manager.find(MachineEntity, { where: { userId, importId: request.importId, id: In(ids) }, select: { id: true } });
      for (const machine of doomed) {
        await manager.delete(MachinePhotoEntity, { machineId: machine.id, userId });
        await manager.delete(MachineEntity, { id: machine.id, userId });
        const event: MachineDeletedEvent = { machineId: machine.id, userId };
        await this.outbox.enqueue(manager, MACHINE_DELETED, event, ctx);
      }
      const kept = await manager.find(MachineEntity, { where: { userId, importId: request.importId }, select: { id: true, name: true }, order: { id: 'ASC' } });
      return { deleted: doomed.length, kept: kept.map((m) => ({ id: m.id, name: m.name })) };
    });
  }

  async update(actor: Actor | null, request: UpdateMachineRequest, ctx: CallContext): Promise<Machine> {
    const { userId } = requireActor(actor);
    const id = machineId(request?.id);
    return this.dataSource.transaction(async (manager) => {
      const machine = await ownMachine(manager, userId, id);
      applyMachineChanges(machine, request);
      machine.lastUpdated = new Date();
      await manager.save(MachineEntity, machine);
      await this.saved(manager, machine, ctx);
      return toMachine(machine);
    });
  }

  /** Deletes the machine and its photos; machine.machine.deleted takes its records, fuel, purchases and images too. */
  async delete(actor: Actor | null, id: unknown, ctx: CallContext): Promise<DeletedReply> {
    const { userId } = requireActor(actor);
    const target = machineId(id);
    return this.dataSource.transaction(async (manager) => {
      const machine = await ownMachine(manager, userId, target);
      await manager.delete(MachinePhotoEntity, { machineId: machine.id, userId });
      await manager.delete(MachineEntity, { id: machine.id, userId });
      const event: MachineDeletedEvent = { machineId: machine.id, userId };
      await this.outbox.enqueue(manager, MACHINE_DELETED, event, ctx);
      return { deleted: 1 };
    });
  }

  /**
   * Keeps lastServicedDate, lastUpdated and the recently-serviced order in step with the service
   * records. Applies a service.record.changed fact in one conditional statement: the machine's last-serviced
   * date is its newest service record's date, and the change counts as an update. An event older
   * than the last one applied (redelivered or overtaken) matches no row, so applying one twice, or
   * two for one machine at the same time, always leaves the newest.
   */
  async onServiceRecordChanged(event: ServiceRecordChangedEvent): Promise<void> {
    const at = new Date(event?.at);
    if (Number.isNaN(at.getTime())) {
      return;
    }
    await this.dataSource
      .createQueryBuilder()
      .update(MachineEntity)
      .set({ serviceStateAt: at, lastServicedDate: event.latestServiceDate, lastUpdated: () => 'CASE WHEN last_updated < :at THEN :at ELSE last_updated END' })
      .where('id = :id AND user_id = :userId AND (service_state_at IS NULL OR service_state_at <= :at)', { id: event.machineId, userId: event.userId, at })
      .execute();
  }

  /**
   * The machine's miles and hours show its meters' current values (issue 21): applied in one
   * conditional statement guarded by the event's `at`, and without a machine.machine.saved of its
   * own, so schedule-service never sees its own values come back as a new reading.
   */
  async onMetersChanged(event: MetersChangedEvent): Promise<void> {
    const at = new Date(event?.at);
    if (Number.isNaN(at.getTime())) {
      return;
    }
    const set: Partial<MachineEntity> = { metersAt: at };
    if (typeof event.miles === 'number') {
      set.miles = Math.round(event.miles);
    }
    if (typeof event.hours === 'number') {
      set.hours = Math.round(event.hours * 10) / 10;
    }
    await this.dataSource
      .createQueryBuilder()
      .update(MachineEntity)
      .set(set)
      .where('id = :id AND user_id = :userId AND (meters_at IS NULL OR meters_at <= :at)', { id: event.machineId, userId: event.userId, at })
      .execute();
  }

  private async saved(manager: EntityManager, machine: MachineEntity, ctx: CallContext): Promise<void> {
    await this.outbox.enqueue(manager, MACHINE_SAVED, savedEvent(machine), ctx);
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
    userId: machine.userId,
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
