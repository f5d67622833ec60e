import { Injectable } from '@nestjs/common';
import { eventAccountId, eventsOfBatch, type EventBatch, type RpcMessage } from '@wrenchlog/contracts';
import { queryNamed } from '@wrenchlog/platform';
import { DataSource } from 'typeorm';

/** The row whose version is everyone's: a rebuild raises it. */
const EVERYONE = 0;

/**
 * Each account's read-model version, in the database so that every replica sees it: raised after
 * each event applied for the account, read before a report. A report cached at the version read is the
 * report of the data at least that new (the event's rows commit before its version rises), so
 * answering it again until the version moves is never staler than reading the rows.
 */
@Injectable()
export class ReadModelVersions {
  constructor(private readonly dataSource: DataSource) {}

  /** The account's version plus everyone's (each only rises, so their sum does too). */
  async of(accountId: number): Promise<number> {
    const rows = await queryNamed<{ v: number | string | null }[]>(
      this.dataSource.manager,
      'SELECT SUM(version) AS v FROM report_versions WHERE account_id IN (:everyone, :accountId)',
      { everyone: EVERYONE, accountId },
    );
    return Number(rows[0]?.v ?? 0);
  }

  async raise(accountId: number): Promise<void> {
    await queryNamed(
      this.dataSource.manager,
      'INSERT INTO report_versions (account_id, version) VALUES (:accountId, 1) ON CONFLICT (account_id) DO UPDATE SET version = report_versions.version + 1',
      { accountId },
    );
  }

  /** Every account's reports are out of date (a rebuild applied rows without their events). */
  raiseAll(): Promise<void> {
    return this.raise(EVERYONE);
  }

  /**
   * Applies an event, then raises its account's version. After, not inside the event's transaction: a
   * failure to raise fails the event, which comes again (consumers are idempotent), and a report read
   * between the two caches the new rows under the old version, which the raise then retires.
   */
  async after<T>(m: RpcMessage<unknown>, apply: () => Promise<T>, account: (m: RpcMessage<unknown>) => number | null = accountOf): Promise<T> {
    const result = await apply();
    const accountId = account(m);
    // An event without a valid account changed nothing (its consumer dropped it as malformed).
    if (accountId !== null) {
      await this.raise(accountId);
    }
    return result;
  }

  /** after() for a batch delivery: each account of its events is raised once, after the batch is applied. */
  async afterBatch<T>(m: RpcMessage<EventBatch<unknown>>, apply: () => Promise<T>): Promise<T> {
    const result = await apply();
    const accounts = new Set(eventsOfBatch(m).map(accountOf));
    for (const accountId of accounts) {
      if (accountId !== null) {
        await this.raise(accountId);
      }
    }
    return result;
  }
}

/** The account an event names (eventAccountId: `userId` in an event from before accounts), or null. */
function accountOf(m: RpcMessage<unknown> | null | undefined): number | null {
  const accountId = eventAccountId(m?.payload as { accountId?: unknown; userId?: unknown } | null | undefined);
  return accountId > 0 ? accountId : null;
}

/**
 * The account whose fuel records a person's time zone dates: the one whose id is theirs
 * (UsersRepository), whichever account the event names, or null.
 */
export function zoneAccountOf(m: RpcMessage<unknown> | null | undefined): number | null {
  const userId = (m?.payload as { userId?: unknown } | null | undefined)?.userId;
  return typeof userId === 'number' && Number.isInteger(userId) && userId > 0 ? userId : null;
}
