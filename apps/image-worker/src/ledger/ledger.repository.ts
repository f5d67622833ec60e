import { Injectable } from '@nestjs/common';
import { DataSource, In, Not } from 'typeorm';
import type { Tx } from '../common/transactions.js';
import { DeletedMachineEntity } from './deleted-machine.entity.js';
import { LedgerImageEntity } from './ledger-image.entity.js';

/** The columns of a new ledger row (the id comes from the database). */
export type NewLedgerImage = Omit<LedgerImageEntity, 'id'>;

/** How a processed or failed image is finished. */
export interface Finish {
  state: 'processed' | 'failed';
  error: string | null;
  originalSize: number;
  thumbnailSize: number | null;
}

/** SQL of the `ledger_images` table and the deleted machines' tombstones (`deleted_machines`). */
@Injectable()
export class LedgerRepository {
  constructor(private readonly dataSource: DataSource) {}

  private get images() {
    return this.dataSource.getRepository(LedgerImageEntity);
  }

  /** The ledger row of an image by its key, its user and its owning service. */
  byKey(accountId: number, owner: LedgerImageEntity['owner'], originalKey: string): Promise<LedgerImageEntity | null> {
    return this.images.findOneBy({ originalKey, accountId, owner });
  }

  byId(id: number): Promise<LedgerImageEntity | null> {
    return this.images.findOneBy({ id });
  }

  /** Inserts unless the original key is already in the ledger (then the row stays as it is). */
  async insertOnce(row: NewLedgerImage): Promise<void> {
    await this.images.createQueryBuilder().insert().into(LedgerImageEntity).values(row).orIgnore().execute();
  }

  /** Marks an image deleted (a tombstone: its key stays) and drops any claim; `owner` narrows it to one owning service. */
  async markDeleted(accountId: number, originalKey: string, owner?: LedgerImageEntity['owner']): Promise<void> {
    await this.images.update({ originalKey, accountId, ...(owner === undefined ? {} : { owner }) }, { state: 'deleted', claimedUntil: null });
  }

  /** Pending images nobody holds at `now`, oldest first. */
  unclaimedPending(limit: number, now: Date): Promise<LedgerImageEntity[]> {
    return this.images
      .createQueryBuilder('i')
      .where("i.state = 'pending'")
      .andWhere('(i.claimed_until IS NULL OR i.claimed_until < :now)', { now })
      .orderBy('i.id', 'ASC')
      .take(limit)
      .getMany();
  }

  /** Claims a pending image nobody holds at `now` until `until`, counting the attempt; false when it could not be taken. */
  async claim(id: number, now: Date, until: Date): Promise<boolean> {
    const result = await this.images
      .createQueryBuilder()
      .update(LedgerImageEntity)
      .set({ claimedUntil: until, attempts: () => 'attempts + 1' })
      .where("id = :id AND state = 'pending' AND (claimed_until IS NULL OR claimed_until < :now)", { id, now })
      .execute();
    return (result.affected ?? 0) === 1;
  }

  /** Moves the claim of a still pending image to `until`. */
  async holdUntil(id: number, until: Date): Promise<void> {
    await this.images.createQueryBuilder().update(LedgerImageEntity).set({ claimedUntil: until }).where("id = :id AND state = 'pending'", { id }).execute();
  }

  /** Finishes a still pending image; false when it was not pending any more (deleted, or finished by another worker). */
  async finish(tx: Tx, id: number, change: Finish, at: Date): Promise<boolean> {
    const result = await tx
      .createQueryBuilder()
      .update(LedgerImageEntity)
      .set({ ...change, claimedUntil: null, processedAt: at })
      .where("id = :id AND state = 'pending'", { id })
      .execute();
    return (result.affected ?? 0) === 1;
  }

  countPending(): Promise<number> {
    return this.images.countBy({ state: 'pending' });
  }

  /** How many images the user has (deleted ones aside) and their bytes, originals and thumbnails. */
  async sizeOf(accountId: number): Promise<{ count: number; bytes: number }> {
    const row = await this.images
      .createQueryBuilder('i')
      .select('COUNT(*)', 'count')
      .addSelect('COALESCE(SUM(i.original_size + COALESCE(i.thumbnail_size, 0)), 0)', 'bytes')
      .where('i.account_id = :accountId', { accountId })
      .andWhere("i.state <> 'deleted'")
      .getRawOne<{ count: string | number; bytes: string | number }>();
    return { count: Number(row?.count ?? 0), bytes: Number(row?.bytes ?? 0) };
  }

  /** Marks a machine's images deleted; answers the rows so marked. */
  async deleteOfMachine(accountId: number, machineId: number): Promise<LedgerImageEntity[]> {
    const rows = await this.images.find({ where: { accountId, machineId, state: Not('deleted') } });
    if (rows.length > 0) {
      await this.images.update({ id: In(rows.map((r) => r.id)) }, { state: 'deleted', claimedUntil: null });
    }
    return rows;
  }

  /** Remembers a deleted machine (idempotent). */
  async addDeletedMachine(accountId: number, machineId: number, at: Date): Promise<void> {
    await this.dataSource.createQueryBuilder().insert().into(DeletedMachineEntity).values({ accountId, machineId, deletedAt: at }).orIgnore().execute();
  }

  isMachineDeleted(accountId: number, machineId: number): Promise<boolean> {
    return this.dataSource.getRepository(DeletedMachineEntity).existsBy({ accountId, machineId });
  }
}
