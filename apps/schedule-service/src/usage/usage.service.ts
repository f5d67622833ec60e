import { Injectable } from '@nestjs/common';
import { isValidId, USAGE_MAX_MACHINES, type Actor, type MachineUsage, type UsageRequest } from '@wrenchlog/contracts';
import { requireActor, validationFailed } from '@wrenchlog/platform';
import { UsageRepository } from './usage.repository.js';
import { usageOf } from './usage.rules.js';

const isDate = (v: unknown): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v));

/** schedule.usage.get (issue 22): the reports' usage of many machines in one call, scoped to the caller. */
@Injectable()
export class UsageService {
  constructor(private readonly usage: UsageRepository) {}

  async get(caller: Actor | null, request: UsageRequest | null): Promise<MachineUsage[]> {
    const actor = requireActor(caller);
    const { machineIds, from, to } = request ?? ({} as UsageRequest);
    if (!Array.isArray(machineIds) || machineIds.length > USAGE_MAX_MACHINES || !machineIds.every(isValidId) || !isDate(from) || !isDate(to)) {
      throw validationFailed('machineIds must be machine ids; from and to dates (YYYY-MM-DD)');
    }
    if (machineIds.length === 0) {
      return [];
    }
    return usageOf(await this.usage.spans(actor.userId, machineIds, from, to));
  }
}
