import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  replyTo?: string | null;
}

/** Sends one email or throws; the mail queue retries on a throw. */
export abstract class MailTransport {
  abstract send(mail: OutgoingMail): Promise<void>;
  close(): void {}
}

/** SMTP (Mailpit in compose, a real relay in production) when SMTP_URL is set. */
export class SmtpMailTransport extends MailTransport {
  private readonly transporter: Transporter;

  constructor(url: string) {
    super();
    this.transporter = nodemailer.createTransport(url);
  }

  async send(mail: OutgoingMail): Promise<void> {
    await this.transporter.sendMail({ ...mail, replyTo: mail.replyTo ?? undefined });
  }

  close(): void {
    this.transporter.close();
  }
}

/**
 * The embedded default: each email becomes an RFC 822 `.eml` file in DATA_DIR/outbox, built by
 * nodemailer's stream transport. Written to a temporary name and renamed, so a reader never sees half a file.
 */
export class FileMailTransport extends MailTransport {
  private readonly transporter: Transporter;
  readonly dir: string;

  constructor(dataDir: string) {
    super();
    this.dir = resolve(dataDir, 'outbox');
    this.transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  }

  async send(mail: OutgoingMail): Promise<void> {
    const info = (await this.transporter.sendMail({ ...mail, replyTo: mail.replyTo ?? undefined })) as { message: Buffer };
    await mkdir(this.dir, { recursive: true });
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
    const tmp = join(this.dir, `.${name}.tmp`);
    await writeFile(tmp, info.message);
    await rename(tmp, join(this.dir, name));
  }
}
