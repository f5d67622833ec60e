import { loadEnv } from '@wrenchlog/platform';
import { freePort } from '@wrenchlog/testing';
import { SMTPServer } from 'smtp-server';
import type { DataSource } from 'typeorm';
import { UserEnv } from '../src/config/user-env.js';
import { MailMessageEntity } from '../src/mail/mail-message.entity.js';
import { MailQueue } from '../src/mail/mail-queue.js';
import { SmtpMailTransport } from '../src/mail/mail-transport.js';
import { testDataSource } from './db.js';

/** A real SMTP server in the test process that keeps what it receives. */
function receiver(port: number) {
  const received: { to: string[]; data: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (c: Buffer) => (data += c.toString()));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
        callback();
      });
    },
  });
  return {
    received,
    start: () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve())),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('mail over SMTP', () => {
  let ds: DataSource;
  let queue: MailQueue | undefined;

  beforeEach(async () => {
    ds = await testDataSource();
  });

  afterEach(async () => {
    await queue?.onApplicationShutdown();
    await ds.destroy();
  });

  it('keeps a message while the SMTP server is down and delivers it once the server is back', async () => {
    const port = await freePort();
    const env = loadEnv(UserEnv, { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Wrenchlog <no-reply@wrenchlog.test>' });
    queue = new MailQueue(ds, new SmtpMailTransport(env.SMTP_URL!), env);
    await ds.transaction((manager) =>
      queue!.enqueue(manager, { to: 'owner@wrenchlog.test', subject: 'Your Wrenchlog account is approved', text: 'You can sign in now.' }),
    );

    await queue.drainNow();
    const [waiting] = await ds.getRepository(MailMessageEntity).find();
    expect(waiting).toMatchObject({ attempts: 1, lastError: expect.stringMatching(/ECONNREFUSED/) });

    const smtp = receiver(port);
    await smtp.start();
    try {
      await ds.getRepository(MailMessageEntity).update({ id: waiting.id }, { nextAttemptAt: new Date(Date.now() - 1) });
      await queue.drainNow();

      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0].to).toEqual(['owner@wrenchlog.test']);
      expect(smtp.received[0].data).toMatch(/^Subject: Your Wrenchlog account is approved$/m);
      expect(smtp.received[0].data).toMatch(/^From: Wrenchlog <no-reply@wrenchlog\.test>$/m);
      expect(smtp.received[0].data).toContain('You can sign in now.');
      expect(await ds.getRepository(MailMessageEntity).count()).toBe(0);
    } finally {
      await smtp.stop();
    }
  });
});
