import { ScheduleInput } from '@wrenchlog/contracts';
import { compact, machineIdFor, machineOf, type BuildContext } from './context.js';
import type { ExportRefs } from './inventory-rows.js';
import type { NormalizedRow, RowReader } from './row.js';
import { validateAs } from './validate.js';

// A restore's maintenance schedule (schedules.csv of format 2, issue 23) for schedule-service's
// `schedule.import.applySchedules`: its settings as the API takes them (ScheduleInput), and the
// history that gives its next due back (baseline, last done, how many completions). Its completions
// name service records by their export ids (`exportRefs.completedBy`): the import job turns them into
// the restored records, and the owner links the completions to them. When one of those records was
// not restored, none is linked and the owner sets the baseline so the next due is the original's.
// The machine's license and insurance items come back with the machine, and a one-off done by a
// completion that names no record cannot be done: the restore leaves both out (isLeftOutSchedule).

export interface ScheduleRow {
  machineId?: number;
  title: string;
  serviceType: string;
  intervalDays?: number;
  intervalMonths?: number;
  intervalDistance?: number;
  intervalHours?: number;
  soonDays?: number;
  soonDistance?: number;
  soonHours?: number;
  recurring: boolean;
  anchor: string;
  baseDate?: string;
  baseDistance?: number;
  baseHours?: number;
  lastDoneDate?: string;
  lastDoneDistance?: number;
  lastDoneHours?: number;
  /** How many service records completed it in the export. */
  completions: number;
  /** The export ids of those service records. */
  exportRefs?: ExportRefs;
  /** Leave-out facts (see isLeftOutSchedule); the owner ignores them. */
  origin?: string;
  done?: boolean;
}

/** A schedule the restore does not write: a machine's own date item, or a one-off done by no record it names. */
export const isLeftOutSchedule = (record: unknown): boolean => {
  const r = (record ?? {}) as { origin?: unknown; done?: unknown; exportRefs?: ExportRefs };
  return (r.origin !== undefined && r.origin !== 'user') || (r.done === true && !r.exportRefs?.completedBy?.length);
};

export async function buildScheduleRow(reader: RowReader, ctx: BuildContext): Promise<NormalizedRow<ScheduleRow>> {
  const machine = machineOf(reader, ctx, true);
  const completedBy = reader.text('completedBy')?.split(/\s+/) ?? [];
  const record: ScheduleRow = compact({
    machineId: machineIdFor(machine),
    title: reader.text('title') as string,
    serviceType: reader.text('serviceType') as string,
    intervalDays: reader.number('intervalDays'),
    intervalMonths: reader.number('intervalMonths'),
    intervalDistance: reader.number('intervalDistance'),
    intervalHours: reader.number('intervalHours'),
    soonDays: reader.number('soonDays'),
    soonDistance: reader.number('soonDistance'),
    soonHours: reader.number('soonHours'),
    recurring: reader.boolean('recurring') as boolean,
    anchor: reader.text('anchor') as string,
    baseDate: reader.text('baseDate'),
    baseDistance: reader.number('baseDistance'),
    baseHours: reader.number('baseHours'),
    lastDoneDate: reader.text('lastDoneDate'),
    lastDoneDistance: reader.number('lastDoneDistance'),
    lastDoneHours: reader.number('lastDoneHours'),
    completions: completedBy.length,
    origin: reader.text('origin'),
    done: reader.boolean('done'),
    exportRefs: completedBy.length > 0 ? { completedBy } : undefined,
  });
  if (reader.errors.length === 0) {
    const {
      origin: _origin,
      done: _done,
      completions: _completions,
      exportRefs: _refs,
      machineId: _machineId,
      baseDate,
      baseDistance,
      baseHours,
      ...settings
    } = record;
    // The baseline is checked with the last-done rules, as the owner writes it.
    for (const problem of await validateAs(ScheduleInput, settings)) {
      reader.error(problem.message);
    }
    for (const problem of await validateAs(ScheduleInput, { ...settings, lastDoneDate: baseDate, lastDoneDistance: baseDistance, lastDoneHours: baseHours })) {
      if (problem.field.startsWith('lastDone')) {
        reader.error(`${reader.label(problem.field.replace('lastDone', 'base'))}: ${problem.message}`);
      }
    }
  }
  return reader.finish('schedule', record, machine);
}
