import { Injectable } from '@nestjs/common';
import {
  ReadingBatchMessages as M,
  SCHEDULE_READING_CHANGED,
  SCHEDULE_READING_CREATED,
  type Actor,
  type BatchReadingInput,
  type ReadingBatchError,
  type ReadingBatchRequest,
  type ReadingBatchResult,
  type RpcMeta,
} from '@wrenchlog/contracts';
import { DomainError, Outbox, type CallContext } from '@wrenchlog/platform';
import { DataSource, type EntityManager } from 'typeorm';
import { MachineAccess, reaches } from '../machines/machine-access.js';
import { MachinesRepository } from '../machines/machines.repository.js';
import type { MeterSegmentEntity } from '../meters/meter-segment.entity.js';
import type { MeterEntity } from '../meters/meter.entity.js';
import type { ReadingEntity } from '../meters/reading.entity.js';
import { checkReadingValue, roundTo, segmentFor, sequenceConflict } from '../meters/meter.rules.js';
import { MetersRepository } from '../meters/meters.repository.js';
import {
  batchCode,
  batchError,
  firstOfValueIn,
  machineNamed,
  machinesByKey,
  neighboursIn,
  outOfSequenceMessage,
  placingOrder,
  readingDay,
  type LiveFacts,
  type Named,
} from './reading-batch.rules.js';
import { callContext, readingChangedEvent, readingCreatedEvent } from './reading-events.js';
import { ReadingsService } from './readings.service.js';

/** Above any batch's readings: the provisional ids of readings not yet written stay above every stored one. */
const MAX_PLACED = 1_000_000;

type Target = { index: number; item: BatchReadingInput } & Named;

/** A meter the batch writes to: its segments and its live readings by segment, loaded once. */
interface MeterState {
  meter: MeterEntity;
  segments: MeterSegmentEntity[];
  live: Map<number, LiveFacts[]>;
}

/** A reading judged to be stored, written with the others of the batch at the end. */
type NewReading = Omit<ReadingEntity, 'id' | 'dateCreated' | 'updatedBy' | 'voidedBy'>;

/**
 * schedule.reading.batch (issue 33): up to 1,000 readings in one transaction, each judged as a
 * single reading is (its machine reached, its value, the duplicate and sequence rules of
 * meter.rules); one already stored (same meter, day and value) is skipped, one refused is reported
 * by index and the rest stored. A meter's segments and live readings are read once per batch, not
 * per reading, and the stored ones are written in bulk at the end (a 1,000-reading batch asked the
 * database some 9,000 times the single-reading way). Stored readings announce themselves through the
 * outbox as one reading does, and each machine's
 * schedules and current values are recomputed once at the end.
 */
