import { Injectable, Logger } from '@nestjs/common';
import { eventAccountId, eventTime, isValidId, type MachineDeletedEvent, type MachineSavedEvent, type RpcMessage } from '@wrenchlog/contracts';
import { DataSource, In, LessThanOrEqual, type EntityManager } from 'typeorm';
import { KnownMachineEntity } from './known-machine.entity.js';

/** Machine names from machine-service's events, applied in the order of `at`; a deleted one stays a tombstone. */
@Injectable()
export class MachinesService {
  private readonly logger = new Logger(MachinesService.name);

  constructor(private readonly dataSource: DataSource) {}

  async onSaved(m: RpcMessage<MachineSavedEvent>): Promise<void> {
    const e = m?.payload;
    const accountId = eventAccountId(e);
    if (!e || !isValidId(e.machineId) || !isValidId(accountId) || typeof e.name !== 'string') {
      this.logger.warn('ignored a malformed machine.machine.saved event');
      return;
    }
    const at = eventTime(e.at);
    const repo = this.dataSource.getRepository(KnownMachineEntity);
    await repo
      .createQueryBuilder()
      .insert()
      .values({ machineId: e.machineId, accountId, name: e.name, deleted: false, updatedAt: at, firstSeenAt: at })
      .orIgnore()
      .execute();
    // Conditional on `at`: an older event that commits last changes nothing; a tombstone stays.
    await repo.update({ machineId: e.machineId, deleted: false, updatedAt: LessThanOrEqual(at) }, { name: e.name, updatedAt: at });
  }

  async onDeleted(m: RpcMessage<MachineDeletedEvent>): Promise<void> {
    const e = m?.payload;
    const accountId = eventAccountId(e);
    if (!e || !isValidId(e.machineId) || !isValidId(accountId)) {
      return;
    }
    const repo = this.dataSource.getRepository(KnownMachineEntity);
    await repo.createQueryBuilder().insert().values({ machineId: e.machineId, accountId, name: '', deleted: true, updatedAt: new Date() }).orIgnore().execute();
    await repo.update({ machineId: e.machineId }, { deleted: true });
  }

  /**
   * The accounts that have machines, each with when its first machine still there was first heard
   * of (null when one predates that record).
   */
  async accountsSince(): Promise<Map<number, Date | null>> {
    const rows = await this.dataSource.getRepository(KnownMachineEntity).find({ where: { deleted: false }, select: { accountId: true, firstSeenAt: true } });
    const since = new Map<number, Date | null>();
    for (const row of rows) {
      const known = since.has(row.accountId) ? since.get(row.accountId)! : undefined;
      const seen = row.firstSeenAt ?? null;
      since.set(row.accountId, known === undefined ? seen : known === null || seen === null ? null : known < seen ? known : seen);
    }
    return since;
  }

  /** Names by machine id ("Machine #id" until its saved event arrives). */
  async names(manager: EntityManager, machineIds: number[]): Promise<Map<number, string>> {
    const rows = machineIds.length ? await manager.getRepository(KnownMachineEntity).findBy({ machineId: In(machineIds) }) : [];
    const byId = new Map(rows.filter((r) => r.name).map((r) => [r.machineId, r.name]));
    return new Map(machineIds.map((id) => [id, byId.get(id) ?? `Machine #${id}`]));
  }
}
