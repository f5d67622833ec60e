import { loadEnv } from '@wrenchlog/platform';
import type { DataSource } from 'typeorm';
import { Transactions } from '../src/common/transactions.js';
import { UserEnv } from '../src/config/user-env.js';
import { MailMessageEntity } from '../src/mail/mail-message.entity.js';
import { MailQueue } from '../src/mail/mail-queue.js';
import { MailTransport } from '../src/mail/mail-transport.js';
import { NotificationMailRepository } from '../src/notification-mail/notification-mail.repository.js';
import { NotificationMailService } from '../src/notification-mail/notification-mail.service.js';
import { UserEntity } from '../src/users/user.entity.js';
import { UsersRepository } from '../src/users/users.repository.js';
import { testDataSource } from './db.js';

/** A mail server that is down: messages stay in the queue table, where the test reads them. */
class DownTransport extends MailTransport {
  async send(): Promise<void> {
    throw new Error('connect ECONNREFUSED');
  }
}

describe(NotificationMailService.name, () => {
  let ds: DataSource;
  let service: NotificationMailService;
  let queue: MailQueue;

  const aUser = (enabled: boolean) =>
    ds.getRepository(UserEntity).save({
      username: `digest-${Math.random().toString(36).slice(2)}@test`,
      name: 'Owner',
      passwordHash: null,
      passwordIsPlaceholder: false,
      adminLevel: 0,
      enabled,
      userSelfDescription: null,
      createDate: new Date(),
    });
  const event = (userId: number, key: string) => ({
    actor: null,
    meta: { correlationId: 't' },
    payload: { key, userId, subject: 'Wrenchlog: 1 maintenance item needs attention', text: 'Tractor\n  - Due soon: Oil' },
  });

  beforeAll(async () => {
    ds = await testDataSource();
    queue = new MailQueue(ds, new DownTransport(), loadEnv(UserEnv, {}));
    service = new NotificationMailService(new NotificationMailRepository(), new UsersRepository(ds), new Transactions(ds), queue);
  });
  afterAll(async () => {
    await queue.onApplicationShutdown();
    await ds?.destroy();
  });

  it('queues the email to the user address once per key, however often the event comes', async () => {
    const user = await aUser(true);
    await service.onRequested(event(user.id, `digest:${user.id}:2026-03-02`));
    await service.onRequested(event(user.id, `digest:${user.id}:2026-03-02`));
    await service.onRequested(event(user.id, `digest:${user.id}:2026-03-03`));
    const mails = await ds.getRepository(MailMessageEntity).findBy({ recipient: user.username });
    expect(mails.map((m) => [m.subject, m.body])).toEqual([
      ['Wrenchlog: 1 maintenance item needs attention', 'Tractor\n  - Due soon: Oil'],
      ['Wrenchlog: 1 maintenance item needs attention', 'Tractor\n  - Due soon: Oil'],
    ]);
  });

  it('sends nothing to a disabled or unknown account, and ignores a malformed event', async () => {
    const before = await ds.getRepository(MailMessageEntity).count();
    const disabled = await aUser(false);
    await service.onRequested(event(disabled.id, `digest:${disabled.id}:2026-03-02`));
    await service.onRequested(event(999_999, 'digest:999999:2026-03-02'));
    await service.onRequested({ actor: null, meta: { correlationId: 't' }, payload: { key: '', userId: 1, subject: 's', text: 't' } });
    expect(await ds.getRepository(MailMessageEntity).count()).toBe(before);
  });
});
