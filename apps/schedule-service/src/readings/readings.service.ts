import { Injectable } from '@nestjs/common';
import {
  METERS_CHANGED,
  MeterLimits,
  MeterMessages as M,
  pageOf,
  type Actor,
  type CreateReadingRequest,
  type MeterReading,
  type MeterReadingPage,
  type ReadingListRequest,
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
import { checkReadingValue, outOfSequence, rateWindow, replacementOffset, roundTo, segmentFor, sequenceConflict } from '../meters/meter.rules.js';
import { MetersRepository, type ReadingRow } from '../meters/meters.repository.js';
import { ScheduleRecompute } from '../schedules/schedule-recompute.js';
import { mustLookAfterMeters, mustStillChange, readingsShownOnlyOf, seesReading } from './reading-policy.js';
import { callContext, metersChangedEvent, toReading } from './reading-events.js';
import { ReadingSequence } from './reading-sequence.js';

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
    private readonly sequence: ReadingSequence,
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
          const row = await this.sequence.place(
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
          throw outOfSequence(await this.sequence.named(manager, at, conflict));
        }
      }
      // Changed by hand: no longer void because of another reading.
      await this.meters.updateReading(manager, reading.id, { void: wanted, updatedBy: actor.userId, voidedBy: null });
      const meter = (await this.meters.owned(manager, actor.accountId, reading.meterId))!;
      await this.sequence.readingChanged(manager, meter, { ...reading, void: wanted }, callContext(actor, meta));
      // Issue 38: the readings void only because they conflicted with this one are placed again.
      await this.sequence.reviveVoidedBy(manager, [reading.id], callContext(actor, meta));
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
      const current = await this.sequence.mustBeLatest(manager, meter.id, input.readAt);
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
      await this.sequence.readingCreated(manager, meter, row, ctx);
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
