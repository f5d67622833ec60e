import { Injectable, Logger } from '@nestjs/common';
import {
  eventAccountId,
  eventTime,
  eventsOfBatch,
  type EventBatch,
  isValidId,
  type FuelRecordDeletedEvent,
  type FuelRecordSavedEvent,
  type RpcMessage,
  type ServiceRecordDeletedEvent,
  type ServiceRecordSavedEvent,
} from '@wrenchlog/contracts';
import type { CallContext } from '@wrenchlog/platform';
import { DataSource, type EntityManager } from 'typeorm';
import { utcDate } from '../common/dates.js';
import { MachineProjection } from '../machine-events/machine-projection.js';
import { checkReadingValue } from '../meters/meter.rules.js';
import { MetersRepository } from '../meters/meters.repository.js';
import { ReadingsService } from '../readings/readings.service.js';
import { ReadingSequence } from '../readings/reading-sequence.js';
import { SchedulesRepository } from '../schedules/schedules.repository.js';
import { SchedulesService } from '../schedules/schedules.service.js';
import { RecordsRepository, type RecordSource } from './records.repository.js';

const isDate = (v: unknown): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v);

interface SavedFact {
  source: RecordSource;
  recordId: number;
  accountId: number;
  machineId: number;
  date: string;
  distance: number | null;
  hours: number | null;
  completes?: number[];
  at: Date;
}

/**
 * Readings (and completions) that follow service and fuel records: a saved record has one reading
 * per meter value it carries, linked to it, replaced when it changes and removed when the value or
 * the record goes. Idempotent and ordered by the events' `at`: an older or repeated event changes
 * nothing, and a deleted record never comes back.
 */
@Injectable()
export class RecordEventsService {
  private readonly logger = new Logger(RecordEventsService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly records: RecordsRepository,
    private readonly meters: MetersRepository,
    private readonly readings: ReadingsService,
    private readonly sequence: ReadingSequence,
    private readonly schedules: SchedulesRepository,
    private readonly schedulesService: SchedulesService,
    private readonly projection: MachineProjection,
  ) {}

  onServiceRecordSaved(m: RpcMessage<ServiceRecordSavedEvent>): Promise<void> {
    const e = m?.payload;
    if (!e || !isValidId(e.recordId) || !isValidId(eventAccountId(e)) || !isValidId(e.machineId) || !isDate(e.serviceDate)) {
      this.logger.warn('ignored a malformed service.record.saved event');
      return Promise.resolve();
    }
    const completes = Array.isArray(e.completesScheduleIds) ? e.completesScheduleIds.filter(isValidId) : undefined;
    return this.saved(
      {
        source: 'service_record',
        recordId: e.recordId,
        accountId: eventAccountId(e),
        machineId: e.machineId,
        date: e.serviceDate,
        distance: e.miles ?? null,
        hours: e.hours ?? null,
        completes,
        at: eventTime(e.at),
      },
      m,
    );
  }

  onFuelRecordSaved(m: RpcMessage<FuelRecordSavedEvent>): Promise<void> {
    const fact = this.fuelFact(m?.payload);
    return fact ? this.saved(fact, m) : Promise.resolve();
  }

  /** A batch of fuel.record.saved (EVENT_BATCH_TARGETS): applied in one transaction, in order. */
  onFuelRecordSavedBatch(m: RpcMessage<EventBatch<FuelRecordSavedEvent>>): Promise<void> {
    return this.savedMany(
      eventsOfBatch(m).flatMap((e) => {
        const fact = this.fuelFact(e.payload);
        return fact ? [{ fact, ctx: contextOf(e) }] : [];
      }),
    );
  }

  /** What a fuel.record.saved tells (null, logged, when it is malformed). */
  private fuelFact(e: FuelRecordSavedEvent | undefined): SavedFact | null {
    if (!e || !isValidId(e.recordId) || !isValidId(eventAccountId(e)) || !isValidId(e.machineId) || !isDate(e.date)) {
      this.logger.warn('ignored a malformed fuel.record.saved event');
      return null;
    }
    return {
      source: 'fuel_record',
      recordId: e.recordId,
      accountId: eventAccountId(e),
      machineId: e.machineId,
      date: e.date,
      distance: e.currentMileage ?? null,
      hours: e.currentHours ?? null,
      at: eventTime(e.at),
    };
  }

  onServiceRecordDeleted(m: RpcMessage<ServiceRecordDeletedEvent>): Promise<void> {
    return this.deleted('service_record', m);
  }

  onFuelRecordDeleted(m: RpcMessage<FuelRecordDeletedEvent>): Promise<void> {
    return this.deleted('fuel_record', m);
  }

  private saved(f: SavedFact, m: RpcMessage<unknown>): Promise<void> {
    return this.savedMany([{ fact: f, ctx: contextOf(m) }]);
  }

