import { Injectable } from '@nestjs/common';
import { eventsOfBatch, type EventBatch, type RpcMessage } from '@wrenchlog/contracts';
import { queryNamed } from '@wrenchlog/platform';
import { DataSource } from 'typeorm';

/** The row whose version is everyone's: a rebuild raises it. */
const EVERYONE = 0;

/**
 * Each user's read-model version, in the database so that every replica sees it: raised after each
 * event applied for the user, read before a report. A report cached at the version read is the
 * report of the data at least that new (the event's rows commit before its version rises), so
 * answering it again until the version moves is never staler than reading the rows.
 */
@Injectable()
export class ReadModelVersions {
  constructor(private readonly dataSource: DataSource) {}

  /** The user's version plus everyone's (each only rises, so their sum does too). */
  async of(userId: number): Promise<number> {
    const rows = await queryNamed<{ v: number | string | null }[]>(
      this.dataSource.manager,
      'SELECT SUM(version) AS v FROM report_versions WHERE user_id IN (:everyone, :userId)',
      { everyone: EVERYONE, userId },
    );
    return Number(rows[0]?.v ?? 0);
  }

  async raise(userId: number): Promise<void> {
    await queryNamed(
      this.dataSource.manager,
      'INSERT INTO report_versions (user_id, version) VALUES (:userId, 1) ON CONFLICT (user_id) DO UPDATE SET version = report_versions.version + 1',
      { userId },
    );
  }

  /** Every user's reports are out of date (a rebuild applied rows without their events). */
  raiseAll(): Promise<void> {
    return this.raise(EVERYONE);
  }

  /**
   * Applies an event, then raises its user's version. After, not inside the event's transaction: a
   * failure to raise fails the event, which comes again (consumers are idempotent), and a report read
   * between the two caches the new rows under the old version, which the raise then retires.
   */
  async after<T>(m: RpcMessage<unknown>, apply: () => Promise<T>): Promise<T> {
    const result = await apply();
    const userId = userOf(m);
    // An event without a valid user changed nothing (its consumer dropped it as malformed).
    if (userId !== null) {
      await this.raise(userId);
    }
    return result;
  }

  /** after() for a batch delivery: each user of its events is raised once, after the batch is applied. */
  async afterBatch<T>(m: RpcMessage<EventBatch<unknown>>, apply: () => Promise<T>): Promise<T> {
    const result = await apply();
    const users = new Set(eventsOfBatch(m).map(userOf));
    for (const userId of users) {
      if (userId !== null) {
        await this.raise(userId);
      }
    }
    return result;
  }
}

/** The valid user an event names, or null. */
function userOf(m: RpcMessage<unknown> | null | undefined): number | null {
  const userId = (m?.payload as { userId?: unknown } | null | undefined)?.userId;
  return typeof userId === 'number' && Number.isInteger(userId) && userId > 0 ? userId : null;
}
