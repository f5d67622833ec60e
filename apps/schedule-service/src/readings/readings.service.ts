import { Injectable } from '@nestjs/common';
import {
  METERS_CHANGED,
  SCHEDULE_READING_CHANGED,
  SCHEDULE_READING_CREATED,
  MeterLimits,
  MeterMessages as M,
  pageOf,
  type Actor,
  type CreateReadingRequest,
  type MeterReading,
  type MeterReadingPage,
  type OutOfSequenceDetails,
  type ReadingListRequest,
  type ReadingSource,
  type ReplaceMeterRequest,
  type RpcMeta,
  type ScheduleStatusCause,
  type UpdateReadingRequest,
  isValidId,
} from '@wrenchlog/contracts';
import { conflict, createOnce, MemberDirectory, notFound, Outbox, type CallContext } from '@wrenchlog/platform';
import { DataSource, type EntityManager } from 'typeorm';
import { utcDate } from '../common/dates.js';
import { MachineAccess, reaches } from '../machines/machine-access.js';
import { MachinesRepository } from '../machines/machines.repository.js';
import type { MeterEntity } from '../meters/meter.entity.js';
import {
  checkReadingValue,
  isMachineFieldReading,
  outOfSequence,
  rateWindow,
  replacementOffset,
  rolloverOffset,
  roundTo,
  segmentFor,
  sequenceConflict,
} from '../meters/meter.rules.js';
import { MetersRepository, type ReadingRow } from '../meters/meters.repository.js';
import type { ReadingEntity } from '../meters/reading.entity.js';
import { ScheduleRecompute } from '../schedules/schedule-recompute.js';
import { mustLookAfterMeters, mustStillChange, readingsShownOnlyOf, seesReading } from './reading-policy.js';
import { callContext, metersChangedEvent, readingChangedEvent, readingCreatedEvent, toReading } from './reading-events.js';

