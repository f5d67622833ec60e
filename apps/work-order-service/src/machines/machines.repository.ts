import { Injectable } from '@nestjs/common';
import { DataSource, In, type EntityManager } from 'typeorm';
import { KnownMachineEntity } from '@wrenchlog/platform';

/** SQL of the machine projection. */
@Injectable()
export class MachinesRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The account's live machine; null when unknown, deleted or another account's. */
  async owned(accountId: number, machineId: number, manager: EntityManager = this.dataSource.manager): Promise<KnownMachineEntity | null> {
    const row = await manager.findOneBy(KnownMachineEntity, { machineId });
    return row && !row.deleted && row.accountId === accountId ? row : null;
  }

  /** The names of these machines (one query). */
  async names(accountId: number, machineIds: number[]): Promise<Map<number, string>> {
    const ids = [...new Set(machineIds)];
    if (ids.length === 0) {
      return new Map();
    }
    const rows = await this.dataSource.manager.find(KnownMachineEntity, { select: { machineId: true, name: true }, where: { accountId, machineId: In(ids) } });
    return new Map(rows.map((r) => [r.machineId, r.name]));
  }

  /** The names of these machines in whichever accounts they are, with their account (one query; ids are unique across accounts). */
  async namesAcrossAccounts(machineIds: number[]): Promise<Map<number, { accountId: number; name: string }>> {
    const ids = [...new Set(machineIds)];
    if (ids.length === 0) {
      return new Map();
    }
    const rows = await this.dataSource.manager.find(KnownMachineEntity, {
      select: { machineId: true, accountId: true, name: true },
      where: { machineId: In(ids) },
    });
    return new Map(rows.map((r) => [r.machineId, { accountId: r.accountId, name: r.name }]));
  }

  /** Applies a saved event newer than what is kept; a tombstone or another account's machine stays as it is. */
  async applySaved(manager: EntityManager, e: { machineId: number; accountId: number; name: string; at: Date }): Promise<void> {
    const known = await manager.findOneBy(KnownMachineEntity, { machineId: e.machineId });
    if (!known) {
      await manager.insert(KnownMachineEntity, { machineId: e.machineId, accountId: e.accountId, name: e.name, deleted: false, updatedAt: e.at });
      return;
    }
    if (known.deleted || known.accountId !== e.accountId || known.updatedAt.getTime() > e.at.getTime()) {
      return;
    }
    await manager.update(KnownMachineEntity, { machineId: e.machineId }, { name: e.name, updatedAt: e.at });
  }

  /** Marks the machine deleted; false when it is another account's (nothing of it is touched). */
  async markDeleted(manager: EntityManager, accountId: number, machineId: number): Promise<boolean> {
    const known = await manager.findOneBy(KnownMachineEntity, { machineId });
    if (!known) {
      await manager.insert(KnownMachineEntity, { machineId, accountId, name: '', deleted: true, updatedAt: new Date() });
      return true;
    }
    if (known.accountId !== accountId) {
      return false;
    }
    await manager.update(KnownMachineEntity, { machineId }, { deleted: true });
    return true;
  }
}
