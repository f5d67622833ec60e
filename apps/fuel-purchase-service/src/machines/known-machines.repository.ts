import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { KnownMachineEntity } from './known-machine.entity.js';

/** SQL of the `known_machines` projection. */
@Injectable()
export class KnownMachinesRepository {
  constructor(private readonly dataSource: DataSource) {}

  byId(machineId: number): Promise<KnownMachineEntity | null> {
    return this.dataSource.getRepository(KnownMachineEntity).findOneBy({ machineId });
  }

  /** Insert or ignore: the owner of a machine never changes, and a tombstone is never revived. */
  async remember(machineId: number, accountId: number, at: Date): Promise<void> {
    await this.dataSource
      .createQueryBuilder()
      .insert()
      .into(KnownMachineEntity)
      .values({ machineId, accountId, deleted: false, updatedAt: at })
      .orIgnore()
      .execute();
  }

  /** The tombstone wins over whatever arrived before (an atomic upsert). */
  async markDeleted(accountId: number, machineId: number): Promise<void> {
    await this.dataSource
      .createQueryBuilder()
      .insert()
      .into(KnownMachineEntity)
      .values({ machineId, accountId, deleted: true, updatedAt: new Date() })
      .orUpdate(['deleted', 'updated_at'], ['machine_id'])
      .execute();
  }
}
