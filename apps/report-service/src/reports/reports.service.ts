import { Injectable } from '@nestjs/common';
import {
  parseId,
  ReportMessages,
  UNASSIGNED_MACHINE_NAME,
  type Actor,
  type CostsReport,
  type FleetReport,
  type FleetRow,
  type FuelEconomyPoint,
  type FuelEconomySegment,
  type MachineHistory,
  type ReportRequest,
} from '@wrenchlog/contracts';
import { badRequest } from '@wrenchlog/platform';
import { CostsRepository } from '../costs/costs.repository.js';
import type { CostCategory } from '../costs/cost.rules.js';
import { MachineLookup } from '../machines/machine-lookup.js';
import { typeKeyOf } from '../machines/report-machine.entity.js';
import { MachinesRepository, type ScopeMachine } from '../machines/machines.repository.js';
import { UsageRepository } from '../usage/usage.repository.js';
import { segmentsFrom, usageByMachine, type FillRow, type MeterSpan, type Usage } from '../usage/usage.rules.js';
import { localDate } from '../users/time-zone.rules.js';
import { UsersRepository } from '../users/users.repository.js';
import { ReadModelVersions } from '../versions/read-model-versions.js';
import { ReportCache } from '../versions/report-cache.js';
import {
  breakdownOf,
  byMachine,
  costPerUnit,
  economyOf,
  economyUnitFor,
  monthsOf,
  parsePeriod,
  splitPeriod,
  stackByMonth,
  zeroCosts,
  type CostCell,
  type Period,
} from './report.rules.js';
import { perUnitOver } from './per-unit.rules.js';

/** Which machines a report covers: one, a type, or all (with the purchases that name none). */
interface Scope {
  machines: ScopeMachine[];
  /** The machine keys whose costs count; null: every key of the account (0 included). */
  keys: number[] | null;
}

/**
 * The reports (issue 22), all from this service's read model in one hop: costs (whole months from
 * the monthly totals, the partial ends from the records), usage from the readings' copy and fuel
 * economy from the fuel rows, each one statement for all the machines of the report. A computed
 * report is answered again while the account's read-model version stays (one primary-key read instead
 * of four statements and the sums; docs/performance.md, the fleet report).
 */
@Injectable()
export class ReportsService {
  private readonly cache = new ReportCache();

  constructor(
    private readonly costs: CostsRepository,
    private readonly machines: MachinesRepository,
    private readonly lookup: MachineLookup,
    private readonly readings: UsageRepository,
    private readonly users: UsersRepository,
    private readonly versions: ReadModelVersions,
  ) {}

  async costsReport(actor: Actor, q: ReportRequest | null): Promise<CostsReport> {
    const version = await this.versions.of(actor.accountId);
    const period = await this.period(actor, q);
    const key = ['costs', actor.accountId, period.from, period.to, q?.machineId ?? '', q?.type ?? ''].join('\u0000');
    return this.cache.through(
      key,
      version,
      () => this.computeCosts(actor, q, period),
      (r) => r.months.length,
    );
  }

  private async computeCosts(actor: Actor, q: ReportRequest | null, period: Period): Promise<CostsReport> {
    const scope = await this.scope(actor, q);
    const [cells, usage] = await Promise.all([this.cells(actor.accountId, period, scope.keys), this.usage(actor.accountId, scope, period)]);
    const { months, totals } = stackByMonth(monthsOf(period), cells);
    const cents = new Map<number, number>();
    for (const c of cells) {
      cents.set(c.machineKey, (cents.get(c.machineKey) ?? 0) + c.cents);
    }
    const perUnit = perUnitOver(
      scope.machines.map((m) => {
        const u = usage.get(m.machineId);
        return {
          name: m.name,
          cents: cents.get(m.machineId) ?? 0,
          distance: u?.distance ?? null,
          distanceUnit: u?.distanceUnit ?? 'mi',
          hours: u?.hours ?? null,
        };
      }),
    );
    return {
      months,
      totals,
      usage: { distance: perUnit.distance, hours: perUnit.hours, distanceUnit: perUnit.distanceUnit },
      costPerDistance: perUnit.costPerDistance,
      costPerHour: perUnit.costPerHour,
      covers: perUnit.covers,
    };
  }

  async fleet(actor: Actor, q: ReportRequest | null): Promise<FleetReport> {
    const version = await this.versions.of(actor.accountId);
    const period = await this.period(actor, q);
    const key = ['fleet', actor.accountId, period.from, period.to, q?.type ?? ''].join('\u0000');
    return this.cache.through(
      key,
      version,
      () => this.computeFleet(actor, q, period),
      (r) => r.rows.length,
    );
  }

