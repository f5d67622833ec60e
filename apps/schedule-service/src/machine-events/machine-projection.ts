import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { KnownMachineEntity } from '../machines/known-machine.entity.js';
import { MachinesRepository } from '../machines/machines.repository.js';
import { MetersRepository } from '../meters/meters.repository.js';
import { SchedulesRepository } from '../schedules/schedules.repository.js';

/** When a placeholder row was made: any real saved event is newer. */
const NEVER = new Date(0);

/**
 * The machine as events first reveal it. A record's event can arrive before the machine's own
 * saved event: the machine is then taken in with the record's account (a placeholder that the saved
 * event completes), so no reading is lost. Every new machine gets its two default meters once.
 */
@Injectable()
export class MachineProjection {
  constructor(
    private readonly machines: MachinesRepository,
    private readonly meters: MetersRepository,
    private readonly schedules: SchedulesRepository,
  ) {}

  /**
   * The machine, locked, with its default meters; null when deleted or another account's. `seed`
   * comes from machine-service's own saved event, which knows the real account: a placeholder that
   * a record event of another account made (fuel records take any machine id) gives way to it, with
   * what it held.
   */
  async ensure(
    manager: EntityManager,
    accountId: number,
    machineId: number,
    seed?: Pick<KnownMachineEntity, 'name' | 'type'>,
  ): Promise<KnownMachineEntity | null> {
    await this.machines.insertIgnore(manager, {
      machineId,
      accountId,
      name: seed?.name ?? '',
      type: seed?.type ?? null,
      lastMiles: null,
      lastHours: null,
      updatedAt: NEVER,
    });
    let row = await this.machines.lock(manager, machineId);
    if (row && !row.deleted && row.accountId !== accountId && seed && row.updatedAt.getTime() === NEVER.getTime()) {
      await this.schedules.deleteMachine(manager, row.accountId, machineId);
      await this.meters.deleteMachine(manager, row.accountId, machineId);
      await this.machines.reassign(manager, machineId, accountId);
      row = { ...row, accountId };
    }
    if (!row || row.deleted || row.accountId !== accountId) {
      return null;
    }
    // Under the machine's lock: two first events for one machine make its meters once.
    if ((await this.meters.ofMachine(manager, accountId, machineId)).length === 0) {
      await this.meters.createDefaults(manager, accountId, machineId);
    }
    return row;
  }

  lock(manager: EntityManager, machineId: number): Promise<KnownMachineEntity | null> {
    return this.machines.lock(manager, machineId);
  }

  async isOwned(manager: EntityManager, accountId: number, machineId: number): Promise<boolean> {
    return (await this.machines.owned(manager, accountId, machineId)) !== null;
  }
}
