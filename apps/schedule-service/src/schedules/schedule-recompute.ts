import { Injectable } from '@nestjs/common';
import { SCHEDULE_STATUS_CHANGED, type ScheduleStatusCause, type ScheduleStatusChangedEvent } from '@wrenchlog/contracts';
import { Outbox, type CallContext } from '@wrenchlog/platform';
import type { EntityManager } from 'typeorm';
import { MachineMeters } from './machine-meters.js';
import { changedState, stateOf } from './schedule-state.js';
import type { ScheduleEntity } from './schedule.entity.js';
import { SchedulesRepository } from './schedules.repository.js';

/**
 * Recomputes every schedule of a machine from its whole history (settings, completions, readings)
 * inside the caller's transaction, writes only what changed, and publishes
 * schedule.status.changed for each status that moved, with its cause: `completion` for the
 * schedules in `completed` (the caller just completed them), `cause` for the others.
 */
@Injectable()
export class ScheduleRecompute {
  constructor(
    private readonly schedules: SchedulesRepository,
    private readonly machineMeters: MachineMeters,
    private readonly outbox: Outbox,
  ) {}

  async machine(
    manager: EntityManager,
    accountId: number,
    machineId: number,
    today: string,
    ctx: CallContext,
    cause: ScheduleStatusCause,
    completed: readonly number[] = [],
  ): Promise<void> {
    const rows = await this.schedules.ofMachine(manager, accountId, machineId);
    if (rows.length === 0) {
      return;
    }
    const meters = await this.machineMeters.of(manager, accountId, machineId, today);
    const completions = await this.schedules.completions(
      manager,
      rows.map((r) => r.id),
    );
    for (const row of rows) {
      const own = completions.filter((c) => c.scheduleId === row.id).map((c) => ({ id: c.id, date: c.doneDate, distance: c.distance, hours: c.hours }));
      const next = stateOf(row, own, meters, today);
      const changes = changedState(row, next);
      await this.schedules.setState(manager, row.id, changes);
      if (changes.status !== undefined) {
        await this.statusChanged(
          manager,
          row,
          row.status,
          next.status,
          next.reason,
          next.reasonDimension,
          ctx,
          completed.includes(row.id) ? 'completion' : cause,
        );
      }
      Object.assign(row, changes);
    }
  }

  async statusChanged(
    manager: EntityManager,
    row: Pick<ScheduleEntity, 'id' | 'machineId' | 'accountId' | 'title'>,
    previous: ScheduleStatusChangedEvent['previousStatus'],
    status: ScheduleStatusChangedEvent['status'],
    reason: string | null,
    reasonDimension: ScheduleStatusChangedEvent['reasonDimension'],
    ctx: CallContext,
    cause: ScheduleStatusCause,
  ): Promise<void> {
    const event: ScheduleStatusChangedEvent = {
      scheduleId: row.id,
      machineId: row.machineId,
      accountId: row.accountId,
      title: row.title,
      previousStatus: previous,
      status,
      reason,
      reasonDimension,
      cause,
      at: new Date().toISOString(),
    };
    await this.outbox.enqueue(manager, SCHEDULE_STATUS_CHANGED, event, ctx);
  }
}
