import { Injectable, Logger } from '@nestjs/common';
import { eventAccountId, eventTime, isValidId, type MachineDeletedEvent, type MachineSavedEvent, type RpcMessage } from '@wrenchlog/contracts';
import { DataSource } from 'typeorm';
import { CostsRepository } from '../costs/costs.repository.js';
import { MachinesRepository } from '../machines/machines.repository.js';
import { UsageRepository } from '../usage/usage.repository.js';

/** machine.machine.saved and .deleted: the projection, and a deleted machine's costs and readings taken out. */
@Injectable()
export class MachineEventsService {
  private readonly logger = new Logger(MachineEventsService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly machines: MachinesRepository,
    private readonly costs: CostsRepository,
    private readonly usage: UsageRepository,
  ) {}

  async onSaved(m: RpcMessage<MachineSavedEvent>): Promise<void> {
    const e = m?.payload;
    const accountId = eventAccountId(e);
    if (!e || !isValidId(e.machineId) || !isValidId(accountId) || typeof e.name !== 'string') {
      this.logger.warn('ignored a malformed machine.machine.saved event');
      return;
    }
    const at = eventTime(e.at);
    await this.machines.applySaved({
      machineId: e.machineId,
      accountId,
      name: e.name,
      type: typeof e.type === 'string' ? e.type.slice(0, 60) : null,
      archived: e.archived === true,
      updatedAt: at,
    });
  }

  async onDeleted(m: RpcMessage<MachineDeletedEvent>): Promise<void> {
    const e = m?.payload;
    const accountId = eventAccountId(e);
    if (!e || !isValidId(e.machineId) || !isValidId(accountId)) {
      this.logger.warn('ignored a malformed machine.machine.deleted event');
      return;
    }
    await this.dataSource.transaction(async (manager) => {
      const known = await this.machines.find(e.machineId, manager);
      if (known && known.accountId !== accountId) {
        return;
      }
      await this.machines.markDeleted(manager, accountId, e.machineId);
      await this.costs.deleteMachine(manager, accountId, e.machineId);
      await this.usage.deleteMachine(manager, accountId, e.machineId);
    });
  }
}
