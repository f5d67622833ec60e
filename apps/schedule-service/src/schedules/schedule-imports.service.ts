import { Injectable } from '@nestjs/common';
import {
  checkImportRecord,
  isValidId,
  ScheduleInput,
  type Actor,
  type ImportApplyRequest,
  type ImportApplyResult,
  type ImportCheckRequest,
  type ImportCheckResult,
  type RestoredCompletion,
  type RpcMeta,
} from '@wrenchlog/contracts';
import { applyImportRowByRow, DomainError, Outbox, revertImportRecords, unavailable } from '@wrenchlog/platform';
import { DataSource, In, type EntityManager } from 'typeorm';
import { MachinesRepository } from '../machines/machines.repository.js';
import { KnownRecordEntity } from '../records/known-record.entity.js';
import { CompletionEntity } from './completion.entity.js';
import { MachineMeters, type MachineMeterStates } from './machine-meters.js';
import { ScheduleRecompute } from './schedule-recompute.js';
import { stateOf } from './schedule-state.js';
import { ScheduleEntity } from './schedule.entity.js';
import { checkSchedule, restoredBaseline, userScheduleDraft, type ScheduleSettings } from './schedule.rules.js';
import { SchedulesRepository } from './schedules.repository.js';
import { callContext, SchedulesService } from './schedules.service.js';

/**
 * A restore's schedule row (libs/importers' ScheduleRow): the settings as exported and its history,
 * with the completions the import job linked to the service records the restore wrote.
 */
interface RestoredRecord {
  machineId?: unknown;
  recurring?: unknown;
  done?: unknown;
  baseDate?: string | null;
  baseDistance?: number | null;
  baseHours?: number | null;
  lastDoneDate?: string | null;
  lastDoneDistance?: number | null;
  lastDoneHours?: number | null;
  completions?: number;
  completedBy?: unknown;
}

interface RestoredSchedule {
  machineId: number;
  settings: ScheduleSettings;
  /** Its completions, linked to the restored service records (empty when they are not: the baseline then gives the next due). */
  completions: RestoredCompletion[];
  /** A one-off the export had done. */
  doneOneOff: boolean;
}

/** The linked completions of a row: every one the export counted, each a record id and a date, else none. */
function linkedCompletions(record: RestoredRecord): RestoredCompletion[] {
  const list = record.completedBy;
  const isCompletion = (c: unknown): c is RestoredCompletion =>
    typeof c === 'object' &&
    c !== null &&
    isValidId((c as RestoredCompletion).serviceRecordId) &&
    /^\d{4}-\d{2}-\d{2}$/.test(String((c as RestoredCompletion).date));
  return Array.isArray(list) && list.length > 0 && list.length === record.completions && list.every(isCompletion) ? list : [];
}

/** A restore's row as the schedule it writes, checked with the API's rules (checkSchedule), or why it cannot be one. */
function restoredSchedule(raw: unknown): RestoredSchedule | { problem: string } {
  const { value: input, problem } = checkImportRecord(ScheduleInput, raw);
  if (!input) {
    return { problem };
  }
  const record = raw as RestoredRecord;
  if (!isValidId(record.machineId)) {
    return { problem: 'machineId: the row has no machine' };
  }
  try {
    const probe = checkSchedule({ ...input, lastDoneDate: null, lastDoneDistance: null, lastDoneHours: null });
    const completions = linkedCompletions(record);
    // With its completions linked, the exported baseline counts as the original's does.
    const base = restoredBaseline(probe, {
      baseline: { date: record.baseDate ?? null, distance: record.baseDistance ?? null, hours: record.baseHours ?? null },
      lastDone: { date: record.lastDoneDate ?? null, distance: record.lastDoneDistance ?? null, hours: record.lastDoneHours ?? null },
      completions: completions.length > 0 ? 0 : (record.completions ?? 0),
    });
    // The baseline passes the API's last-done rules too.
    return {
      machineId: record.machineId,
      settings: checkSchedule({ ...input, lastDoneDate: base.date, lastDoneDistance: base.distance, lastDoneHours: base.hours }),
      completions,
      doneOneOff: record.done === true && record.recurring === false,
    };
  } catch (err) {
    if (err instanceof DomainError) {
      const field = err.details?.[0]?.field;
      return { problem: field ? `${field}: ${err.message}` : err.message };
    }
    throw err;
  }
}

