import { Injectable, Logger } from '@nestjs/common';
import { PolledDrainer } from '@wrenchlog/platform';
import { DataSource, LessThanOrEqual, type EntityManager } from 'typeorm';
import { UserEnv } from '../config/user-env.js';
import { MailMessageEntity } from './mail-message.entity.js';
import { MAIL_CLAIM_MS, mailBackoffMs } from './mail-rules.js';
import { MailTransport } from './mail-transport.js';

const POLL_MS = 1000;
const BATCH = 20;

export interface QueuedMail {
  to: string;
  subject: string;
  text: string;
  replyTo?: string | null;
}

/**
 * Outgoing mail with the outbox pattern: enqueue() writes the message in the transaction of the
 * account change (or submission) it reports, and a drainer sends it after commit, retrying with
 * backoff while the mail server is down. A failed send never undoes the change that caused it.
 */
@Injectable()
export class MailQueue extends PolledDrainer {
  private readonly logger = new Logger(MailQueue.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly transport: MailTransport,
    private readonly env: UserEnv,
  ) {
    super(POLL_MS);
  }

  /** Records a message inside the caller's transaction; it is sent once that transaction commits. */
  async enqueue(manager: EntityManager, mail: QueuedMail): Promise<void> {
    const now = new Date();
    await manager.getRepository(MailMessageEntity).insert({
      recipient: mail.to,
      subject: mail.subject.slice(0, 255),
      body: mail.text,
      replyTo: mail.replyTo ?? null,
      attempts: 0,
      nextAttemptAt: now,
      lastError: null,
      createdAt: now,
    });
    this.kick();
  }

  async onApplicationShutdown(): Promise<void> {
    await super.onApplicationShutdown();
    this.transport.close();
  }

  protected async drain(): Promise<void> {
    const repo = this.dataSource.getRepository(MailMessageEntity);
    let due: MailMessageEntity[];
    try {
      due = await repo.find({ where: { nextAttemptAt: LessThanOrEqual(new Date()) }, order: { id: 'ASC' }, take: BATCH });
    } catch (err) {
      this.logger.warn(`mail queue not readable: ${(err as Error).message}`);
      return;
    }
    for (const row of due) {
      if (this.stopped) {
        return;
      }
      // Claim: of several replicas only the one whose conditional update wins sends this message.
      const claimed = await repo
        .update({ id: row.id, nextAttemptAt: row.nextAttemptAt }, { nextAttemptAt: new Date(Date.now() + MAIL_CLAIM_MS) })
        .catch(() => ({ affected: 0 }));
      if (!claimed.affected) {
        continue;
      }
      try {
        await this.transport.send({ from: this.env.MAIL_FROM, to: row.recipient, subject: row.subject, text: row.body, replyTo: row.replyTo });
        await repo.delete({ id: row.id });
      } catch (err) {
        const attempts = row.attempts + 1;
        const backoff = mailBackoffMs(attempts);
        const message = (err as Error).message ?? String(err);
        await repo
          .update({ id: row.id }, { attempts, nextAttemptAt: new Date(Date.now() + backoff), lastError: message.slice(0, 2000) })
          .catch(() => undefined);
        this.logger.warn(`mail #${row.id} to ${row.recipient} not sent (attempt ${attempts}, next in ${Math.round(backoff / 1000)} s): ${message}`);
      }
    }
  }
}
