import { Injectable } from '@nestjs/common';
import type { Tx } from '../common/transactions.js';
import { NotificationMailKeyEntity } from './notification-mail-key.entity.js';

/** SQL of the `notification_mail_keys` table: the keys of the mails already queued. */
@Injectable()
export class NotificationMailRepository {
  /** Records the key; false when it was recorded before (the mail was queued already). */
  async recordKey(tx: Tx, key: string, at: Date): Promise<boolean> {
    const keys = tx.getRepository(NotificationMailKeyEntity);
    if (await keys.exists({ where: { key } })) {
      return false;
    }
    await keys.insert({ key, createdAt: at });
    return true;
  }
}