  private async computeFleet(actor: Actor, q: ReportRequest | null, period: Period): Promise<FleetReport> {
    const accountId = actor.accountId;
    // A type's machines bound the other reads; the whole fleet's reads need no machine list first,
    // so then all four run side by side (PostgreSQL runs them on four connections).
    const typed = this.typeOf(q) !== undefined ? await this.scope(actor, { type: q?.type }) : null;
    const scopeKeys = typed?.keys ?? null;
    const { wholeMonths, partial } = splitPeriod(period);
    const [scope, costRows, spans, fills] = await Promise.all([
      typed ?? this.scope(actor, null),
      this.costs.totalsByMachine(accountId, wholeMonths, partial, scopeKeys),
      this.readings.spans(accountId, period.from, period.to, scopeKeys),
      this.readings.fills(accountId, period.from, period.to, scopeKeys),
    ]);
    const costs = byMachine(costRows);
    const usage = usageOf(scope, spans);
    const segments = groupBy(segmentsOf(scope, fills, period.from), (s) => s.machineId);
    const rows: FleetRow[] = [];
    const named = new Map(scope.machines.map((m) => [m.machineId, m]));
    // Every live machine of the scope, an archived one only when it cost something in the period.
    const keys = new Set([...scope.machines.filter((m) => !m.archived || costs.has(m.machineId)).map((m) => m.machineId), ...costs.keys()]);
    // Machines by id, the Unassigned row (key 0) last.
    for (const key of [...keys].sort((a, b) => (a === 0 ? 1 : b === 0 ? -1 : a - b))) {
      const c = costs.get(key) ?? zeroCosts();
      const money = breakdownOf(c);
      if (key === 0) {
        rows.push({
          machineId: null,
          machineName: UNASSIGNED_MACHINE_NAME,
          ...money,
          distance: null,
          distanceUnit: null,
          hours: null,
          costPerDistance: null,
          costPerHour: null,
          fuelEconomy: null,
          economyUnit: null,
        });
        continue;
      }
      const u = usage.get(key);
      const unit = economyUnitFor(u?.distanceUnit);
      const economy = economyOf(segments.get(key) ?? [], unit);
      rows.push({
        machineId: key,
        machineName: named.get(key)?.name ?? `Machine ${key}`,
        ...money,
        distance: u?.distance ?? null,
        distanceUnit: u?.distanceUnit ?? 'mi',
        hours: u?.hours ?? null,
        costPerDistance: costPerUnit(money.total, u?.distance ?? null),
        costPerHour: costPerUnit(money.total, u?.hours ?? null),
        fuelEconomy: economy,
        economyUnit: economy === null ? null : unit,
      });
    }
    // The totals are the sums of the rows (in cents, so they equal them exactly).
    const sum = zeroCosts();
    for (const c of costs.values()) {
      for (const k of Object.keys(sum) as CostCategory[]) {
        sum[k] += c[k];
      }
    }
    const totals = breakdownOf(sum);
    const perUnit = perUnitOver(
      rows.map((r) => ({ name: r.machineName, cents: Math.round(r.total * 100), distance: r.distance, distanceUnit: r.distanceUnit ?? 'mi', hours: r.hours })),
    );
    return { rows, totals: { ...totals, ...perUnit, fuelEconomy: null } };
  }

  async fuelEconomy(actor: Actor, q: ReportRequest | null): Promise<FuelEconomyPoint[]> {
    const version = await this.versions.of(actor.accountId);
    const period = await this.period(actor, q);
    const key = ['economy', actor.accountId, period.from, period.to, q?.machineId ?? '', q?.type ?? ''].join('\u0000');
    return this.cache.through(
      key,
      version,
      () => this.computeEconomy(actor, q, period),
      (r) => r.length,
    );
  }

  private async computeEconomy(actor: Actor, q: ReportRequest | null, period: Period): Promise<FuelEconomyPoint[]> {
    const scope = await this.scope(actor, q);
    const [usage, segments] = await Promise.all([this.usage(actor.accountId, scope, period), this.segments(actor.accountId, scope, period)]);
    const points: FuelEconomyPoint[] = [];
    for (const s of segments) {
      const unit = economyUnitFor(usage.get(s.machineId)?.distanceUnit);
      const economy = economyOf([s], unit);
      if (economy !== null) {
        points.push({ date: s.date, fuelRecordId: s.fuelRecordId, machineId: s.machineId, economy, unit, distance: s.distance, fuel: s.fuel });
      }
    }
    // A stable sort by date: the segments' own order (by odometer within an instant) stays on one date.
    return points.sort((a, b) => a.date.localeCompare(b.date));
  }

