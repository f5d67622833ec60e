import { Injectable } from '@nestjs/common';
import {
  pageOf,
  ScheduleLimits,
  ScheduleMessages as M,
  type Actor,
  type CompleteScheduleRequest,
  type CreateScheduleRequest,
  type RpcMeta,
  type Schedule,
  type ScheduleDeleted,
  type ScheduleListQuery,
  type SchedulePage,
  type ScheduleTemplate,
  type UpdateScheduleRequest,
  isValidId,
} from '@wrenchlog/contracts';
import { badRequest, createOnce, MemberDirectory, notFound, validationFailed, type CallContext, type MachineAssignment } from '@wrenchlog/platform';
import { DataSource, type EntityManager } from 'typeorm';
import { utcDate } from '../common/dates.js';
import { MachineAccess, reaches } from '../machines/machine-access.js';
import { MachinesRepository } from '../machines/machines.repository.js';
import { valueAt } from '../meters/meter.rules.js';
import { MetersRepository } from '../meters/meters.repository.js';
import { KnownRecordEntity } from '../records/known-record.entity.js';
import { MachineMeters } from './machine-meters.js';
import { ScheduleRecompute } from './schedule-recompute.js';
import { stateOf, toSchedule, type ScheduleRow } from './schedule-state.js';
import type { ScheduleEntity } from './schedule.entity.js';
import { baselineOf, checkSchedule, parseStatuses, settingColumns, userScheduleDraft } from './schedule.rules.js';
import { SchedulesRepository } from './schedules.repository.js';
import { templatesFor } from './templates.js';

