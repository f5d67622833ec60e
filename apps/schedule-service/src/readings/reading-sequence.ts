import { Injectable } from '@nestjs/common';
import { SCHEDULE_READING_CHANGED, SCHEDULE_READING_CREATED, MeterMessages as M, type OutOfSequenceDetails, type ReadingSource } from '@wrenchlog/contracts';
import { Outbox, type CallContext } from '@wrenchlog/platform';
import type { EntityManager } from 'typeorm';
import type { MeterEntity } from '../meters/meter.entity.js';
import { isMachineFieldReading, outOfSequence, rolloverOffset, roundTo, segmentFor, sequenceConflict } from '../meters/meter.rules.js';
import { MetersRepository } from '../meters/meters.repository.js';
import type { ReadingEntity } from '../meters/reading.entity.js';
import { readingChangedEvent, readingCreatedEvent, toReading } from './reading-events.js';

/**
 * A meter's sequence of readings: where a reading goes (its segment, live or void and why), what
 * voiding or deleting one gives back, and the events that tell report-service and the schedules.
 * Every write of readings (the Meters tab, record events, imports) places them through here.
 */
@Injectable()
export class ReadingSequence {
  constructor(
    private readonly meters: MetersRepository,
    private readonly outbox: Outbox,
  ) {}

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
  async reviveVoidedBy(manager: EntityManager, gone: readonly number[], ctx: CallContext): Promise<void> {
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
  async readingCreated(manager: EntityManager, meter: MeterEntity, row: ReadingEntity, ctx: CallContext): Promise<void> {
    await this.readingChanged(manager, meter, row, ctx);
    if (row.void) {
      return;
    }
    await this.outbox.enqueue(manager, SCHEDULE_READING_CREATED, readingCreatedEvent(meter, row), ctx);
  }

  /** schedule.reading.changed: report-service's copy of the reading (usage in a period), live or not. */
  async readingChanged(
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

  /** Rollovers and replacements start a segment: on or after the current reading's date (422 naming it). Answers the current reading. */
  async mustBeLatest(manager: EntityManager, meterId: number, readAt: string): Promise<ReadingEntity | null> {
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
  async named(
    manager: EntityManager,
    at: { meterId: number; segmentId: number; readAt: string; id?: number },
    conflict: { before: ReadingEntity | null; after: ReadingEntity | null },
  ): Promise<OutOfSequenceDetails> {
    const before = conflict.before && ((await this.meters.firstOfValue(manager, at, conflict.before.value)) ?? conflict.before);
    return { before: before && toReading(before), after: conflict.after && toReading(conflict.after) };
  }
}
