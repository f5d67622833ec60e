import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

/**
 * A transaction in progress. Services only hand it on (to repositories, `Outbox.enqueue`,
 * `OwnedImages`) so that several writes commit together; the SQL stays in the repositories.
 */
export type Tx = EntityManager;

/** Opens the service's transactions (on SQLite libs/platform queues them one at a time). */
@Injectable()
export class Transactions {
  constructor(private readonly dataSource: DataSource) {}

  /** Runs `work` in one transaction: everything written through `tx` commits, or none of it. Never nest. */
  run<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }
}
