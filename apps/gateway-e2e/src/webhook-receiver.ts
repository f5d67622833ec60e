import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** The bytes as sent (a push message is binary). */
  raw: Buffer;
  /** The verified payload; null when the signature did not verify with the endpoint's secret. */
  verified: { id: string; type: string; timestamp: string; data: any } | null;
}

/**
 * A real HTTP receiver for the webhook and push tests: records every request and verifies its signature
 * with the Standard Webhooks library and the secret registered for its path. A path can answer
 * another status (with headers) or hang without answering.
 */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  private readonly secrets = new Map<string, string>();
  private readonly answers = new Map<string, { status: number; headers?: Record<string, string> } | 'hang'>();
  private readonly sockets = new Set<Socket>();
  private readonly hanging = new Set<ServerResponse>();
  private server!: Server;
  baseUrl = '';

  static async start(): Promise<WebhookReceiver> {
    const receiver = new WebhookReceiver();
    await receiver.listen();
    return receiver;
  }

  private listen(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const raw = Buffer.concat(chunks);
        const body = raw.toString('utf8');
        const path = req.url ?? '/';
        this.received.push({ path, headers: req.headers, body, raw, verified: this.verify(path, body, req.headers) });
        const answer = this.answers.get(path) ?? { status: 200 };
        if (answer === 'hang') {
          this.hanging.add(res);
          return;
        }
        res.writeHead(answer.status, answer.headers ?? {}).end('ok');
      });
    });
    this.server.on('connection', (s) => {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
    });
    return new Promise((resolve) =>
      this.server.listen(0, '127.0.0.1', () => {
        this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
        resolve();
      }),
    );
  }

  private verify(path: string, body: string, headers: IncomingHttpHeaders): ReceivedWebhook['verified'] {
    const secret = this.secrets.get(path);
    if (!secret) {
      return null;
    }
    try {
      return new Webhook(secret).verify(body, headers as Record<string, string>) as ReceivedWebhook['verified'];
    } catch {
      return null;
    }
  }

  /** The URL of a path, whose requests verify with `secret` once it is known. */
  url(path: string): string {
    return `${this.baseUrl}${path}`;
  }

  secretFor(path: string, secret: string): void {
    this.secrets.set(path, secret);
  }

  answer(path: string, answer: { status: number; headers?: Record<string, string> } | 'hang'): void {
    this.answers.set(path, answer);
  }

  at(path: string): ReceivedWebhook[] {
    return this.received.filter((r) => r.path === path);
  }

  async stop(): Promise<void> {
    for (const res of this.hanging) {
      res.destroy();
    }
    for (const s of this.sockets) {
      s.destroy();
    }
    await new Promise((resolve) => this.server.close(resolve));
  }
}
