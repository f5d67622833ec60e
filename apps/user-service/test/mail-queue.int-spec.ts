import { loadEnv } from '@wrenchlog/platform';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { UserEnv } from '../src/config/user-env.js';
import { MailMessageEntity } from '../src/mail/mail-message.entity.js';
import { MailQueue } from '../src/mail/mail-queue.js';
import { FileMailTransport, MailTransport, type OutgoingMail } from '../src/mail/mail-transport.js';
import { UserEntity } from '../src/users/user.entity.js';
import { testDataSource } from './db.js';

/** A mail server that is down until told otherwise. */
class FlakyTransport extends MailTransport {
  up = false;
  sent: OutgoingMail[] = [];
  async send(mail: OutgoingMail): Promise<void> {
    if (!this.up) {
      throw new Error('connect ECONNREFUSED 127.0.0.1:25');
    }
    this.sent.push(mail);
  }
}

describe(MailQueue.name, () => {
  let ds: DataSource;
  const queues: MailQueue[] = [];
  const env = loadEnv(UserEnv, { MAIL_FROM: 'Wrenchlog <no-reply@test>' });

  const track = (q: MailQueue) => {
    queues.push(q);
    return q;
  };

  beforeEach(async () => {
    ds = await testDataSource();
  });

  afterEach(async () => {
    await Promise.all(queues.splice(0).map((q) => q.onApplicationShutdown()));
    await ds.destroy();
  });

  it('keeps the account change and the message when sending fails, and sends it on a later attempt', async () => {
    const transport = new FlakyTransport();
    const queue = track(new MailQueue(ds, transport, env));
    await ds.transaction(async (manager) => {
      await manager.getRepository(UserEntity).insert({
        username: 'a@test',
        name: 'A',
        passwordHash: null,
        passwordIsPlaceholder: false,
        adminLevel: 0,
        enabled: true,
        userSelfDescription: null,
        createDate: new Date(),
      });
      await queue.enqueue(manager, { to: 'a@test', subject: 'Approved', text: 'You can sign in' });
    });

    await queue.drainNow();

    const [pending] = await ds.getRepository(MailMessageEntity).find();
    expect(pending).toMatchObject({ recipient: 'a@test', attempts: 1, lastError: 'connect ECONNREFUSED 127.0.0.1:25' });
    expect(pending.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 1000);
    expect(await ds.getRepository(UserEntity).findOneBy({ username: 'a@test' })).toMatchObject({ enabled: true });

    // Not due yet: a pass now sends nothing, even with the server back.
    transport.up = true;
    await queue.drainNow();
    expect(transport.sent).toHaveLength(0);

    await ds.getRepository(MailMessageEntity).update({ id: pending.id }, { nextAttemptAt: new Date(Date.now() - 1) });
    await queue.drainNow();

    expect(transport.sent).toEqual([{ from: 'Wrenchlog <no-reply@test>', to: 'a@test', subject: 'Approved', text: 'You can sign in', replyTo: null }]);
    expect(await ds.getRepository(MailMessageEntity).count()).toBe(0);
  });

  it('sends nothing when the transaction that enqueued the message rolls back', async () => {
    const transport = new FlakyTransport();
    transport.up = true;
    const queue = track(new MailQueue(ds, transport, env));

    await expect(
      ds.transaction(async (manager) => {
        await queue.enqueue(manager, { to: 'b@test', subject: 'x', text: 'y' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await queue.drainNow();

    expect(transport.sent).toHaveLength(0);
  });

  it('writes each message as an .eml file into DATA_DIR/outbox when no SMTP server is configured', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'wl-mail-'));
    try {
      const queue = track(new MailQueue(ds, new FileMailTransport(dataDir), env));
      await ds.transaction((manager) => queue.enqueue(manager, { to: 'c@test', subject: 'Hello there', text: 'Body text', replyTo: 'r@test' }));

      await queue.drainNow();

      const files = readdirSync(join(dataDir, 'outbox'));
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/\.eml$/);
      const eml = readFileSync(join(dataDir, 'outbox', files[0]), 'utf8');
      expect(eml).toMatch(/^To: c@test$/m);
      expect(eml).toMatch(/^Subject: Hello there$/m);
      expect(eml).toMatch(/^Reply-To: r@test$/m);
      expect(eml).toContain('Body text');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
