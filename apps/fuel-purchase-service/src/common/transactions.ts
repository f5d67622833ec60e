import { Injectable } from '@nestjs/common';
import { advisoryXactLock } from '@wrenchlog/platform';
import { DataSource, type EntityManager } from 'typeorm';

/**
 * A transaction in progress. Services only hand it on (to repositories, `Outbox.enqueue`,
 * `StockEvents.announce`) so that several writes commit together; the SQL stays in the repositories.
 */
export type Tx = EntityManager;

/** Advisory-lock namespace of this service: one lock per account for inventory writes (the account's id, which was its owner's user id). */
const LOCK_NAMESPACE = 4104;

/**
 * Runs one account's write as a transaction, one at a time per account: the transaction holds the
 * account's advisory lock (libs/platform's `advisoryXactLock`, which is where the engines differ), so
 * two concurrent writes to the same inventory (two members, two replicas, or a status change racing
 * a quantity change) never both count stock.
 */
@Injectable()
export class AccountTransactions {
  constructor(private readonly dataSource: DataSource) {}

  /** `lock: false` for a write that moves no stock and references no supplier or part (nothing to serialise). Never nest. */
  run<T>(accountId: number, work: (tx: Tx) => Promise<T>, { lock = true }: { lock?: boolean } = {}): Promise<T> {
    return this.dataSource.transaction(async (tx) => {
      if (lock) {
        await advisoryXactLock(tx, LOCK_NAMESPACE, accountId);
      }
      return work(tx);
    });
  }
}