  /** A machine's costed records in the period, oldest first (the history CSV's lines). */
  async history(actor: Actor, q: ReportRequest | null): Promise<MachineHistory> {
    const period = await this.period(actor, q);
    const machine = await this.lookup.requireOwned(actor, this.machineIdOf(q?.machineId) ?? 0);
    const rows = await this.costs.history(actor.accountId, machine.machineId, period.from, period.to);
    return {
      machineId: machine.machineId,
      machineName: machine.name,
      from: period.from,
      to: period.to,
      lines: rows.map((r) => ({
        date: r.recordDate!,
        kind: r.category === 'parts' ? 'part' : r.category,
        recordId: r.recordId,
        title: r.title,
        miles: r.miles,
        hours: r.hours,
        cost: r.amountCents / 100,
        notes: r.notes,
      })),
    };
  }

  /**
   * The asked period; without an end, it ends today in the time zone of the person asking (read only
   * then): their today, as the web app's presets take it from their settings.
   */
  private async period(actor: Actor, q: ReportRequest | null): Promise<Period> {
    const today = q?.to === undefined ? localDate(new Date(), await this.users.timeZone(actor.userId)) : '';
    return parsePeriod(q?.from, q?.to, today);
  }

  private machineIdOf(raw: unknown): number | undefined {
    if (raw === undefined || raw === null || raw === '') {
      return undefined;
    }
    const id = parseId(raw);
    if (id === undefined) {
      throw badRequest(ReportMessages.machineId, [{ field: 'machineId', message: ReportMessages.machineId }]);
    }
    return id;
  }

  private typeOf(q: Pick<ReportRequest, 'type'> | null): string | undefined {
    return typeof q?.type === 'string' && q.type.trim() !== '' ? q.type : undefined;
  }

  private async scope(actor: Actor, q: Pick<ReportRequest, 'machineId' | 'type'> | null): Promise<Scope> {
    const machineId = this.machineIdOf(q?.machineId);
    if (machineId !== undefined) {
      const machine = await this.lookup.requireOwned(actor, machineId);
      return { machines: [machine], keys: [machine.machineId] };
    }
    const type = this.typeOf(q);
    if (type !== undefined) {
      const machines = await this.machines.live(actor.accountId, typeKeyOf(type)!);
      if (machines.length === 0) {
        throw badRequest(ReportMessages.type, [{ field: 'type', message: ReportMessages.type }]);
      }
      return { machines, keys: machines.map((m) => m.machineId) };
    }
    return { machines: await this.machines.live(actor.accountId), keys: null };
  }

  private async cells(accountId: number, period: Period, keys: number[] | null): Promise<CostCell[]> {
    const { wholeMonths, partial } = splitPeriod(period);
    const cells = await this.costs.monthly(accountId, wholeMonths, keys);
    for (const p of partial) {
      cells.push(...(await this.costs.dated(accountId, p.from, p.to, keys)));
    }
    return cells;
  }

  /** Usage of the scope's machines in the period, by machine (absent: no reading, no known unit). */
  private async usage(accountId: number, scope: Scope, period: Period): Promise<Map<number, Usage>> {
    return scope.machines.length === 0 ? new Map() : usageOf(scope, await this.readings.spans(accountId, period.from, period.to, scope.keys));
  }

  private async segments(accountId: number, scope: Scope, period: Period): Promise<FuelEconomySegment[]> {
    return scope.machines.length === 0 ? [] : segmentsOf(scope, await this.readings.fills(accountId, period.from, period.to, scope.keys), period.from);
  }
}

/** The usage of the scope's live machines from the meters' spans (read for them or for all the account's). */
function usageOf(scope: Scope, spans: readonly MeterSpan[]): Map<number, Usage> {
  const live = new Set(scope.machines.map((m) => m.machineId));
  return usageByMachine(
    spans.filter((s) => live.has(s.machineId)),
    new Map(scope.machines.map((m) => [m.machineId, m.distanceUnit])),
  );
}

/** The full-to-full segments of the scope's live machines that end in the period. */
function segmentsOf(scope: Scope, fills: readonly FillRow[], from: string): FuelEconomySegment[] {
  const live = new Set(scope.machines.map((m) => m.machineId));
  return segmentsFrom(
    fills.filter((f) => live.has(f.machineId)),
    from,
  );
}

function groupBy<T, K>(items: readonly T[], key: (t: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const item of items) {
    const list = out.get(key(item)) ?? [];
    list.push(item);
    out.set(key(item), list);
  }
  return out;
}
