import { Injectable } from '@nestjs/common';
import { MeterLimits, MeterMessages as M, isValidId, type Actor, type Meter, type RpcMeta, type UpdateMeterRequest } from '@wrenchlog/contracts';
import { notFound, validationFailed } from '@wrenchlog/platform';
import { DataSource } from 'typeorm';
import { MachineAccess, reaches } from '../machines/machine-access.js';
import { MachinesRepository } from '../machines/machines.repository.js';
import type { MeterEntity } from '../meters/meter.entity.js';
import { checkReadingValue, rateWindow } from '../meters/meter.rules.js';
import { MetersRepository } from '../meters/meters.repository.js';
import { meterView } from './meter-view.js';
import { callContext } from './reading-events.js';
import { mustLookAfterMeters } from './reading-policy.js';
import { ReadingsService } from './readings.service.js';

/** A machine's meters as the Meters tab reads them, and a meter's settings. */
@Injectable()
export class MeterCallsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly meters: MetersRepository,
    private readonly machines: MachinesRepository,
    private readonly readings: ReadingsService,
    private readonly access: MachineAccess,
  ) {}

  /** The machine's meters with their current values and rates; a machine out of the caller's reach is not found. */
  async byMachine(actor: Actor, machineId: number): Promise<Meter[]> {
    if (!isValidId(machineId)) {
      throw validationFailed(M.invalidMachineId, [{ field: 'machineId', message: M.invalidMachineId }]);
    }
    const manager = this.dataSource.manager;
    if (!reaches(await this.access.scope(actor), machineId) || !(await this.machines.owned(manager, actor.accountId, machineId))) {
      throw notFound(M.machineNotFound);
    }
    const today = this.readings.today();
    const meters = await this.meters.ofMachine(manager, actor.accountId, machineId);
    const readings = await this.meters.liveEnds(
      manager,
      meters.map((m) => m.id),
      rateWindow(today),
    );
    return meters.map((m) =>
      meterView(
        m,
        readings.filter((r) => r.meterId === m.id),
        today,
      ),
    );
  }

  async updateMeter(actor: Actor, request: UpdateMeterRequest, meta?: RpcMeta): Promise<Meter> {
    // The input passed UpdateMeterInput on receipt (types, lengths); here the rules that depend on the meter.
    const input = request.meter;
    mustLookAfterMeters(actor);
    return this.dataSource.transaction(async (manager) => {
      const meter = await this.readings.meterForWrite(manager, actor, request?.id);
      const changes: Partial<MeterEntity> = {};
      if (input.label !== undefined) {
        changes.label = input.label.trim();
      }
      if (input.unit !== undefined) {
        const fits = meter.kind === 'distance' ? input.unit === 'mi' || input.unit === 'km' : input.unit === 'h';
        if (!fits) {
          throw validationFailed(M.unit, [{ field: 'unit', message: M.unit }]);
        }
        changes.unit = input.unit;
      }
      if (input.manualRatePerDay !== undefined) {
        if (input.manualRatePerDay !== null && input.manualRatePerDay < 0) {
          throw validationFailed(M.manualRate, [{ field: 'manualRatePerDay', message: M.manualRate }]);
        }
        if (input.manualRatePerDay !== null && input.manualRatePerDay > MeterLimits.maxRatePerDay[meter.kind]) {
          throw validationFailed(M.manualRateTooLarge, [{ field: 'manualRatePerDay', message: M.manualRateTooLarge }]);
        }
        changes.manualRate = input.manualRatePerDay;
      }
      if (input.rolloverValue !== undefined) {
        changes.rolloverValue = checkReadingValue(meter.kind, input.rolloverValue, 'rolloverValue');
      }
      await this.meters.update(manager, meter, changes);
      await this.readings.changed(manager, actor.accountId, meter.machineId, callContext(actor, meta));
      const today = this.readings.today();
      const updated = { ...meter, ...changes } as MeterEntity;
      return meterView(updated, await this.meters.liveEnds(manager, [meter.id], rateWindow(today)), today);
    });
  }
}
