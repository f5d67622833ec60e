import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { currentReading, rateWindow, usageRate } from '../meters/meter.rules.js';
import { MetersRepository } from '../meters/meters.repository.js';
import type { MeterEntity } from '../meters/meter.entity.js';
import type { MeterState } from './schedule.rules.js';

export interface MachineMeterStates {
  distance: MeterState | null;
  hours: MeterState | null;
  /** The meters the schedules count on: the first of each kind. */
  distanceMeter: MeterEntity | null;
  hoursMeter: MeterEntity | null;
}

/** A machine's current meter values and rates, as the schedule rules need them. */
@Injectable()
export class MachineMeters {
  constructor(private readonly meters: MetersRepository) {}

  async of(manager: EntityManager, accountId: number, machineId: number, today: string): Promise<MachineMeterStates> {
    const all = await this.meters.ofMachine(manager, accountId, machineId);
    const distanceMeter = all.find((m) => m.kind === 'distance') ?? null;
    const hoursMeter = all.find((m) => m.kind === 'hours') ?? null;
    const used = [distanceMeter, hoursMeter].filter((m): m is MeterEntity => m !== null);
    const readings = await this.meters.liveEnds(
      manager,
      used.map((m) => m.id),
      rateWindow(today),
    );
    const state = (meter: MeterEntity | null): MeterState | null => {
      if (!meter) {
        return null;
      }
      const own = readings.filter((r) => r.meterId === meter.id);
      const current = currentReading(own);
      return { current: current?.lifetime ?? null, readAt: current?.readAt ?? null, rate: usageRate(own, today, meter.manualRate).rate, unit: meter.unit };
    };
    return { distance: state(distanceMeter), hours: state(hoursMeter), distanceMeter, hoursMeter };
  }
}