@Injectable()
export class ReadingBatchService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly meters: MetersRepository,
    private readonly machines: MachinesRepository,
    private readonly readings: ReadingsService,
    private readonly access: MachineAccess,
    private readonly outbox: Outbox,
  ) {}

  async batch(actor: Actor, request: ReadingBatchRequest, meta?: RpcMeta): Promise<ReadingBatchResult> {
    const byKey = machinesByKey(request.machines ?? []);
    const targets: Target[] = request.batch.readings.map((item, index) => ({ index, item, ...machineNamed(item, byKey) }));
    const scope = await this.access.scope(actor);
    const ctx = callContext(actor, meta);
    const errors: ReadingBatchError[] = [];
    let stored = 0;
    let skipped = 0;
    await this.dataSource.transaction(async (manager) => {
      const metersOf = await this.lockMachines(manager, actor, targets, (id) => reaches(scope, id));
      const states = new Map<number, MeterState>();
      const fresh: { meter: MeterEntity; reading: NewReading }[] = [];
      const touched = new Set<number>();
      for (const { index, item, machineId, problem } of placingOrder(targets)) {
        const meter = machineId === undefined ? undefined : metersOf.get(machineId)?.find((m) => m.kind === item.kind);
        if (problem || !meter) {
          errors.push(
            problem
              ? batchError(index, item, problem.code, problem.message)
              : batchError(index, item, 'NOT_FOUND', metersOf.has(machineId!) ? M.noMeter : M.machineNotFound),
          );
          continue;
        }
        try {
          const outcome = this.judge(await this.stateOf(manager, meter, states), item, ctx, fresh.length);
          if (typeof outcome === 'object' && 'reading' in outcome) {
            fresh.push({ meter, reading: outcome.reading });
            stored += 1;
            touched.add(meter.machineId);
          } else if (outcome === 'skipped') {
            skipped += 1;
          } else {
            errors.push(batchError(index, item, 'METER_OUT_OF_SEQUENCE', outcome.outOfSequence));
          }
        } catch (err) {
          const code = err instanceof DomainError ? batchCode(err.code) : null;
          if (!code) {
            throw err;
          }
          errors.push(batchError(index, item, code, (err as DomainError).message));
        }
      }
      const rows = await this.meters.insertReadings(
        manager,
        fresh.map((f) => f.reading),
      );
      // As one reading announces itself (ReadingSequence.place): report-service's copy, then the news.
      await this.outbox.enqueueMany(
        manager,
        SCHEDULE_READING_CHANGED,
        rows.map((row, i) => readingChangedEvent(fresh[i]!.meter, row, false)),
        ctx,
      );
      await this.outbox.enqueueMany(
        manager,
        SCHEDULE_READING_CREATED,
        rows.map((row, i) => readingCreatedEvent(fresh[i]!.meter, row)),
        ctx,
      );
      for (const id of [...touched].sort((x, y) => x - y)) {
        await this.readings.changed(manager, actor.accountId, id, ctx);
      }
    });
    return { stored, skipped, errors: errors.sort((x, y) => x.index - y.index) };
  }

  /**
   * The meters of each machine the batch names that the caller reaches, each machine's row locked
   * for the transaction in id order (two batches naming the same machines cannot deadlock); a
   * machine another account's, unknown or out of reach is absent.
   */
  private async lockMachines(
    manager: EntityManager,
    actor: Actor,
    targets: readonly Target[],
    reached: (machineId: number) => boolean,
  ): Promise<Map<number, MeterEntity[]>> {
    const ids = [...new Set(targets.flatMap((t) => (t.machineId === undefined ? [] : [t.machineId])))].sort((x, y) => x - y);
    const metersOf = new Map<number, MeterEntity[]>();
    for (const id of ids) {
      if (reached(id) && (await this.machines.ownedForWrite(manager, actor.accountId, id))) {
        metersOf.set(id, await this.meters.ofMachine(manager, actor.accountId, id));
      }
    }
    return metersOf;
  }

  private async stateOf(manager: EntityManager, meter: MeterEntity, states: Map<number, MeterState>): Promise<MeterState> {
    let state = states.get(meter.id);
    if (!state) {
      const live = new Map<number, LiveFacts[]>();
      for (const r of await this.meters.liveReadings(manager, meter.id)) {
        const ofSegment = live.get(r.segmentId) ?? [];
        ofSegment.push({ id: r.id, value: r.value, readAt: r.readAt });
        live.set(r.segmentId, ofSegment);
      }
      state = { meter, segments: await this.meters.segments(manager, meter.id), live };
      states.set(meter.id, state);
    }
    return state;
  }

  /**
   * One reading, as a hand-entered one: skipped when the meter has it (same day and value), refused
   * out of sequence with the neighbour it breaks (the single reading's 422 in words), else the row
   * to store, counted among the meter's live readings for the readings after it (with an id above
   * every stored one until the batch's rows are written in bulk).
   */
  private judge(
    { meter, segments, live }: MeterState,
    item: BatchReadingInput,
    ctx: CallContext,
    placed: number,
  ): 'skipped' | { outOfSequence: string } | { reading: NewReading } {
    const value = checkReadingValue(meter.kind, item.value);
    const readAt = readingDay(item.readAt);
    const segment = segmentFor(segments, readAt);
    const readings = live.get(segment.id) ?? [];
    if (readings.some((r) => r.readAt === readAt && r.value === value)) {
      return 'skipped';
    }
    const conflict = sequenceConflict(neighboursIn(readings, readAt), { value });
    if (conflict) {
      const before = conflict.before && (firstOfValueIn(readings, readAt, conflict.before.value) ?? conflict.before);
      return { outOfSequence: outOfSequenceMessage(value, { before, after: conflict.after }) };
    }
    live.set(segment.id, readings);
    readings.push({ id: Number.MAX_SAFE_INTEGER - MAX_PLACED + placed, value, readAt });
    return {
      reading: {
        accountId: meter.accountId,
        machineId: meter.machineId,
        meterId: meter.id,
        segmentId: segment.id,
        value,
        lifetime: roundTo(value + segment.offset, 1),
        readAt,
        void: false,
        rollover: false,
        replacement: false,
        source: 'manual',
        sourceId: null,
        idempotencyKey: null,
        importId: null,
        importRow: null,
        createdBy: ctx.actor?.userId ?? null,
      },
    };
  }
}