  /**
   * Applies saved facts in order in one transaction. The machines they touch are recomputed (their
   * schedules, and the current values machine-service is told) once, after all of them: a batch of
   * 200 fuel records on one machine makes one recompute and one schedule.meters.changed, not 200.
   */
  private async savedMany(facts: readonly { fact: SavedFact; ctx: CallContext }[]): Promise<void> {
    if (facts.length === 0) {
      return;
    }
    await this.dataSource.transaction(async (manager) => {
      const recompute = new Map<string, { accountId: number; machineId: number; ctx: CallContext; completed: number[] }>();
      // A machine is made known and locked once a batch: its row holds for the whole transaction.
      const ensured = new Map<string, boolean>();
      for (const { fact, ctx } of facts) {
        for (const machine of await this.applySaved(manager, fact, ctx, ensured)) {
          const key = `${fact.accountId}:${machine.id}`;
          const entry = recompute.get(key) ?? { accountId: fact.accountId, machineId: machine.id, ctx, completed: [] };
          entry.ctx = ctx; // the last event's, as the recompute after it would have carried
          entry.completed.push(...machine.completed);
          recompute.set(key, entry);
        }
      }
      for (const { accountId, machineId, ctx, completed } of recompute.values()) {
        await this.readings.changed(manager, accountId, machineId, ctx, 'record', completed);
      }
    });
  }

  /** One saved fact's readings and completions; answers the machines to recompute (with the schedules it completed anew). */
  private async applySaved(
    manager: EntityManager,
    f: SavedFact,
    ctx: CallContext,
    ensured: Map<string, boolean>,
  ): Promise<{ id: number; completed: number[] }[]> {
    // The machine first (its row orders this machine's writes); it may not have been heard of yet.
    const machineKey = `${f.accountId}:${f.machineId}`;
    let known = ensured.get(machineKey);
    if (known === undefined) {
      known = (await this.projection.ensure(manager, f.accountId, f.machineId)) !== null;
      ensured.set(machineKey, known);
    }
    if (!known) {
      return [];
    }
    const before = await this.records.apply(manager, {
      source: f.source,
      recordId: f.recordId,
      accountId: f.accountId,
      machineId: f.machineId,
      recordDate: f.date,
      deleted: false,
      updatedAt: f.at,
    });
    if (before === 'stale') {
      return [];
    }
    const touched = new Set<number>([f.machineId]);
    // The schedules this save completes anew: their return to upcoming is a completion.
    const completed: number[] = [];
    const old = await this.meters.bySource(manager, f.source, f.recordId);
    old.forEach((reading) => touched.add(reading.machineId));
    await this.sequence.deleteReadings(manager, old, ctx);
    const meters = await this.meters.ofMachine(manager, f.accountId, f.machineId);
    for (const [kind, value] of [
      ['distance', f.distance],
      ['hours', f.hours],
    ] as const) {
      const meter = meters.find((x) => x.kind === kind);
      if (!meter || value === null || value === undefined) {
        continue;
      }
      let raw: number;
      try {
        raw = checkReadingValue(kind, kind === 'distance' ? Math.round(value) : Math.round(value * 10) / 10);
      } catch {
        continue;
      }
      // The record's value is what the meter showed: a raw reading in its date's segment.
      await this.sequence.place(
        manager,
        meter,
        { value: raw, readAt: f.date, void: false, rollover: false, source: f.source, sourceId: f.recordId, idempotencyKey: null },
        { voidIfOutOfSequence: true, ctx },
      );
    }
    if (f.source === 'service_record') {
      const existing = await this.schedules.completionsOfRecord(manager, f.recordId);
      const ids = f.completes ?? existing.map((c) => c.scheduleId);
      await this.schedules.deleteCompletions(
        manager,
        existing.map((c) => c.id),
      );
      await this.schedulesService.completeWith(manager, f.accountId, f.machineId, ids, f.recordId, f.date);
      completed.push(...ids.filter((id) => !existing.some((c) => c.scheduleId === id)));
      if (before && before.machineId !== f.machineId) {
        touched.add(before.machineId);
      }
    }
    return [...touched].map((id) => ({ id, completed }));
  }

  private async deleted(source: RecordSource, m: RpcMessage<ServiceRecordDeletedEvent | FuelRecordDeletedEvent>): Promise<void> {
    const e = m?.payload;
    const accountId = eventAccountId(e);
    if (!e || !isValidId(e.recordId) || !isValidId(accountId) || !isValidId(e.machineId)) {
      this.logger.warn(`ignored a malformed ${source} deleted event`);
      return;
    }
    const ctx: CallContext = { actor: m.actor, correlationId: m.meta?.correlationId };
    await this.dataSource.transaction(async (manager) => {
      const known = await this.records.find(manager, source, e.recordId);
      if (known && known.accountId !== accountId) {
        return;
      }
      await this.projection.lock(manager, known?.machineId ?? e.machineId);
      const before = await this.records.apply(manager, {
        source,
        recordId: e.recordId,
        accountId,
        machineId: known?.machineId ?? e.machineId,
        recordDate: known?.recordDate ?? utcDate(new Date()),
        deleted: true,
        updatedAt: eventTime(e.at),
      });
      if (before === 'stale') {
        return;
      }
      const touched = new Set<number>([e.machineId]);
      const readings = await this.meters.bySource(manager, source, e.recordId);
      readings.forEach((r) => touched.add(r.machineId));
      await this.sequence.deleteReadings(manager, readings, ctx);
      if (source === 'service_record') {
        await this.schedules.deleteCompletions(
          manager,
          (await this.schedules.completionsOfRecord(manager, e.recordId)).map((c) => c.id),
        );
      }
      for (const machineId of touched) {
        if (await this.projection.isOwned(manager, accountId, machineId)) {
          await this.readings.changed(manager, accountId, machineId, ctx, 'record');
        }
      }
    });
  }
}

/** The context an event's own writes (and the events they cause) carry. */
const contextOf = (m: RpcMessage<unknown>): CallContext => ({ actor: m?.actor ?? null, correlationId: m?.meta?.correlationId });
