import { Injectable } from '@nestjs/common';
import { advisoryXactLock } from '@wrenchlog/platform';
import { DataSource, type EntityManager } from 'typeorm';

/**
 * A transaction in progress. Services only hand it on (to repositories, `Outbox.enqueue`,
 * `StockEvents.announce`) so that several writes commit together; the SQL stays in the repositories.
 */
export type Tx = EntityManager;

/** Advisory-lock namespace of this service: one lock per user for inventory writes. */
const LOCK_NAMESPACE = 4104;

/**
 * Runs one user's write as a transaction, one at a time per user: the transaction holds the user's
 * advisory lock (libs/platform's `advisoryXactLock`, which is where the engines differ), so two
 * concurrent writes of the same user (two replicas, or a status change racing a quantity change)
 * never both count stock.
 */
@Injectable()
export class UserTransactions {
  constructor(private readonly dataSource: DataSource) {}

  /** `lock: false` for a write that moves no stock and references no supplier or part (nothing to serialise). Never nest. */
  run<T>(userId: number, work: (tx: Tx) => Promise<T>, { lock = true }: { lock?: boolean } = {}): Promise<T> {
    return this.dataSource.transaction(async (tx) => {
      if (lock) {
        await advisoryXactLock(tx, LOCK_NAMESPACE, userId);
      }
      return work(tx);
    });
  }
}
