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
  type RpcMeta,
} from '@wrenchlog/contracts';
import { applyImportRowByRow, DomainError, Outbox, revertImportRecords, unavailable } from '@wrenchlog/platform';
import { DataSource, In } from 'typeorm';
import { MachinesRepository } from '../machines/machines.repository.js';
import { CompletionEntity } from './completion.entity.js';
import { MachineMeters, type MachineMeterStates } from './machine-meters.js';
import { ScheduleRecompute } from './schedule-recompute.js';
import { stateOf } from './schedule-state.js';
import { ScheduleEntity } from './schedule.entity.js';
import { checkSchedule, restoredBaseline, userScheduleDraft, type ScheduleSettings } from './schedule.rules.js';
import { SchedulesRepository } from './schedules.repository.js';
import { callContext, SchedulesService } from './schedules.service.js';

/** A restore's schedule row (libs/importers' ScheduleRow): the settings as exported and its history. */
interface RestoredRecord {
  machineId?: unknown;
  baseDate?: string | null;
  baseDistance?: number | null;
  baseHours?: number | null;
  lastDoneDate?: string | null;
  lastDoneDistance?: number | null;
  lastDoneHours?: number | null;
  completions?: number;
}

/** A restore's row as the schedule it writes, checked with the API's rules (checkSchedule), or why it cannot be one. */
function restoredSchedule(raw: unknown): { machineId: number; settings: ScheduleSettings } | { problem: string } {
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
    const base = restoredBaseline(probe, {
      baseline: { date: record.baseDate ?? null, distance: record.baseDistance ?? null, hours: record.baseHours ?? null },
      lastDone: { date: record.lastDoneDate ?? null, distance: record.lastDoneDistance ?? null, hours: record.lastDoneHours ?? null },
      completions: record.completions ?? 0,
    });
    // The baseline passes the API's last-done rules too.
    return {
      machineId: record.machineId,
      settings: checkSchedule({ ...input, lastDoneDate: base.date, lastDoneDistance: base.distance, lastDoneHours: base.hours }),
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
   * its baseline such that its next due is the original's (restoredBaseline: the completions are
   * not restored), its state from the machine's restored readings, announced as a created one is.
   */
  async applySchedules(caller: Actor, request: ImportApplyRequest, meta?: RpcMeta): Promise<ImportApplyResult> {
    const { userId } = caller;
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
        if (!meters.has(machineId) && !(await this.machines.lock(manager, machineId))) {
          throw unavailable(`Machine ${machineId} is not known to the schedules yet`);
        }
        const machine = await this.machines.ownedForWrite(manager, userId, machineId);
        if (!machine) {
          return { failed: 'Machine not found' };
        }
        if (!meters.has(machineId)) {
          meters.set(machineId, await this.machineMeters.of(manager, userId, machineId, today));
        }
        const base = { date: settings.lastDoneDate, distance: settings.lastDoneDistance, hours: settings.lastDoneHours };
        const draft = userScheduleDraft(userId, machine, settings, base, { importId: request.importId, importRow: row.rowNumber });
        const created = await this.repository.insert(manager, { ...draft, ...stateOf(draft as ScheduleEntity, [], meters.get(machineId)!, today) });
        await this.recompute.statusChanged(manager, created, null, created.status, created.reason, created.reasonDimension, ctx, 'created');
        return { id: created.id };
      });
    });
    return { ...result, backlog: await this.outbox.backlog() };
  }

  /** Deletes exactly that import's schedules of the caller (and any completion given them since), announcing each as deleted. */
  revert(caller: Actor, importId: number, meta?: RpcMeta): Promise<number> {
    const ctx = callContext(caller, meta);
    return revertImportRecords(this.dataSource, ScheduleEntity, caller.userId, importId, async (manager, rows) => {
      await manager.delete(CompletionEntity, { userId: caller.userId, scheduleId: In(rows.map((r) => r.id)) });
      for (const row of rows) {
        await this.recompute.statusChanged(manager, row, row.status, null, null, null, ctx, 'deleted');
      }
    });
  }
}
