import { Injectable } from '@nestjs/common';
import { eventAccountId, isValidId, MACHINE_STATUS_DOWN, type MachineOutOfServiceEvent } from '@wrenchlog/contracts';
import { DataSource } from 'typeorm';
import { MachineEntity } from './machine.entity.js';

/**
 * A machine with an open out-of-service issue is Down, and back when none is left (issue 35; the
 * issues are work-order-service's, which sends work.machine.outOfService). `status_after_down` is
 * where it goes back to: its status when it went Down, replaced by any status set by hand meanwhile,
 * so a release never undoes a person's choice.
 */
@Injectable()
export class OutOfService {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * One conditional statement guarded by the event's `at`: a redelivered or overtaken event matches
   * no row, and going Down twice (or Up twice) keeps the first remembered status (every SET reads
   * the row as it was before the statement, on both engines).
   */
  async apply(e: MachineOutOfServiceEvent | undefined): Promise<void> {
    const at = new Date(e?.at ?? '');
    const accountId = eventAccountId(e);
    if (!e || !isValidId(e.machineId) || !isValidId(accountId) || Number.isNaN(at.getTime()) || typeof e.down !== 'boolean') {
      return;
    }
    const set = e.down
      ? {
          statusAfterDown: () => 'CASE WHEN held_down THEN status_after_down ELSE status END',
          status: () => `CASE WHEN held_down THEN status ELSE '${MACHINE_STATUS_DOWN}' END`,
          heldDown: true,
        }
      : {
          status: () => 'CASE WHEN held_down THEN status_after_down ELSE status END',
          statusAfterDown: null,
          heldDown: false,
        };
    await this.dataSource
      .createQueryBuilder()
      .update(MachineEntity)
      .set({ ...set, heldDownAt: at })
      .where('id = :id AND account_id = :accountId AND (held_down_at IS NULL OR held_down_at < :at)', { id: e.machineId, accountId, at })
      .execute();
  }
}
