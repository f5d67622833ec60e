import { Injectable, Logger } from '@nestjs/common';
import {
  eventAccountId,
  eventTime,
  isValidId,
  MACHINE_DATE_ITEM_TITLES,
  type MachineDeletedEvent,
  type MachineSavedEvent,
  type RpcMessage,
} from '@wrenchlog/contracts';
import type { CallContext } from '@wrenchlog/platform';
import { DataSource, type EntityManager } from 'typeorm';
import { utcDate } from '../common/dates.js';
import { MachinesRepository } from '../machines/machines.repository.js';
import { checkReadingValue, machineFieldKey, segmentFor } from '../meters/meter.rules.js';
import { MetersRepository } from '../meters/meters.repository.js';
import { ReadingsService } from '../readings/readings.service.js';
import { ReadingSequence } from '../readings/reading-sequence.js';
import { ScheduleRecompute } from '../schedules/schedule-recompute.js';
import { stateOf } from '../schedules/schedule-state.js';
import type { ScheduleEntity } from '../schedules/schedule.entity.js';
import { typeKey } from '../schedules/schedule.rules.js';
import { SchedulesRepository } from '../schedules/schedules.repository.js';
import { MachineProjection } from './machine-projection.js';

const isDate = (v: unknown): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v);

/**
 * machine-service's events: the projection (name, type), the default meters of a new machine, the
 * license and insurance date items, a manual reading when the user set the machine's miles or
 * hours, and the removal of everything of a deleted machine. Idempotent and ordered by `at`.
 */
@Injectable()
export class MachineEventsService {
  private readonly logger = new Logger(MachineEventsService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly machines: MachinesRepository,
    private readonly projection: MachineProjection,
    private readonly meters: MetersRepository,
    private readonly readings: ReadingsService,
    private readonly sequence: ReadingSequence,
    private readonly schedules: SchedulesRepository,
    private readonly recompute: ScheduleRecompute,
  ) {}

  async onSaved(m: RpcMessage<MachineSavedEvent>): Promise<void> {
    const e = m?.payload;
    const accountId = eventAccountId(e);
    if (!e || !isValidId(e.machineId) || !isValidId(accountId) || typeof e.name !== 'string') {
      this.logger.warn('ignored a malformed machine.machine.saved event');
      return;
    }
    const at = eventTime(e.at);
    const ctx: CallContext = { actor: m.actor, correlationId: m.meta?.correlationId };
    const type = typeof e.type === 'string' ? e.type.slice(0, 60) : null;
    await this.dataSource.transaction(async (manager) => {
      const row = await this.projection.ensure(manager, accountId, e.machineId, { name: e.name, type });
      if (!row || row.updatedAt > at) {
        return;
      }
      const previous = { miles: row.lastMiles, hours: row.lastHours };
      const miles = typeof e.miles === 'number' ? e.miles : null;
      const hours = typeof e.hours === 'number' ? e.hours : null;
      await this.machines.applySaved(manager, e.machineId, at, { name: e.name, type, lastMiles: miles, lastHours: hours });
      await this.schedules.renameMachine(manager, accountId, e.machineId, e.name, type);
      if ('licenseExpirationDate' in e || 'insuranceExpirationDate' in e) {
        const license = e.isPermanentLicense ? null : isDate(e.licenseExpirationDate) ? e.licenseExpirationDate : null;
        const insurance = isDate(e.insuranceExpirationDate) ? e.insuranceExpirationDate : null;
        await this.dateItem(manager, { ...e, accountId }, type, 'license', license, ctx);
        await this.dateItem(manager, { ...e, accountId }, type, 'insurance', insurance, ctx);
      }
      // Both: a save that sets miles and hours makes a reading of each (|| skipped the hours).
      const distanceAdded = await this.userReading(manager, accountId, e.machineId, 'distance', miles, previous.miles, at, ctx);
      const hoursAdded = await this.userReading(manager, accountId, e.machineId, 'hours', hours, previous.hours, at, ctx);
      const added = distanceAdded || hoursAdded;
      if (added) {
        await this.readings.changed(manager, accountId, e.machineId, ctx, 'machine');
      } else {
        await this.recompute.machine(manager, accountId, e.machineId, utcDate(new Date()), ctx, 'machine');
      }
    });
  }

