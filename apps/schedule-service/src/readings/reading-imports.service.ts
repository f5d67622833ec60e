import { Injectable } from '@nestjs/common';
import type {
  Actor,
  ImportApplyRequest,
  ImportApplyResult,
  ImportCheckRequest,
  ImportCheckResult,
  ImportHandReadingsRequest,
  ImportHandReadingsResult,
  ImportRevertRequest,
  ImportRevertResult,
  RpcMeta,
} from '@wrenchlog/contracts';
import { applyImportRowByRow, DomainError, Outbox, revertImportRecords, unavailable } from '@wrenchlog/platform';
import { DataSource, type EntityManager } from 'typeorm';
import { MachinesRepository } from '../machines/machines.repository.js';
import type { MeterEntity } from '../meters/meter.entity.js';
import { checkReadingValue, segmentFor, sequenceConflict } from '../meters/meter.rules.js';
import { MetersRepository } from '../meters/meters.repository.js';
import { ReadingEntity } from '../meters/reading.entity.js';
import { ScheduleImportsService } from '../schedules/schedule-imports.service.js';
import { inMeterUnit, readImportedReading, readRestoredReading, sequenceMessage, type ImportedReading } from './reading-import.rules.js';
import { callContext } from './reading-events.js';
import { ReadingsService } from './readings.service.js';
import { ReadingSequence } from './reading-sequence.js';

/** What a reading would meet on its meter: a stored live reading it repeats, or why the meter refuses it. */
type Verdict = { value: number; duplicateOf: number | null; problem: string | null };

/**
 * Readings of an import (issue 23): the dry run's check against what is stored, and the import
 * job's `schedule.import.apply` / `.revert`. Both judge a row the same way (judge()), so a row that
 * passes review is not refused at import for a rule of the meter.
 */
