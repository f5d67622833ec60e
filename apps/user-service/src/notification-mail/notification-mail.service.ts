import { Injectable, Logger } from '@nestjs/common';
import type { NotificationMailRequestedEvent, RpcMessage } from '@wrenchlog/contracts';
import { Transactions } from '../common/transactions.js';
import { MailQueue } from '../mail/mail-queue.js';
import { UsersRepository } from '../users/users.repository.js';
import { NotificationMailRepository } from './notification-mail.repository.js';

/**
 * notification.mail.requested (issue 24): notification-service's emails (the daily digest) go
 * through the product's one mail path, this service's mail queue, to the user's address. Each key
 * is queued once, in the transaction that records it; a disabled or deleted account gets nothing.
 */
@Injectable()
export class NotificationMailService {
  private readonly logger = new Logger(NotificationMailService.name);

  constructor(
    private readonly keys: NotificationMailRepository,
    private readonly users: UsersRepository,
    private readonly transactions: Transactions,
    private readonly mail: MailQueue,
  ) {}

  async onRequested(m: RpcMessage<NotificationMailRequestedEvent>): Promise<void> {
    const e = m?.payload;
    if (
      !e ||
      typeof e.key !== 'string' ||
      !e.key ||
      e.key.length > 200 ||
      !Number.isInteger(e.userId) ||
      typeof e.subject !== 'string' ||
      typeof e.text !== 'string'
    ) {
      this.logger.warn('ignored a malformed notification.mail.requested event');
      return;
    }
    await this.transactions.run(async (tx) => {
      if (!(await this.keys.recordKey(tx, e.key, new Date()))) {
        return;
      }
      const user = await this.users.byId(e.userId, tx);
      if (!user || !user.enabled) {
        return;
      }
      await this.mail.enqueue(tx, { to: user.username, subject: e.subject, text: e.text });
    });
  }
}
