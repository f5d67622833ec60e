import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ProductMode } from './product.js';

/** The DATA_DIR of a product the e2e global setup started (set as E2E_<MODE>_DATA_DIR). */
export function e2eDataDir(mode: ProductMode): string {
  const dir = process.env[`E2E_${mode.toUpperCase()}_DATA_DIR`];
  if (!dir) {
    throw new Error(`no data folder known for the ${mode} product: run the e2e suite through its jest config (global setup)`);
  }
  return dir;
}

export interface OutboxMail {
  file: string;
  to: string;
  from: string;
  subject: string;
  replyTo?: string;
  text: string;
}

/** The emails user-service wrote as .eml files into DATA_DIR/outbox (the default when SMTP_URL is unset). */
export function readOutbox(dataDir: string): OutboxMail[] {
  const dir = join(dataDir, 'outbox');
  if (!existsSync(dir)) {
    return [];
  }
  return readdirSync(dir)
    .filter((f) => f.endsWith('.eml') && !f.startsWith('.'))
    .sort()
    .map((file) => parseEml(file, readFileSync(join(dir, file), 'utf8')));
}

function parseEml(file: string, raw: string): OutboxMail {
  const normalized = raw.replace(/\r\n/g, '\n');
  const split = normalized.indexOf('\n\n');
  const head = normalized.slice(0, split).replace(/\n[ \t]+/g, ' ');
  const body = normalized.slice(split + 2);
  const headers = new Map<string, string>();
  for (const line of head.split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) {
      headers.set(line.slice(0, colon).trim().toLowerCase(), decodeWords(line.slice(colon + 1).trim()));
    }
  }
  const encoding = (headers.get('content-transfer-encoding') ?? '').toLowerCase();
  const text =
    encoding === 'quoted-printable'
      ? Buffer.from(
          body.replace(/=\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          'latin1',
        ).toString('utf8')
      : encoding === 'base64'
        ? Buffer.from(body, 'base64').toString('utf8')
        : body;
  return {
    file,
    to: headers.get('to') ?? '',
    from: headers.get('from') ?? '',
    subject: headers.get('subject') ?? '',
    replyTo: headers.get('reply-to'),
    text,
  };
}

// RFC 2047 encoded words (=?UTF-8?Q?...?= / =?UTF-8?B?...?=) in headers.
function decodeWords(value: string): string {
  return value.replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=\s*/gi, (_, _charset: string, kind: string, data: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : Buffer.from(
          data.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (__, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          'latin1',
        ).toString('utf8'),
  );
}
