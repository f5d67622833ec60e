import { Injectable, Logger } from '@nestjs/common';
import type { NotificationMailRequestedEvent, RpcMessage } from '@wrenchlog/contracts';
import { DataSource } from 'typeorm';
import { MailQueue } from '../mail/mail-queue.js';
import { User } from '../users/user.entity.js';
import { NotificationMailKey } from './notification-mail-key.entity.js';

/**
 * notification.mail.requested (issue 24): notification-service's emails (the daily digest) go
 * through the product's one mail path, this service's mail queue, to the user's address. Each key
 * is queued once, in the transaction that records it; a disabled or deleted account gets nothing.
 */
@Injectable()
export class NotificationMailService {
  private readonly logger = new Logger(NotificationMailService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly mail: MailQueue,
  ) {}

  async onRequested(m: RpcMessage<NotificationMailRequestedEvent>): Promise<void> {
    const e = m?.payload;
    if (!e || typeof e.key !== 'string' || !e.key || e.key.length > 200 || !Number.isInteger(e.userId) || typeof e.subject !== 'string' || typeof e.text !== 'string') {
      this.logger.warn('ignored a malformed notification.mail.requested event');
      return;
    }
    await this.dataSource.transaction(async (manager) => {
      const keys = manager.getRepository(NotificationMailKey);
      if (await keys.exists({ where: { key: e.key } })) {
        return;
      }
      await keys.insert({ key: e.key, createdAt: new Date() });
      const user = await manager.getRepository(User).findOneBy({ id: e.userId });
      if (!user || !user.enabled) {
        return;
      }
      await this.mail.enqueue(manager, { to: user.username, subject: e.subject, text: e.text });
    });
  }
}