@Injectable()
export class ReadingImportsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly meters: MetersRepository,
    private readonly machines: MachinesRepository,
    private readonly readings: ReadingsService,
    private readonly sequence: ReadingSequence,
    private readonly outbox: Outbox,
    private readonly scheduleImports: ScheduleImportsService,
  ) {}

  /** schedule.import.check: rows repeating a stored reading (same meter, day and value), and rows the meter's sequence refuses. */
  async check({ accountId }: Actor, request: ImportCheckRequest): Promise<ImportCheckResult> {
    const manager = this.dataSource.manager;
    const out: ImportCheckResult = { duplicates: [], problems: [] };
    const meters = new Map<number, MeterEntity | null>();
    for (const row of request?.rows ?? []) {
      const { value, problem } = readImportedReading(row.record);
      if (!value) {
        out.problems.push({ rowNumber: row.rowNumber, message: problem });
        continue;
      }
      // A machine not known here yet (created by this import, or an event on its way) has nothing stored to compare with.
      const meter = await this.distanceMeter(manager, accountId, value.machineId, meters);
      if (!meter) {
        continue;
      }
      const verdict = await this.judge(manager, meter, value);
      if (verdict.problem) {
        out.problems.push({ rowNumber: row.rowNumber, message: verdict.problem });
      } else if (verdict.duplicateOf !== null) {
        out.duplicates.push({ rowNumber: row.rowNumber, id: verdict.duplicateOf });
      }
    }
    return out;
  }

  /**
   * schedule.import.apply: one batch in one transaction, each row placed on its machine's distance
   * meter as a reading of source `import` with its import id and row; then the machines' schedules
   * and current values once each. A machine this service has not heard of yet (the import created
   * it a moment ago) fails the batch as unavailable, so the job sends it again.
   */
  async apply(caller: Actor, request: ImportApplyRequest, meta?: RpcMeta): Promise<ImportApplyResult> {
    const { accountId } = caller;
    const ctx = callContext(caller, meta);
    const result = await this.dataSource.transaction(async (manager) => {
      const meters = new Map<number, MeterEntity | null>();
      const touched = new Set<number>();
      const result = await applyImportRowByRow(manager, ReadingEntity, request, async (row) => {
        const { value, problem } = readImportedReading(row.record);
        if (!value) {
          return { failed: problem };
        }
        const known = meters.has(value.machineId) ? true : await this.machines.lock(manager, value.machineId);
        if (!known) {
          throw unavailable(`Machine ${value.machineId} is not known to the meters yet`);
        }
        const meter = await this.distanceMeter(manager, accountId, value.machineId, meters);
        if (!meter) {
          return { failed: 'Machine not found' };
        }
        const verdict = await this.judge(manager, meter, value);
        if (verdict.problem) {
          return { failed: verdict.problem };
        }
        const reading = await this.sequence.place(
          manager,
          meter,
          {
            value: verdict.value,
            readAt: value.readAt,
            void: false,
            rollover: false,
            source: 'import',
            sourceId: null,
            idempotencyKey: null,
            importId: request.importId,
            importRow: row.rowNumber,
          },
          { ctx },
        );
        touched.add(meter.machineId);
        return { id: reading.id };
      });
      for (const machineId of touched) {
        await this.readings.changed(manager, accountId, machineId, ctx);
      }
      return result;
    });
    // The job waits while this service's events are behind (IMPORT_OUTBOX_HIGH), as with the other owners.
    return { ...result, backlog: await this.outbox.backlog() };
  }

  /**
   * schedule.import.applyReadings (a restore's meter-readings.csv): one batch in one transaction,
   * each reading placed on its machine's meter of its kind, of source `import` with its import id
   * and row, void and rollover as exported. The original's live readings fit one sequence; one that
   * no longer fits what the account holds is kept as void (as a machine's own miles are), never
   * refused, so a restore is not rolled back for it.
   */
  async applyReadings(caller: Actor, request: ImportApplyRequest, meta?: RpcMeta): Promise<ImportApplyResult> {
    const { accountId } = caller;
    const ctx = callContext(caller, meta);
    const result = await this.dataSource.transaction(async (manager) => {
      const known = new Set<number>();
      const touched = new Set<number>();
      const result = await applyImportRowByRow(manager, ReadingEntity, request, async (row) => {
        const { value, problem } = readRestoredReading(row.record);
        if (!value) {
          return { failed: problem };
        }
        if (!known.has(value.machineId)) {
          if (!(await this.machines.lock(manager, value.machineId))) {
            throw unavailable(`Machine ${value.machineId} is not known to the meters yet`);
          }
          known.add(value.machineId);
        }
        const meter = (await this.machines.owned(manager, accountId, value.machineId))
          ? (await this.meters.ofMachine(manager, accountId, value.machineId)).find((m) => m.kind === value.meterKind)
          : undefined;
        if (!meter) {
          return { failed: 'Machine not found' };
        }
        let reading: number;
        try {
          reading = checkReadingValue(meter.kind, value.meterKind === 'hours' ? value.value : inMeterUnit(value.value, value.unit as 'mi' | 'km', meter.unit));
        } catch (err) {
          if (err instanceof DomainError) {
            return { failed: err.message };
          }
          throw err;
        }
        const placed = await this.sequence.place(
          manager,
          meter,
          {
            value: reading,
            readAt: value.readAt,
            void: value.void,
            rollover: value.rollover,
            source: 'import',
            sourceId: null,
            idempotencyKey: null,
            importId: request.importId,
            importRow: row.rowNumber,
          },
          { voidIfOutOfSequence: true, ctx },
        );
        touched.add(meter.machineId);
        return { id: placed.id };
      });
      for (const machineId of touched) {
        await this.readings.changed(manager, accountId, machineId, ctx);
      }
      return result;
    });
    return { ...result, backlog: await this.outbox.backlog() };
  }

  /** schedule.import.revert: deletes exactly that import's schedules and readings of the account (never one entered since), then recomputes their machines. */
  async revert(caller: Actor, request: ImportRevertRequest, meta?: RpcMeta): Promise<ImportRevertResult> {
    const ctx = callContext(caller, meta);
    const schedules = await this.scheduleImports.revert(caller, request.importId, meta);
    const readings = await revertImportRecords(this.dataSource, ReadingEntity, caller.accountId, request.importId, async (manager, rows) => {
      // The rows are gone already; this announces them (report-service's copies) and recomputes each machine once.
      await this.sequence.deleteReadings(manager, rows, ctx);
      for (const machineId of new Set(rows.map((r) => r.machineId))) {
        if (await this.machines.owned(manager, caller.accountId, machineId)) {
          await this.readings.changed(manager, caller.accountId, machineId, ctx);
        }
      }
    });
    return { deleted: schedules + readings };
  }

  /** schedule.import.handReadings: which of the account's machines have readings entered on their meters (Revert keeps those machines). */
  async handReadings({ accountId }: Actor, request: ImportHandReadingsRequest): Promise<ImportHandReadingsResult> {
    const ids = (request?.machineIds ?? []).filter((id) => Number.isSafeInteger(id) && id > 0);
    return { machineIds: await this.meters.machinesWithHandReadings(accountId, ids) };
  }

  /** The value in the meter's unit and rules, a stored live reading of the same day and value, or the sequence conflict. */
  private async judge(manager: EntityManager, meter: MeterEntity, reading: ImportedReading): Promise<Verdict> {
    let value: number;
    try {
      value = checkReadingValue(meter.kind, inMeterUnit(reading.value, reading.unit, meter.unit));
    } catch (err) {
      if (err instanceof DomainError) {
        return { value: reading.value, duplicateOf: null, problem: err.message };
      }
      throw err;
    }
    const segment = segmentFor(await this.meters.segments(manager, meter.id), reading.readAt);
    const same = await this.meters.sameReading(manager, { meterId: meter.id, segmentId: segment.id, readAt: reading.readAt, value });
    if (same) {
      return { value, duplicateOf: same.id, problem: null };
    }
    const at = { meterId: meter.id, segmentId: segment.id, readAt: reading.readAt };
    const conflict = sequenceConflict(await this.meters.neighbours(manager, at), { value });
    if (!conflict) {
      return { value, duplicateOf: null, problem: null };
    }
    // Of several earlier days that read the same highest value, the first is named (as the API's 422 does).
    const before = conflict.before && ((await this.meters.firstOfValue(manager, at, conflict.before.value)) ?? conflict.before);
    return { value, duplicateOf: null, problem: sequenceMessage(value, { before, after: conflict.after }) };
  }

  /** The account's machine's distance meter (cached per call), or null when the machine is not the account's or has none. */
  private async distanceMeter(
    manager: EntityManager,
    accountId: number,
    machineId: number,
    cache: Map<number, MeterEntity | null>,
  ): Promise<MeterEntity | null> {
    if (!cache.has(machineId)) {
      const owned = await this.machines.owned(manager, accountId, machineId);
      cache.set(machineId, owned ? ((await this.meters.ofMachine(manager, accountId, machineId)).find((m) => m.kind === 'distance') ?? null) : null);
    }
    return cache.get(machineId) ?? null;
  }
}
