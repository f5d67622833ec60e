import { Injectable } from '@nestjs/common';
import { advisoryXactLock } from '@wrenchlog/platform';
import { DataSource, type EntityManager } from 'typeorm';

/** Advisory-lock namespace of this service (PostgreSQL): one lock per user for inventory writes. */
const LOCK_NAMESPACE = 4104;

/**
 * Runs one user's write as a transaction, one at a time per user.
 *
 * PostgreSQL: a transaction holding an advisory lock on the user, so two concurrent writes of the
 * same user (two replicas, or a status change racing a quantity change) never both count stock.
 * SQLite: transactions are already queued process-wide by libs/platform (DatabaseModule), and an
 * embedded install runs one process.
 */
@Injectable()
export class UserTransactions {
  constructor(private readonly dataSource: DataSource) {}

  /** `lock: false` for a write that moves no stock and references no supplier or part (nothing to serialise). */
  run<T>(userId: number, work: (manager: EntityManager) => Promise<T>, { lock = true }: { lock?: boolean } = {}): Promise<T> {
    return this.dataSource.transaction(async (manager) => {
      if (lock) {
        await advisoryXactLock(manager, LOCK_NAMESPACE, userId);
      }
      return work(manager);
    });
  }
}
