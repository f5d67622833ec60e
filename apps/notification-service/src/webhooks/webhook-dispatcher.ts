import { Injectable, Logger } from '@nestjs/common';
import { PolledDrainer } from '@wrenchlog/platform';
import { Webhook } from 'standardwebhooks';
import { DataSource, In, LessThanOrEqual } from 'typeorm';
import { NotificationEnv } from '../config/notification-env.js';
import { nextAttemptDelay } from './address.rules.js';
import { DeliveryEntity } from './delivery.entity.js';
import { WebhookEntity } from './webhook.entity.js';
import { postWebhook, WEBHOOK_TIMEOUT_MS, type SendResult } from './webhook-sender.js';

const POLL_MS = 1000;
const BATCH = 50;
/** Attempts in flight at most (each ends within the timeout). */
const MAX_IN_FLIGHT = 200;

/**
 * Sends due deliveries: claims each by a conditional update (so replicas never send one at the
 * same time), sends a batch side by side (a receiver that hangs or fails holds up no other, each
 * attempt ends within 10 s), signs each attempt with the Standard Webhooks scheme and the same
 * `webhook-id`, and records the outcome: delivered on 2xx, else a retry after 1 min, 5 min,
 * 30 min, 2 h and 12 h (a longer Retry-After on 429 and 503 honoured), then failed.
 * Delivery is at least once: a crash after the receiver answered and before the row was updated
 * sends it again after the claim expires, with the same `webhook-id`.
 */
@Injectable()
export class WebhookDispatcher extends PolledDrainer {
  private readonly logger = new Logger(WebhookDispatcher.name);
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly env: NotificationEnv,
  ) {
    super(POLL_MS);
  }

  override kick(): void {
    super.kick();
  }

  async onApplicationShutdown(): Promise<void> {
    await super.onApplicationShutdown();
    await Promise.allSettled([...this.inFlight]);
  }

  protected async drain(): Promise<boolean> {
    const repo = this.dataSource.getRepository(DeliveryEntity);
    const room = Math.min(BATCH, MAX_IN_FLIGHT - this.inFlight.size);
    if (room <= 0) {
      return false;
    }
    let due: DeliveryEntity[];
    try {
      due = await repo.find({
        where: { status: 'pending', nextAttemptAt: LessThanOrEqual(new Date()) },
        order: { nextAttemptAt: 'ASC', id: 'ASC' },
        take: room,
      });
    } catch (err) {
      this.logger.warn(`deliveries not readable: ${(err as Error).message}`);
      return false;
    }
    const claimed: DeliveryEntity[] = [];
    for (const row of due) {
      // A claimed row is another replica's to take after WEBHOOK_CLAIM_MS (its sender died mid-request).
      const until = new Date(Date.now() + Math.max(this.env.WEBHOOK_CLAIM_MS, WEBHOOK_TIMEOUT_MS + 1000));
      const taken = await repo
        .update({ id: row.id, status: 'pending', nextAttemptAt: row.nextAttemptAt! }, { nextAttemptAt: until })
        .catch(() => ({ affected: 0 }));
      if (taken.affected) {
        claimed.push(row);
      }
    }
    if (claimed.length === 0) {
      return false;
    }
    const hooks = new Map(
      (await this.dataSource.getRepository(WebhookEntity).findBy({ id: In([...new Set(claimed.map((d) => d.webhookId))]) })).map((h) => [h.id, h]),
    );
    for (const delivery of claimed) {
      const attempt: Promise<void> = this.attempt(delivery, hooks.get(delivery.webhookId))
        .catch((err: Error) => this.logger.warn(`webhook delivery ${delivery.id} not recorded: ${err.message}`))
        .finally(() => this.inFlight.delete(attempt));
      this.inFlight.add(attempt);
    }
    return due.length === room;
  }

  private async attempt(delivery: DeliveryEntity, hook: WebhookEntity | undefined): Promise<void> {
    const repo = this.dataSource.getRepository(DeliveryEntity);
    if (!hook) {
      await repo.delete({ id: delivery.id });
      return;
    }
    const now = new Date();
    const attempts = delivery.attempts + 1;
    let result: SendResult | null = null;
    let error: string | null = null;
    try {
      const signature = new Webhook(hook.secret).sign(delivery.messageId, now, delivery.body);
      const headers = { 'webhook-id': delivery.messageId, 'webhook-timestamp': String(Math.floor(now.getTime() / 1000)), 'webhook-signature': signature };
      result = await postWebhook(hook.url, headers, delivery.body, this.env.WEBHOOKS_ALLOW_PRIVATE_NETWORKS);
      if (result.status < 200 || result.status >= 300) {
        error = `HTTP ${result.status}`;
      }
    } catch (err) {
      error = (err as Error).message ?? String(err);
    }
    const base = { attempts, lastAttemptAt: now, httpStatus: result?.status ?? null };
    if (!error) {
      await repo.update({ id: delivery.id }, { ...base, status: 'delivered', error: null, nextAttemptAt: null });
      return;
    }
    const delay = nextAttemptDelay(attempts, result?.status ?? null, result?.retryAfter ?? null, now);
    await repo.update(
      { id: delivery.id },
      delay === null
        ? { ...base, status: 'failed', error: error.slice(0, 500), nextAttemptAt: null }
        : { ...base, error: error.slice(0, 500), nextAttemptAt: new Date(now.getTime() + delay) },
    );
    if (delay === null) {
      this.logger.warn(`webhook delivery ${delivery.id} failed for good after ${attempts} attempts: ${error}`);
    }
  }
}
