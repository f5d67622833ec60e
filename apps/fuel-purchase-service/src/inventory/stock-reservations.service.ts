import { Injectable } from '@nestjs/common';
import type { Actor, ReservedLine, StockReserveReply, StockReserveRequest } from '@wrenchlog/contracts';
import { badRequest } from '@wrenchlog/platform';
import { AccountTransactions } from '../common/transactions.js';
import { StockReservationsRepository } from './stock-reservations.repository.js';

const KEY_MAX = 100;

/**
 * Reservations (issue 35): the part lines of an open work order hold back their quantity. The
 * holder sends its whole set with a rising version; the set replaces the stored one under the
 * account's inventory lock (as every stock change), unless a newer version is stored already, so
 * retries and answers arriving out of order leave the newest set in force.
 */
@Injectable()
export class StockReservationsService {
  constructor(
    private readonly transactions: AccountTransactions,
    private readonly reservations: StockReservationsRepository,
  ) {}

  reserve(actor: Actor, req: StockReserveRequest): Promise<StockReserveReply> {
    const holder = typeof req?.holder === 'string' ? req.holder.trim() : '';
    if (!holder || holder.length > KEY_MAX) {
      throw badRequest('A reservation needs its holder');
    }
    if (!Number.isSafeInteger(req.version) || req.version < 0) {
      throw badRequest('A reservation needs a version of 0 or more');
    }
    const lines = linesOf(req.lines);
    return this.transactions.run(actor.accountId, async (tx) => {
      const stored = await this.reservations.version(tx, actor.accountId, holder);
      if (stored !== null && stored > req.version) {
        return { holder, version: stored, applied: false };
      }
      // A line whose part was deleted since holds nothing back.
      const parts = await this.reservations.existing(
        tx,
        actor.accountId,
        lines.map((l) => l.partId),
      );
      const touched = await this.reservations.replace(
        tx,
        actor.accountId,
        holder,
        req.version,
        lines.filter((l) => parts.has(l.partId)),
      );
      await this.reservations.recount(tx, actor.accountId, touched);
      return { holder, version: req.version, applied: true };
    });
  }
}

/** The request's lines, checked (a line of 0 units holds nothing back and is left out). */
function linesOf(input: unknown): ReservedLine[] {
  if (!Array.isArray(input)) {
    throw badRequest('A reservation needs its lines');
  }
  return input
    .map((l: Partial<ReservedLine>) => {
      if (typeof l?.key !== 'string' || !l.key || l.key.length > KEY_MAX || !Number.isInteger(l.partId) || !Number.isInteger(l.quantity) || l.quantity! < 0) {
        throw badRequest('Each reserved line needs a key, a part and a quantity of 0 or more');
      }
      return { key: l.key, partId: l.partId!, quantity: l.quantity! };
    })
    .filter((l) => l.quantity > 0);
}