@Injectable()
export class SchedulesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly schedules: SchedulesRepository,
    private readonly machines: MachinesRepository,
    private readonly meters: MetersRepository,
    private readonly machineMeters: MachineMeters,
    private readonly recompute: ScheduleRecompute,
    private readonly members: MemberDirectory,
    private readonly access: MachineAccess,
  ) {}

  /** Today in UTC; a method so tests can move it. */
  today(): string {
    return utcDate(new Date());
  }

  async create(actor: Actor, request: CreateScheduleRequest, meta?: RpcMeta): Promise<Schedule> {
    const machineId = request?.machineId;
    if (!isValidId(machineId)) {
      throw validationFailed(M.invalidMachineId, [{ field: 'machineId', message: M.invalidMachineId }]);
    }
    const settings = checkSchedule(request.schedule);
    const key = meta?.idempotencyKey ?? null;
    const ctx = callContext(actor, meta);
    return createOnce(
      async () => {
        const found = key ? await this.schedules.byIdempotencyKey(actor.accountId, key) : null;
        return found && (await this.answer(actor.accountId, [found]))[0];
      },
      async () => {
        const scope = await this.access.scope(actor);
        const created = await this.dataSource.transaction(async (manager) => {
          const machine = await this.machines.ownedForWrite(manager, actor.accountId, machineId);
          if (!machine || !reaches(scope, machineId)) {
            throw notFound(M.machineNotFound);
          }
          const today = this.today();
          const meters = await this.machineMeters.of(manager, actor.accountId, machineId, today);
          const base = baselineOf(settings, today, { distance: meters.distance?.current ?? null, hours: meters.hours?.current ?? null });
          const draft = {
            ...userScheduleDraft(actor, machine, settings, base, { idempotencyKey: key }),
            jobTemplateId: request.schedule.jobTemplateId ?? null,
          };
          const row = await this.schedules.insert(manager, { ...draft, ...stateOf(draft as ScheduleEntity, [], meters, today) });
          await this.recompute.statusChanged(manager, row, null, row.status, row.reason, row.reasonDimension, ctx, 'created');
          return row;
        });
        return (await this.answer(actor.accountId, [created]))[0];
      },
    );
  }

  async byMachine(actor: Actor, machineId: number): Promise<Schedule[]> {
    if (!isValidId(machineId)) {
      throw validationFailed(M.invalidMachineId, [{ field: 'machineId', message: M.invalidMachineId }]);
    }
    if (!reaches(await this.access.scope(actor), machineId) || !(await this.machines.owned(this.dataSource.manager, actor.accountId, machineId))) {
      throw notFound(M.machineNotFound);
    }
    await this.refreshDay(actor, [machineId]);
    return this.answer(actor.accountId, await this.schedules.machineList(actor.accountId, machineId), { completions: true });
  }

  async list(actor: Actor, query: ScheduleListQuery | null): Promise<SchedulePage> {
    const page = query?.page ?? 0;
    const size = query?.size ?? ScheduleLimits.pageSize;
    const statuses = parseStatuses(query?.status);
    const machineType = typeof query?.machineType === 'string' && query.machineType.trim() !== '' ? query.machineType : null;
    await this.refreshDay(actor);
    const { rows, total } = await this.schedules.fleetPage(actor.accountId, await this.access.scope(actor), statuses, machineType, page, size);
    return pageOf(await this.answer(actor.accountId, rows), total, page, size);
  }

  async get(actor: Actor, id: number, scope?: MachineAssignment): Promise<Schedule> {
    const reach = scope === undefined ? await this.access.scope(actor) : scope;
    const row = await this.ownedOr404(this.dataSource.manager, actor.accountId, reach, id);
    if (row.computedOn < this.today()) {
      await this.refreshDay(actor, [row.machineId]);
      return this.get(actor, id, reach);
    }
    return (await this.answer(actor.accountId, [row], { completions: true }))[0];
  }

  async update(actor: Actor, request: UpdateScheduleRequest, meta?: RpcMeta): Promise<Schedule> {
    const settings = checkSchedule(request.schedule);
    const ctx = callContext(actor, meta);
    const id = request?.id;
    const scope = await this.access.scope(actor);
    await this.dataSource.transaction(async (manager) => {
      const found = await this.ownedOr404(manager, actor.accountId, scope, id);
      await this.machines.lock(manager, found.machineId);
      const row = await this.ownedOr404(manager, actor.accountId, scope, id);
      if (row.origin !== 'user') {
        throw badRequest(M.machineItem, [{ field: 'title', message: M.machineItem }]);
      }
      const changes: Partial<ScheduleEntity> = { ...settingColumns(settings), updatedBy: actor.userId };
      // Left out (a client that knows no job templates), the template stays; null clears it.
      if (request.schedule.jobTemplateId !== undefined) {
        changes.jobTemplateId = request.schedule.jobTemplateId;
      }
      // The last-done values a read returned are the computed ones: only a change of them moves the baseline.
      if (settings.lastDoneDate !== null && settings.lastDoneDate !== row.lastDoneDate) {
        changes.baseDate = settings.lastDoneDate;
      }
      if (settings.lastDoneDistance !== null && settings.lastDoneDistance !== row.lastDoneDistance) {
        changes.baseDistance = settings.lastDoneDistance;
      }
      if (settings.lastDoneHours !== null && settings.lastDoneHours !== row.lastDoneHours) {
        changes.baseHours = settings.lastDoneHours;
      }
      await this.schedules.update(manager, row.id, changes);
      await this.recompute.machine(manager, actor.accountId, row.machineId, this.today(), ctx, 'edit');
    });
    return this.get(actor, id, scope);
  }

  async delete(actor: Actor, id: number, meta?: RpcMeta): Promise<ScheduleDeleted> {
    const ctx = callContext(actor, meta);
    const scope = await this.access.scope(actor);
    await this.dataSource.transaction(async (manager) => {
      const row = await this.ownedOr404(manager, actor.accountId, scope, id);
      if (row.origin !== 'user') {
        throw badRequest(M.machineItem, [{ field: 'id', message: M.machineItem }]);
      }
      await this.schedules.delete(manager, actor.accountId, row.id);
      await this.recompute.statusChanged(manager, row, row.status, null, null, null, ctx, 'deleted');
    });
    return { id };
  }

  /** Completes a schedule with a service record of the same machine: the record's date and the meters on it. */
  async complete(actor: Actor, request: CompleteScheduleRequest, meta?: RpcMeta): Promise<Schedule> {
    const ctx = callContext(actor, meta);
    const recordId = request?.serviceRecordId;
    const scope = await this.access.scope(actor);
    await this.dataSource.transaction(async (manager) => {
      const found = await this.ownedOr404(manager, actor.accountId, scope, request?.id);
      await this.machines.lock(manager, found.machineId);
      const record = isValidId(recordId) ? await manager.findOneBy(KnownRecordEntity, { source: 'service_record', recordId }) : null;
      if (!record || record.deleted || record.accountId !== actor.accountId || record.machineId !== found.machineId) {
        throw notFound(M.recordNotFound);
      }
      if (found.origin !== 'user') {
        throw badRequest(M.machineItem, [{ field: 'id', message: M.machineItem }]);
      }
      await this.completeWith(manager, actor.accountId, found.machineId, [found.id], record.recordId, record.recordDate);
      // Completed by hand: the member who did it last changed the schedule.
      await this.schedules.update(manager, found.id, { updatedBy: actor.userId });
      await this.recompute.machine(manager, actor.accountId, found.machineId, this.today(), ctx, 'edit', [found.id]);
    });
    return this.get(actor, request.id, scope);
  }

  /**
   * Records `recordId` as the completion of each of these schedules of the machine (others, or
   * another account's, are skipped), at the record's date and the meters' lifetime values on it.
   * The caller recomputes.
   */
  async completeWith(manager: EntityManager, accountId: number, machineId: number, scheduleIds: number[], recordId: number, date: string): Promise<void> {
    const mine = (await this.schedules.ofMachine(manager, accountId, machineId)).filter((s) => s.origin === 'user' && scheduleIds.includes(s.id));
    if (mine.length === 0) {
      return;
    }
    const values = await this.valuesOn(manager, accountId, machineId, date);
    for (const s of mine) {
      await this.schedules.addCompletion(manager, { accountId, scheduleId: s.id, serviceRecordId: recordId, doneDate: date, ...values });
    }
  }

  /** The machine's distance and hours lifetime values on a date (for completions). */
  async valuesOn(manager: EntityManager, accountId: number, machineId: number, date: string): Promise<{ distance: number | null; hours: number | null }> {
    const all = await this.meters.ofMachine(manager, accountId, machineId);
    const pick = async (kind: 'distance' | 'hours') => {
      const meter = all.find((m) => m.kind === kind);
      return meter ? valueAt(await this.meters.liveOn(manager, meter.id, date), date) : null;
    };
    return { distance: await pick('distance'), hours: await pick('hours') };
  }

  templates(type: string | undefined): ScheduleTemplate[] {
    return templatesFor(type);
  }

  /**
   * The day moved on since these schedules were computed: recompute their machines first (the
   * date-based statuses and forecasts follow "today"). At most once a day per machine.
   */
  private async refreshDay(actor: Actor, only?: number[]): Promise<void> {
    const today = this.today();
    // Once a day per account and process is enough to notice the new day: every write recomputes anyway.
    if (!only && this.refreshedOn.get(actor.accountId) === today) {
      return;
    }
    const stale = await this.schedules.machinesComputedBefore(actor.accountId, today);
    for (const machineId of stale.filter((m) => !only || only.includes(m))) {
      await this.dataSource.transaction(async (manager) => {
        await this.machines.lock(manager, machineId);
        await this.recompute.machine(manager, actor.accountId, machineId, today, { actor }, 'day');
      });
    }
    if (!only) {
      this.refreshedOn.set(actor.accountId, today);
    }
  }

  /** The day each account's schedules were last brought up to date in this process (see refreshDay). */
  private readonly refreshedOn = new Map<number, string>();

  /**
   * Schedules as the API answers them: in their machine's distance unit, with who added and last
   * changed each, and (`completions`) the records that completed them. One query each for all rows.
   */
  private async answer(accountId: number, rows: readonly ScheduleRow[], options: { completions?: boolean } = {}): Promise<Schedule[]> {
    const manager = this.dataSource.manager;
    const unitOf = await this.meters.distanceUnits(
      manager,
      accountId,
      rows.map((r) => r.machineId),
    );
    const completions = options.completions
      ? await this.schedules.completions(
          manager,
          rows.map((r) => r.id),
        )
      : [];
    const views = rows.map((r) =>
      toSchedule(
        r,
        unitOf(r.machineId),
        completions.filter((c) => c.scheduleId === r.id).map((c) => c.serviceRecordId),
      ),
    );
    const people = await this.members.audit(accountId, rows);
    return views.map((v, i) => ({ ...v, ...people[i] }));
  }

  /** The account's schedule of a machine the caller reaches (`scope`, MachineAccess); else not found. */
  private async ownedOr404(manager: EntityManager, accountId: number, scope: MachineAssignment, id: unknown): Promise<ScheduleEntity> {
    const row = isValidId(id) ? await this.schedules.owned(manager, accountId, id) : null;
    if (!row || !reaches(scope, row.machineId)) {
      throw notFound(M.notFound);
    }
    return row;
  }
}

export const callContext = (actor: Actor, meta?: RpcMeta): CallContext => ({ actor, correlationId: meta?.correlationId });