  async onDeleted(m: RpcMessage<MachineDeletedEvent>): Promise<void> {
    const e = m?.payload;
    const accountId = eventAccountId(e);
    if (!e || !isValidId(e.machineId) || !isValidId(accountId)) {
      this.logger.warn('ignored a malformed machine.machine.deleted event');
      return;
    }
    const ctx: CallContext = { actor: m.actor, correlationId: m.meta?.correlationId };
    await this.dataSource.transaction(async (manager) => {
      const known = await this.machines.lock(manager, e.machineId);
      if (known && known.accountId !== accountId) {
        return;
      }
      await this.machines.markDeleted(manager, accountId, e.machineId);
      const removed = await this.schedules.deleteMachine(manager, accountId, e.machineId);
      for (const s of removed) {
        await this.recompute.statusChanged(manager, s, s.status, null, null, null, ctx, 'deleted');
      }
      await this.meters.deleteMachine(manager, accountId, e.machineId);
    });
  }

  /** Keeps the machine's license or insurance item on its date; none without a date (or for a permanent plate). */
  private async dateItem(
    manager: EntityManager,
    e: MachineSavedEvent & { accountId: number },
    type: string | null,
    origin: 'license' | 'insurance',
    date: string | null,
    ctx: CallContext,
  ): Promise<void> {
    const existing = await this.schedules.originItem(manager, e.machineId, origin);
    if (date === null) {
      if (existing) {
        await this.schedules.delete(manager, e.accountId, existing.id);
        await this.recompute.statusChanged(manager, existing, existing.status, null, null, null, ctx, 'deleted');
      }
      return;
    }
    if (existing) {
      await this.schedules.update(manager, existing.id, { fixedDueDate: date });
      return; // the recompute after this event moves its status
    }
    const today = utcDate(new Date());
    const draft = {
      accountId: e.accountId,
      // The machine's own item: whoever saved the machine's dates added it.
      createdBy: ctx.actor?.userId ?? null,
      updatedBy: null,
      machineId: e.machineId,
      machineName: e.name,
      machineType: type,
      machineTypeKey: typeKey(type),
      title: MACHINE_DATE_ITEM_TITLES[origin],
      serviceType: origin === 'license' ? 'Registration' : 'Insurance',
      origin,
      originKey: origin,
      fixedDueDate: date,
      intervalDays: null,
      intervalMonths: null,
      intervalDistance: null,
      intervalHours: null,
      soonDays: null,
      soonDistance: null,
      soonHours: null,
      recurring: false,
      anchor: 'fixed',
      baseDate: null,
      baseDistance: null,
      baseHours: null,
      dateCreated: new Date(),
      idempotencyKey: null,
      jobTemplateId: null,
    } as Omit<ScheduleEntity, 'id'>;
    const row = await this.schedules.insert(manager, { ...draft, ...stateOf(draft as ScheduleEntity, [], { distance: null, hours: null }, today) });
    await this.recompute.statusChanged(manager, row, null, row.status, row.reason, row.reasonDimension, ctx, 'created');
  }

  /**
   * The user set the machine's miles or hours: a manual reading of today, unless the value is the
   * one of the last event (nothing changed) or already the meter's current value (the machine only
   * shows what the meters told it). A value that does not fit the sequence is kept as void.
   */
  private async userReading(
    manager: EntityManager,
    accountId: number,
    machineId: number,
    kind: 'distance' | 'hours',
    value: number | null,
    previous: number | null,
    at: Date,
    ctx: CallContext,
  ): Promise<boolean> {
    if (value === null || value === previous) {
      return false;
    }
    const meter = (await this.meters.ofMachine(manager, accountId, machineId)).find((x) => x.kind === kind);
    if (!meter) {
      return false;
    }
    const current = await this.meters.current(manager, meter.id);
    if ((current === null && value === 0) || current?.lifetime === value) {
      return false;
    }
    const today = utcDate(new Date());
    const segment = segmentFor(await this.meters.segments(manager, meter.id), today);
    let raw: number;
    try {
      raw = checkReadingValue(kind, value - segment.offset);
    } catch {
      return false;
    }
    await this.sequence.place(
      manager,
      meter,
      { value: raw, readAt: today, void: false, rollover: false, source: 'manual', sourceId: null, idempotencyKey: machineFieldKey(machineId, kind, at) },
      { voidIfOutOfSequence: true, ctx },
    );
    return true;
  }
}
