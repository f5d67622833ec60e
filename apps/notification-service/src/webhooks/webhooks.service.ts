import { Injectable } from '@nestjs/common';
import {
  isValidId,
  NotificationLimits,
  NotificationMessages as M,
  WEBHOOK_EVENTS,
  type Actor,
  type CreatedWebhook,
  type DeliveryStatus,
  type Webhook,
  type WebhookDelivery,
  type WebhookEventType,
  type WebhookInput,
} from '@wrenchlog/contracts';
import { conflict, MemberDirectory, notFound, validationFailed } from '@wrenchlog/platform';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { NotificationEnv } from '../config/notification-env.js';
import { urlProblem } from './address.rules.js';
import { DeliveryEntity } from './delivery.entity.js';
import { WebhookDispatcher } from './webhook-dispatcher.js';
import { WebhookEntity } from './webhook.entity.js';
import { WebhookOutbox } from './webhook-outbox.js';
import { checkHost, PrivateAddressError } from './webhook-sender.js';

const toView = (w: WebhookEntity): Omit<Webhook, 'createdBy' | 'updatedBy'> => ({
  id: w.id,
  url: w.url,
  events: JSON.parse(w.events) as WebhookEventType[],
  createdAt: w.createdAt.toISOString(),
});

export const deliveryView = (d: DeliveryEntity): WebhookDelivery => ({
  id: d.id,
  webhookId: d.webhookId,
  messageId: d.messageId,
  event: d.eventType,
  status: d.status as DeliveryStatus,
  attempts: d.attempts,
  httpStatus: d.httpStatus,
  error: d.error,
  createdAt: d.createdAt.toISOString(),
  lastAttemptAt: d.lastAttemptAt ? d.lastAttemptAt.toISOString() : null,
  nextAttemptAt: d.status === 'pending' && d.nextAttemptAt ? d.nextAttemptAt.toISOString() : null,
});

const urlError = (message: string) => validationFailed(message, [{ field: 'url', message }]);

/** The account's webhook endpoints, their test ping, delivery log and retry (issue 32: per account). */
@Injectable()
export class WebhooksService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly env: NotificationEnv,
    private readonly outbox: WebhookOutbox,
    private readonly dispatcher: WebhookDispatcher,
    private readonly members: MemberDirectory,
  ) {}

  async create(actor: Actor, input: WebhookInput): Promise<CreatedWebhook> {
    // The WebhookInput DTO (checked on receipt) bounds the url's length and the events; the url's form and host are rules here.
    const url = input.url.trim();
    const problem = urlProblem(url, NotificationLimits.webhookUrl);
    if (problem) {
      throw urlError(problem === 'length' ? M.webhookUrlLength : M.webhookUrl);
    }
    const events = WEBHOOK_EVENTS.filter((e) => input.events.includes(e));
    try {
      await checkHost(new URL(url).hostname, this.env.WEBHOOKS_ALLOW_PRIVATE_NETWORKS);
    } catch (err) {
      throw urlError(err instanceof PrivateAddressError ? M.webhookPrivate : M.webhookUnresolvable);
    }
    const repo = this.dataSource.getRepository(WebhookEntity);
    if ((await repo.countBy({ accountId: actor.accountId })) >= NotificationLimits.webhooksPerUser) {
      throw conflict(M.webhookTooMany);
    }
    // 24 random bytes, base64: the secret Standard Webhooks libraries take as `whsec_...`.
    const secret = `whsec_${randomBytes(24).toString('base64')}`;
    const saved = await repo.save(
      repo.create({ accountId: actor.accountId, url, events: JSON.stringify(events), secret, createdAt: new Date(), createdBy: actor.userId, updatedBy: null }),
    );
    const [view] = await this.audited(actor, [saved]);
    return { ...view, secret };
  }

  async list(actor: Actor): Promise<Webhook[]> {
    const rows = await this.dataSource.getRepository(WebhookEntity).find({ where: { accountId: actor.accountId }, order: { id: 'ASC' } });
    return this.audited(actor, rows);
  }

  async remove(actor: Actor, id: number): Promise<{ id: number }> {
    const hook = await this.owned(actor, id);
    await this.dataSource.transaction(async (manager) => {
      await manager.getRepository(DeliveryEntity).delete({ webhookId: hook.id });
      await manager.getRepository(WebhookEntity).delete({ id: hook.id, accountId: actor.accountId });
    });
    return { id: hook.id };
  }

  /** The Send test button: a `ping` to this endpoint, whatever events it chose. */
  async test(actor: Actor, id: number): Promise<WebhookDelivery> {
    const hook = await this.owned(actor, id);
    const delivery = await this.dataSource.transaction((manager) => this.outbox.ping(manager, hook));
    this.dispatcher.kick();
    return deliveryView(delivery);
  }

  async deliveries(actor: Actor, id: number): Promise<WebhookDelivery[]> {
    const hook = await this.owned(actor, id);
    const rows = await this.dataSource
      .getRepository(DeliveryEntity)
      .find({ where: { webhookId: hook.id, accountId: actor.accountId }, order: { id: 'DESC' }, take: NotificationLimits.deliveriesPageSize });
    return rows.map(deliveryView);
  }

  /** Retry from the log: one more attempt now (a delivery still pending is simply moved up). */
  async retry(actor: Actor, id: number): Promise<WebhookDelivery> {
    if (!isValidId(id)) {
      throw notFound(M.deliveryNotFound);
    }
    const repo = this.dataSource.getRepository(DeliveryEntity);
    const row = await repo.findOneBy({ id, accountId: actor.accountId });
    if (!row) {
      throw notFound(M.deliveryNotFound);
    }
    if (row.status !== 'delivered') {
      await repo.update({ id: row.id, accountId: actor.accountId }, { status: 'pending', nextAttemptAt: new Date() });
    } else {
      // A delivered one is sent again as it was (same webhook-id): receivers deduplicate by it.
      await repo.update({ id: row.id, accountId: actor.accountId }, { status: 'pending', nextAttemptAt: new Date(), attempts: 0 });
    }
    this.dispatcher.kick();
    return deliveryView((await repo.findOneBy({ id: row.id }))!);
  }

  /** The views with who added and changed each endpoint (one query for all). */
  private async audited(actor: Actor, rows: WebhookEntity[]): Promise<Webhook[]> {
    const people = await this.members.audit(actor.accountId, rows);
    return rows.map((row, i) => ({ ...toView(row), ...people[i] }));
  }

  private async owned(actor: Actor, id: number): Promise<WebhookEntity> {
    const hook = isValidId(id) ? await this.dataSource.getRepository(WebhookEntity).findOneBy({ id, accountId: actor.accountId }) : null;
    if (!hook) {
      throw notFound(M.webhookNotFound);
    }
    return hook;
  }
}