/** A restore's maintenance schedules (schedules.csv, issue 23): schedule.import.checkSchedules, applySchedules and their revert. */
@Injectable()
export class ScheduleImportsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly machines: MachinesRepository,
    private readonly schedules: SchedulesService,
    private readonly repository: SchedulesRepository,
    private readonly machineMeters: MachineMeters,
    private readonly recompute: ScheduleRecompute,
    private readonly outbox: Outbox,
  ) {}

  /** schedule.import.checkSchedules (the dry run): the rows the API's rules refuse, with the words apply would fail them with. */
  checkSchedules(request: ImportCheckRequest): ImportCheckResult {
    const problems = (request?.rows ?? []).flatMap((row) => {
      const checked = restoredSchedule(row.record);
      return 'problem' in checked ? [{ rowNumber: row.rowNumber, message: checked.problem }] : [];
    });
    return { duplicates: [], problems };
  }

  /**
   * One batch in one transaction: each schedule on its machine with the API's rules (checkSchedule),
   * its completions on the restored service records the job linked (at their dates and the meters'
   * values on them, as a record's completion is), else a baseline such that its next due is the
   * original's (restoredBaseline), its state from the machine's restored readings, announced as a
   * created one is. A done one-off comes back only with the record that completed it.
   */
  async applySchedules(caller: Actor, request: ImportApplyRequest, meta?: RpcMeta): Promise<ImportApplyResult> {
    const { accountId } = caller;
    const ctx = callContext(caller, meta);
    const today = this.schedules.today();
    const result = await this.dataSource.transaction(async (manager) => {
      const meters = new Map<number, MachineMeterStates>();
      return applyImportRowByRow(manager, ScheduleEntity, request, async (row) => {
        const checked = restoredSchedule(row.record);
        if ('problem' in checked) {
          return { failed: checked.problem };
        }
        const { machineId, settings } = checked;
        if (checked.doneOneOff && checked.completions.length === 0) {
          return { failed: 'completedBy: the service record that completed this one-off schedule was not restored' };
        }
        if (!meters.has(machineId) && !(await this.machines.lock(manager, machineId))) {
          throw unavailable(`Machine ${machineId} is not known to the schedules yet`);
        }
        const machine = await this.machines.ownedForWrite(manager, accountId, machineId);
        if (!machine) {
          return { failed: 'Machine not found' };
        }
        if (!meters.has(machineId)) {
          meters.set(machineId, await this.machineMeters.of(manager, accountId, machineId, today));
        }
        const completions = await this.completionsOn(manager, accountId, machineId, checked.completions);
        if ('failed' in completions) {
          return completions;
        }
        const base = { date: settings.lastDoneDate, distance: settings.lastDoneDistance, hours: settings.lastDoneHours };
        // Added by the import's creator (the job acts as them).
        const draft = userScheduleDraft(caller, machine, settings, base, { importId: request.importId, importRow: row.rowNumber });
        // In file order, as their ids will be (the order of completions on one day).
        const history = completions.map((c, i) => ({ id: i, date: c.doneDate, distance: c.distance, hours: c.hours }));
        const created = await this.repository.insert(manager, { ...draft, ...stateOf(draft as ScheduleEntity, history, meters.get(machineId)!, today) });
        for (const c of completions) {
          await this.repository.addCompletion(manager, { ...c, scheduleId: created.id });
        }
        await this.recompute.statusChanged(manager, created, null, created.status, created.reason, created.reasonDimension, ctx, 'created');
        return { id: created.id };
      });
    });
    return { ...result, backlog: await this.outbox.backlog() };
  }

  /**
   * A row's linked completions as they are stored: on the record's date (the one this service heard
   * of, else the restore's) and the meters' lifetime values on it. The record's own saved event, when
   * it comes after, sets them again from its readings, as for any record. A record heard of as
   * another machine's, another account's or deleted fails the row (the job links only what it wrote).
   */
  private async completionsOn(
    manager: EntityManager,
    accountId: number,
    machineId: number,
    linked: RestoredCompletion[],
  ): Promise<Omit<CompletionEntity, 'id' | 'scheduleId'>[] | { failed: string }> {
    const known =
      linked.length === 0 ? [] : await manager.findBy(KnownRecordEntity, { source: 'service_record', recordId: In(linked.map((c) => c.serviceRecordId)) });
    const out: Omit<CompletionEntity, 'id' | 'scheduleId'>[] = [];
    for (const { serviceRecordId, date } of linked) {
      const record = known.find((k) => k.recordId === serviceRecordId);
      if (record && (record.deleted || record.accountId !== accountId || record.machineId !== machineId)) {
        return { failed: `completedBy: service record ${serviceRecordId} is not one of this machine's` };
      }
      const doneDate = record?.recordDate ?? date;
      out.push({ accountId, serviceRecordId, doneDate, ...(await this.schedules.valuesOn(manager, accountId, machineId, doneDate)) });
    }
    return out;
  }

  /** Deletes exactly that import's schedules of the account (and any completion given them since), announcing each as deleted. */
  revert(caller: Actor, importId: number, meta?: RpcMeta): Promise<number> {
    const ctx = callContext(caller, meta);
    return revertImportRecords(this.dataSource, ScheduleEntity, caller.accountId, importId, async (manager, rows) => {
      await manager.delete(CompletionEntity, { accountId: caller.accountId, scheduleId: In(rows.map((r) => r.id)) });
      for (const row of rows) {
        await this.recompute.statusChanged(manager, row, row.status, null, null, null, ctx, 'deleted');
      }
    });
  }
}