/** Meters and their readings: the calls of the Meters tab, and the readings the record events bring. */
@Injectable()
export class ReadingsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly meters: MetersRepository,
    private readonly machines: MachinesRepository,
    private readonly recompute: ScheduleRecompute,
    private readonly outbox: Outbox,
    private readonly members: MemberDirectory,
    private readonly access: MachineAccess,
  ) {}

  today(): string {
    return utcDate(new Date());
  }

  async create(actor: Actor, request: CreateReadingRequest, meta?: RpcMeta): Promise<MeterReading> {
    const input = request.reading;
    const key = meta?.idempotencyKey ?? null;
    return createOnce(
      async () => {
        const found = key ? await this.meters.byIdempotencyKey(actor.accountId, key) : null;
        return found && this.view(actor.accountId, found);
      },
      async () => {
        const created = await this.dataSource.transaction(async (manager) => {
          const meter = await this.meterForWrite(manager, actor, request?.meterId);
          const value = checkReadingValue(meter.kind, input.value);
          await this.mustNotRepeat(manager, meter, value, input);
          const ctx = callContext(actor, meta);
          const row = await this.place(
            manager,
            meter,
            {
              value,
              readAt: input.readAt,
              void: input.void === true,
              rollover: input.rollover === true,
              source: 'manual',
              sourceId: null,
              idempotencyKey: key,
            },
            { ctx },
          );
          await this.changed(manager, actor.accountId, meter.machineId, ctx);
          return row;
        });
        return this.view(actor.accountId, created);
      },
    );
  }

  /** A meter's readings, newest first: an operator's own only. */
  async list(actor: Actor, request: ReadingListRequest): Promise<MeterReadingPage> {
    const scope = await this.access.scope(actor);
    const meter = isValidId(request?.meterId) ? await this.meters.owned(this.dataSource.manager, actor.accountId, request.meterId) : null;
    if (!meter || !reaches(scope, meter.machineId)) {
      throw notFound(M.notFound);
    }
    const page = request.page ?? 0;
    const size = request.size ?? MeterLimits.readingsPageSize;
    const { rows, total } = await this.meters.page(meter.id, page, size, readingsShownOnlyOf(actor));
    return pageOf(await this.views(actor.accountId, rows), total, page, size);
  }

  /**
   * Void or unvoid. Unvoiding must fit the sequence like a new reading (422 with the neighbours).
   * An operator changes only their own, within the window (reading-policy).
   */
  async setVoid(actor: Actor, request: UpdateReadingRequest, meta?: RpcMeta): Promise<MeterReading> {
    const scope = await this.access.scope(actor);
    const changed = await this.dataSource.transaction(async (manager) => {
      const found = isValidId(request?.id) ? await this.meters.ownedReading(manager, actor.accountId, request.id) : null;
      if (!found || !reaches(scope, found.machineId) || !seesReading(actor, found)) {
        throw notFound(M.readingNotFound);
      }
      mustStillChange(actor, found);
      await this.machines.lock(manager, found.machineId);
      const reading = (await this.meters.ownedReading(manager, actor.accountId, found.id))!;
      const wanted = request.reading.void;
      if (reading.void === wanted) {
        return reading;
      }
      if (!wanted) {
        const at = { meterId: reading.meterId, segmentId: reading.segmentId, readAt: reading.readAt, id: reading.id };
        const conflict = sequenceConflict(await this.meters.neighbours(manager, at), reading);
        if (conflict) {
          throw outOfSequence(await this.named(manager, at, conflict));
        }
      }
      // Changed by hand: no longer void because of another reading.
      await this.meters.updateReading(manager, reading.id, { void: wanted, updatedBy: actor.userId, voidedBy: null });
      const meter = (await this.meters.owned(manager, actor.accountId, reading.meterId))!;
      await this.readingChanged(manager, meter, { ...reading, void: wanted }, callContext(actor, meta));
      // Issue 38: the readings void only because they conflicted with this one are placed again.
      await this.reviveVoidedBy(manager, [reading.id], callContext(actor, meta));
      await this.changed(manager, actor.accountId, reading.machineId, callContext(actor, meta));
      return { ...reading, void: wanted, updatedBy: actor.userId };
    });
    return this.view(actor.accountId, changed);
  }

  /** A new physical meter from readAt on: a segment whose offset carries the lifetime value on. */
  async replace(actor: Actor, request: ReplaceMeterRequest, meta?: RpcMeta): Promise<MeterReading> {
    const input = request.replacement;
    mustLookAfterMeters(actor);
    const placed = await this.dataSource.transaction(async (manager) => {
      const meter = await this.meterForWrite(manager, actor, request?.meterId);
      const start = checkReadingValue(meter.kind, input.newStartValue, 'newStartValue');
      const current = await this.mustBeLatest(manager, meter.id, input.readAt);
      const segment = await this.meters.addSegment(manager, actor.accountId, meter.id, input.readAt, replacementOffset(current?.lifetime ?? 0, start));
      const row = await this.meters.insertReading(manager, {
        accountId: actor.accountId,
        machineId: meter.machineId,
        meterId: meter.id,
        segmentId: segment.id,
        value: start,
        lifetime: roundTo(start + segment.offset, 1),
        readAt: input.readAt,
        void: false,
        rollover: false,
        replacement: true,
        source: 'manual',
        sourceId: null,
        idempotencyKey: meta?.idempotencyKey ?? null,
        createdBy: actor.userId,
      });
      const ctx = callContext(actor, meta);
      await this.readingCreated(manager, meter, row, ctx);
      await this.changed(manager, actor.accountId, meter.machineId, ctx);
      return row;
    });
    return this.view(actor.accountId, placed);
  }

  /** Readings as the API answers them: with who added and last changed each (one query for all). */
  async views(accountId: number, rows: readonly ReadingRow[]): Promise<MeterReading[]> {
    const people = await this.members.audit(accountId, rows);
    return rows.map((r, i) => ({ ...toReading(r), ...people[i] }));
  }

  private async view(accountId: number, row: ReadingRow): Promise<MeterReading> {
    const [view] = await this.views(accountId, [row]);
    return view;
  }

  /**
   * Places a reading on its meter: in the segment of its date (a flagged rollover starts a new one),
   * checked against the sequence unless it is void. Out of sequence answers 422 with the
   * neighbours, or with `voidIfOutOfSequence` (readings that come from records or the machine's own
   * fields, which cannot be refused) is kept as void for the user to sort out in the Meters tab.
   * A live reading is announced (schedule.reading.created) in the same transaction.
   */
  async place(
    manager: EntityManager,
    meter: MeterEntity,
    r: {
      value: number;
      readAt: string;
      void: boolean;
      rollover: boolean;
      source: ReadingSource;
      sourceId: number | null;
      idempotencyKey: string | null;
      importId?: number;
      importRow?: number;
    },
    options: { voidIfOutOfSequence?: boolean; ctx: CallContext },
  ): Promise<ReadingEntity> {
    let segment = segmentFor(await this.meters.segments(manager, meter.id), r.readAt);
    if (r.rollover && !r.void) {
      await this.mustBeLatest(manager, meter.id, r.readAt);
      segment = await this.meters.addSegment(manager, meter.accountId, meter.id, r.readAt, rolloverOffset(segment.offset, meter.rolloverValue));
    }
    let isVoid = r.void;
    // Issue 38: the reading whose conflict leaves this one void, and the machine-field readings this one overrides.
    let voidedBy: number | null = null;
    let yielded: ReadingEntity[] = [];
    if (!isVoid) {
      const at = { meterId: meter.id, segmentId: segment.id, readAt: r.readAt };
      let conflict = sequenceConflict(await this.meters.neighbours(manager, at), r);
      if (conflict && options.voidIfOutOfSequence && r.source !== 'manual') {
        ({ conflict, yielded } = await this.yieldAsOfReadings(manager, meter, at, r, conflict, options.ctx));
      }
      if (conflict) {
        if (!options.voidIfOutOfSequence) {
          throw outOfSequence(await this.named(manager, at, conflict));
        }
        isVoid = true;
        voidedBy = (conflict.before ?? conflict.after)!.id;
      }
    }
    const row = await this.meters.insertReading(manager, {
      accountId: meter.accountId,
      machineId: meter.machineId,
      meterId: meter.id,
      segmentId: segment.id,
      value: r.value,
      lifetime: roundTo(r.value + segment.offset, 1),
      readAt: r.readAt,
      void: isVoid,
      rollover: r.rollover,
      replacement: false,
      source: r.source,
      sourceId: r.sourceId,
      idempotencyKey: r.idempotencyKey,
      importId: r.importId ?? null,
      importRow: r.importRow ?? null,
      voidedBy,
      // The member behind the call or event (an import's creator for an import).
      createdBy: options.ctx.actor?.userId ?? null,
    });
    for (const overridden of yielded) {
      await this.meters.updateReading(manager, overridden.id, { voidedBy: row.id });
    }
    await this.readingCreated(manager, meter, row, options.ctx);
    return row;
  }

  /**
   * A value typed in the machine's own fields is "as of" the day it was typed, not a dated
   * observation: a record's dated reading that it contradicts (history entered after the machine
   * was created) wins, and the typed value is voided instead (issue 38). Any other conflict stays.
   */
  private async yieldAsOfReadings(
    manager: EntityManager,
    meter: MeterEntity,
    at: { meterId: number; segmentId: number; readAt: string },
    candidate: { value: number },
    conflict: { before: ReadingEntity | null; after: ReadingEntity | null } | null,
    ctx: CallContext,
  ): Promise<{ conflict: { before: ReadingEntity | null; after: ReadingEntity | null } | null; yielded: ReadingEntity[] }> {
    const yielded: ReadingEntity[] = [];
    while (conflict) {
      const blocking = [conflict.before, conflict.after].filter((x): x is ReadingEntity => x !== null);
      if (!blocking.every(isMachineFieldReading)) {
        return { conflict, yielded };
      }
      for (const reading of blocking) {
        await this.meters.updateReading(manager, reading.id, { void: true });
        await this.readingChanged(manager, meter, { ...reading, void: true }, ctx);
        yielded.push(reading);
      }
      conflict = sequenceConflict(await this.meters.neighbours(manager, at), candidate);
    }
    return { conflict: null, yielded };
  }

  /**
   * Issue 38: these readings were voided or deleted, so the readings left void only because they
   * conflicted with one of them are placed again, oldest first: live when they now fit the sequence,
   * else void because of the reading they still break with. A reading voided by hand is never touched.
   */
  private async reviveVoidedBy(manager: EntityManager, gone: readonly number[], ctx: CallContext): Promise<void> {
    const meters = new Map<number, MeterEntity | null>();
    for (const r of await this.meters.voidBecauseOf(manager, gone)) {
      const conflict = sequenceConflict(await this.meters.neighbours(manager, { meterId: r.meterId, segmentId: r.segmentId, readAt: r.readAt, id: r.id }), r);
      if (conflict) {
        await this.meters.updateReading(manager, r.id, { voidedBy: (conflict.before ?? conflict.after)!.id });
        continue;
      }
      await this.meters.updateReading(manager, r.id, { void: false, voidedBy: null });
      if (!meters.has(r.meterId)) {
        meters.set(r.meterId, await this.meters.owned(manager, r.accountId, r.meterId));
      }
      const meter = meters.get(r.meterId);
      if (meter) {
        await this.readingChanged(manager, meter, { ...r, void: false }, ctx);
      }
    }
  }

  /** schedule.reading.created for a live reading (a void one is a typo or out of sequence: no news); report-service's state of it either way. */
  private async readingCreated(manager: EntityManager, meter: MeterEntity, row: ReadingEntity, ctx: CallContext): Promise<void> {
    await this.readingChanged(manager, meter, row, ctx);
    if (row.void) {
      return;
    }
    await this.outbox.enqueue(manager, SCHEDULE_READING_CREATED, readingCreatedEvent(meter, row), ctx);
  }

  /** schedule.reading.changed: report-service's copy of the reading (usage in a period), live or not. */
  private async readingChanged(
    manager: EntityManager,
    meter: MeterEntity,
    row: Pick<ReadingEntity, 'id' | 'lifetime' | 'readAt' | 'void'>,
    ctx: CallContext,
    deleted = false,
  ): Promise<void> {
    await this.outbox.enqueue(manager, SCHEDULE_READING_CHANGED, readingChangedEvent(meter, row, deleted), ctx);
  }

  /** Deletes readings (their record was edited or deleted) and tells report-service they are gone. */
  async deleteReadings(manager: EntityManager, rows: readonly ReadingEntity[], ctx: CallContext): Promise<void> {
    if (rows.length === 0) {
      return;
    }
    await this.meters.deleteReadings(
      manager,
      rows.map((r) => r.id),
    );
    await this.reviveVoidedBy(
      manager,
      rows.map((r) => r.id),
      ctx,
    );
    const meters = new Map<number, MeterEntity | null>();
    for (const r of rows) {
      if (!meters.has(r.meterId)) {
        meters.set(r.meterId, await this.meters.owned(manager, r.accountId, r.meterId));
      }
      const meter = meters.get(r.meterId);
      if (meter) {
        await this.readingChanged(manager, meter, r, ctx, true);
      }
    }
  }

  /**
   * After readings or meters of a machine changed: recompute its schedules and tell machine-service
   * the current values (the machine's miles and hours). `cause` and `completed`: see ScheduleRecompute.
   */
  async changed(
    manager: EntityManager,
    accountId: number,
    machineId: number,
    ctx: CallContext,
    cause: ScheduleStatusCause = 'reading',
    completed: readonly number[] = [],
  ): Promise<void> {
    const today = this.today();
    await this.recompute.machine(manager, accountId, machineId, today, ctx, cause, completed);
    const meters = await this.meters.ofMachine(manager, accountId, machineId);
    const readings = await this.meters.liveEnds(
      manager,
      meters.map((m) => m.id),
      rateWindow(today),
    );
    await this.outbox.enqueue(manager, METERS_CHANGED, metersChangedEvent(machineId, accountId, meters, readings), ctx);
  }

  /** A hand-entered live reading the meter already has (same day, same value) is a double entry: 409 (a record's reading of that day is another thing). */
  private async mustNotRepeat(
    manager: EntityManager,
    meter: MeterEntity,
    value: number,
    input: { readAt: string; void?: boolean; rollover?: boolean },
  ): Promise<void> {
    if (input.void === true || input.rollover === true) {
      return;
    }
    const segment = segmentFor(await this.meters.segments(manager, meter.id), input.readAt);
    if (await this.meters.sameReading(manager, { meterId: meter.id, segmentId: segment.id, readAt: input.readAt, value })) {
      throw conflict(M.duplicate);
    }
  }

  /** Rollovers and replacements start a segment: on or after the current reading's date (422 naming it). Answers the current reading. */
  private async mustBeLatest(manager: EntityManager, meterId: number, readAt: string): Promise<ReadingEntity | null> {
    const latest = await this.meters.current(manager, meterId);
    if (latest && latest.readAt > readAt) {
      throw outOfSequence({ before: null, after: toReading(latest) }, M.rolloverNotLatest);
    }
    return latest;
  }

  /**
   * The readings a conflict names, as the API answers them. Of several earlier days that read the
   * same highest value the first is named (as when the whole meter was compared), an extra query
   * only on the way to a 422.
   */
  private async named(
    manager: EntityManager,
    at: { meterId: number; segmentId: number; readAt: string; id?: number },
    conflict: { before: ReadingEntity | null; after: ReadingEntity | null },
  ): Promise<OutOfSequenceDetails> {
    const before = conflict.before && ((await this.meters.firstOfValue(manager, at, conflict.before.value)) ?? conflict.before);
    return { before: before && toReading(before), after: conflict.after && toReading(conflict.after) };
  }

  /** The account's meter of a machine the caller reaches, its machine locked for the write; else not found. */
  async meterForWrite(manager: EntityManager, actor: Actor, id: unknown): Promise<MeterEntity> {
    const scope = await this.access.scope(actor);
    const found = isValidId(id) ? await this.meters.owned(manager, actor.accountId, id) : null;
    if (!found || !reaches(scope, found.machineId)) {
      throw notFound(M.notFound);
    }
    // The machine's row orders the writes of its meters and schedules (PostgreSQL).
    await this.machines.lock(manager, found.machineId);
    return found;
  }
}
