import { jest } from '@jest/globals';
import { SCHEDULE_STATUS_CHANGED } from '@wrenchlog/contracts';
import type { Outbox } from '@wrenchlog/platform';
import type { EntityManager } from 'typeorm';
import type { MachineMeters } from './machine-meters.js';
import { ScheduleRecompute } from './schedule-recompute.js';
import { stateOf } from './schedule-state.js';
import type { ScheduleEntity } from './schedule.entity.js';
import type { SchedulesRepository } from './schedules.repository.js';

const today = '2025-06-30';
const manager = {} as EntityManager;

/** An oil schedule every 250 h from 1,000 h, its state computed at `current` hours. */
function oil(current: number): ScheduleEntity {
  const row = {
    id: 7,
    accountId: 1,
    machineId: 3,
    title: 'Engine oil and filter',
    origin: 'user',
    fixedDueDate: null,
    intervalDays: null,
    intervalMonths: null,
    intervalDistance: null,
    intervalHours: 250,
    soonDays: null,
    soonDistance: null,
    soonHours: null,
    recurring: true,
    anchor: 'completion',
    baseDate: '2025-01-01',
    baseDistance: 0,
    baseHours: 1000,
  } as unknown as ScheduleEntity;
  return { ...row, ...stateOf(row, [], { distance: null, hours: { current, readAt: today, rate: null, unit: 'h' } }, today) };
}

function recomputeWith(
  row: ScheduleEntity,
  hoursNow: number,
  completions: { id: number; scheduleId: number; doneDate: string; distance: number | null; hours: number | null }[] = [],
) {
  const setState = jest.fn(async () => undefined);
  const enqueue = jest.fn(async () => undefined);
  const schedules = { ofMachine: async () => [row], completions: async () => completions, setState } as unknown as SchedulesRepository;
  const meters = { of: async () => ({ distance: null, hours: { current: hoursNow, readAt: today, rate: null, unit: 'h' } }) } as unknown as MachineMeters;
  return { recompute: new ScheduleRecompute(schedules, meters, { enqueue } as unknown as Outbox), setState, enqueue };
}

describe(ScheduleRecompute.name, () => {
  it('writes the new state and publishes schedule.status.changed when a reading moves the status', async () => {
    const { recompute, setState, enqueue } = recomputeWith(oil(1100), 1240);
    await recompute.machine(manager, 1, 3, today, { actor: null }, 'reading');
    expect(setState).toHaveBeenCalledWith(manager, 7, expect.objectContaining({ status: 'due_soon', statusRank: 1, reason: '10 h left' }));
    expect(enqueue).toHaveBeenCalledWith(
      manager,
      SCHEDULE_STATUS_CHANGED,
      expect.objectContaining({
        scheduleId: 7,
        previousStatus: 'upcoming',
        status: 'due_soon',
        reason: '10 h left',
        reasonDimension: 'hours',
        cause: 'reading',
      }),
      { actor: null },
    );
  });

  it('publishes nothing when the status stays, and writes only what changed', async () => {
    const { recompute, setState, enqueue } = recomputeWith(oil(1100), 1120);
    await recompute.machine(manager, 1, 3, today, { actor: null }, 'reading');
    expect(setState).toHaveBeenCalledWith(manager, 7, { reason: '130 h left' });
    expect(enqueue).not.toHaveBeenCalled();
  });

  it('recomputes from the completions that remain (one deleted: due again from the baseline)', async () => {
    const done = { ...oil(1260), ...{ lastDoneHours: 1255, nextDueHours: 1505 } } as ScheduleEntity;
    const { recompute, setState } = recomputeWith(done, 1260, []);
    await recompute.machine(manager, 1, 3, today, { actor: null }, 'record');
    expect(setState).toHaveBeenCalledWith(manager, 7, expect.objectContaining({ nextDueHours: 1250, lastDoneHours: 1000 }));
  });

  it("names the cause: completion for the schedules the caller completed, the caller's cause for the others", async () => {
    const completion = [{ id: 1, scheduleId: 7, doneDate: today, distance: null, hours: 1255 }];
    const completed = recomputeWith(oil(1260), 1260, completion);
    await completed.recompute.machine(manager, 1, 3, today, { actor: null }, 'record', [7]);
    expect(completed.enqueue).toHaveBeenCalledWith(
      manager,
      SCHEDULE_STATUS_CHANGED,
      expect.objectContaining({ previousStatus: 'overdue', status: 'upcoming', cause: 'completion' }),
      { actor: null },
    );
    // The same change from a record that completes another schedule: not this one's completion.
    const other = recomputeWith(oil(1260), 1260, completion);
    await other.recompute.machine(manager, 1, 3, today, { actor: null }, 'record', [8]);
    expect(other.enqueue).toHaveBeenCalledWith(
      manager,
      SCHEDULE_STATUS_CHANGED,
      expect.objectContaining({ previousStatus: 'overdue', status: 'upcoming', cause: 'record' }),
      { actor: null },
    );
  });
});

describe(stateOf.name, () => {
  it("puts a machine's date item on its date with the 30-day window", () => {
    const item = {
      origin: 'license',
      fixedDueDate: '2025-07-10',
      intervalDays: null,
      intervalMonths: null,
      intervalDistance: null,
      intervalHours: null,
      soonDays: null,
      soonDistance: null,
      soonHours: null,
    } as unknown as ScheduleEntity;
    expect(stateOf(item, [], { distance: null, hours: null }, today)).toMatchObject({
      nextDueDate: '2025-07-10',
      status: 'due_soon',
      reason: 'Due in 10 days',
      forecastDate: '2025-07-10',
      sortDate: '2025-07-10',
    });
  });

  it('marks a completed one-off as done, listed last', () => {
    const once = { ...oil(1000), recurring: false } as ScheduleEntity;
    expect(stateOf(once, [{ id: 1, date: '2025-06-01', distance: null, hours: 1200 }], { distance: null, hours: null }, today)).toMatchObject({
      done: true,
      statusRank: 3,
      reason: 'Done on 2025-06-01',
      nextDueHours: null,
      sortDate: '9999-12-31',
    });
  });
});
