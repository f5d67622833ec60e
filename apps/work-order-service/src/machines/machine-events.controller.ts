import { Controller, Logger } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import {
  eventAccountId,
  eventTime,
  isValidId,
  MACHINE_DELETED,
  MACHINE_SAVED,
  type MachineDeletedEvent,
  type MachineSavedEvent,
  type RpcMessage,
} from '@wrenchlog/contracts';
import { DataSource, In } from 'typeorm';
import { InspectionEntity } from '../inspections/inspection.entity.js';
import { IssueImageEntity } from '../issue-images/issue-image.entity.js';
import { IssueEntity } from '../issues/issue.entity.js';
import { WorkOrderLineEntity } from '../work-orders/work-order-line.entity.js';
import { WorkOrderEntity } from '../work-orders/work-order.entity.js';
import { MachinesRepository } from './machines.repository.js';

/** machine.machine.saved and .deleted: the projection of the account's machines. Idempotent and ordered by `at`. */
@Controller()
export class MachineEventsController {
  private readonly logger = new Logger(MachineEventsController.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly machines: MachinesRepository,
  ) {}

  @EventPattern(MACHINE_SAVED)
  async saved(@Payload() m: RpcMessage<MachineSavedEvent>): Promise<void> {
    const e = m?.payload;
    const accountId = eventAccountId(e);
    if (!e || !isValidId(e.machineId) || !isValidId(accountId) || typeof e.name !== 'string') {
      this.logger.warn('ignored a malformed machine.machine.saved event');
      return;
    }
    await this.dataSource.transaction((manager) =>
      this.machines.applySaved(manager, { machineId: e.machineId, accountId, name: e.name.slice(0, 200), at: eventTime(e.at) }),
    );
  }

  @EventPattern(MACHINE_DELETED)
  async deleted(@Payload() m: RpcMessage<MachineDeletedEvent>): Promise<void> {
    const e = m?.payload;
    const accountId = eventAccountId(e);
    if (!e || !isValidId(e.machineId) || !isValidId(accountId)) {
      this.logger.warn('ignored a malformed machine.machine.deleted event');
      return;
    }
    await this.dataSource.transaction(async (manager) => {
      if (await this.machines.markDeleted(manager, accountId, e.machineId)) {
        // The machine's issues, inspections and work orders go with it, as its records do in their services.
        const orders = await manager.find(WorkOrderEntity, { select: { id: true }, where: { accountId, machineId: e.machineId } });
        if (orders.length) {
          await manager.delete(WorkOrderLineEntity, { workOrderId: In(orders.map((o) => o.id)) });
        }
        await manager.delete(WorkOrderEntity, { accountId, machineId: e.machineId });
        await manager.delete(IssueEntity, { accountId, machineId: e.machineId });
        // Their photos' objects the image worker deletes on the same event (it knows their machine).
        await manager.delete(IssueImageEntity, { accountId, machineId: e.machineId });
        await manager.delete(InspectionEntity, { accountId, machineId: e.machineId });
      }
    });
  }
}
