import { Injectable } from '@nestjs/common';
import type { ReservedLine } from '@wrenchlog/contracts';
import { In } from 'typeorm';
import type { Tx } from '../common/transactions.js';
import { PartEntity } from './part.entity.js';
import { StockHoldEntity } from './stock-hold.entity.js';
import { StockReservationEntity } from './stock-reservation.entity.js';

/** SQL of reservations (issue 35): each holder's lines, its version, and the parts' `reserved` sums. */
@Injectable()
export class StockReservationsRepository {
  /** The version of the holder's set in force, or null when it never reserved. */
  async version(tx: Tx, accountId: number, holder: string): Promise<number | null> {
    const row = await tx.getRepository(StockHoldEntity).findOneBy({ accountId, holder });
    return row ? Number(row.version) : null;
  }

  /** Replaces the holder's lines and version; answers the parts whose `reserved` may have changed. */
  async replace(tx: Tx, accountId: number, holder: string, version: number, lines: ReservedLine[]): Promise<number[]> {
    const rows = tx.getRepository(StockReservationEntity);
    const before = await rows.findBy({ accountId, holder });
    await rows.delete({ accountId, holder });
    if (lines.length) {
      await rows.insert(lines.map((l) => ({ accountId, holder, lineKey: l.key, partId: l.partId, quantity: l.quantity })));
    }
    const holds = tx.getRepository(StockHoldEntity);
    const now = new Date();
    if ((await holds.update({ accountId, holder }, { version, updatedAt: now })).affected === 0) {
      await holds.insert({ accountId, holder, version, updatedAt: now });
    }
    return [...new Set([...before.map((r) => r.partId), ...lines.map((l) => l.partId)])];
  }

  /** Sets each part's `reserved` to the sum of its reservations (counted again, so it never drifts). */
  async recount(tx: Tx, accountId: number, partIds: number[]): Promise<void> {
    if (partIds.length === 0) {
      return;
    }
    const sums = await tx
      .getRepository(StockReservationEntity)
      .createQueryBuilder('r')
      .select('r.part_id', 'partId')
      .addSelect('SUM(r.quantity)', 'total')
      .where('r.account_id = :accountId AND r.part_id IN (:...partIds)', { accountId, partIds })
      .groupBy('r.part_id')
      .getRawMany<{ partId: number; total: string | number }>();
    const total = new Map(sums.map((s) => [Number(s.partId), Number(s.total)]));
    for (const partId of partIds) {
      await tx.getRepository(PartEntity).update({ accountId, id: partId }, { reserved: total.get(partId) ?? 0 });
    }
  }

  /** Which of `ids` are parts of the account (a line may name a part deleted since). */
  async existing(tx: Tx, accountId: number, ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) {
      return new Set();
    }
    const found = await tx.getRepository(PartEntity).find({ select: { id: true }, where: { accountId, id: In(ids) } });
    return new Set(found.map((p) => p.id));
  }
}
