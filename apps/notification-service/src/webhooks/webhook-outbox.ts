import { Injectable } from '@nestjs/common';
import type { WebhookEventType } from '@wrenchlog/contracts';
import { randomBytes } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { DeliveryEntity } from './delivery.entity.js';
import { WebhookEntity } from './webhook.entity.js';

const messageId = () => `msg_${randomBytes(16).toString('hex')}`;

/**
 * Writes deliveries in the caller's transaction: one per endpoint of the account that wants the
 * event, keyed by (endpoint, fact) so a fact seen twice is delivered once.
 */
@Injectable()
export class WebhookOutbox {
  /** Queues `type` for every endpoint of the account that subscribed to it; answers how many. */
  async enqueue(
    manager: EntityManager,
    accountId: number,
    type: WebhookEventType,
    data: Record<string, unknown>,
    uniqueKey: string,
    at: Date,
  ): Promise<number> {
    const hooks = (await manager.getRepository(WebhookEntity).findBy({ accountId })).filter((h) => (JSON.parse(h.events) as string[]).includes(type));
    for (const hook of hooks) {
      const exists = await manager.getRepository(DeliveryEntity).exists({ where: { webhookId: hook.id, uniqueKey } });
      if (!exists) {
        await manager
          .createQueryBuilder()
          .insert()
          .into(DeliveryEntity)
          .values(this.row(hook, type, data, uniqueKey, at))
          .orIgnore()
          .execute();
      }
    }
    return hooks.length;
  }

  async ping(manager: EntityManager, hook: WebhookEntity): Promise<DeliveryEntity> {
    const row = this.row(hook, 'ping', { webhookId: hook.id }, `ping:${randomBytes(8).toString('hex')}`, new Date());
    return manager.getRepository(DeliveryEntity).save(manager.getRepository(DeliveryEntity).create(row));
  }

  private row(hook: WebhookEntity, type: WebhookEventType, data: Record<string, unknown>, uniqueKey: string, at: Date): Omit<DeliveryEntity, 'id'> {
    const id = messageId();
    // The Standard Webhooks body: {id, type, timestamp, data}.
    const body = JSON.stringify({ id, type, timestamp: at.toISOString(), data });
    return {
      accountId: hook.accountId,
      webhookId: hook.id,
      messageId: id,
      uniqueKey,
      eventType: type,
      body,
      status: 'pending',
      attempts: 0,
      nextAttemptAt: new Date(),
      lastAttemptAt: null,
      httpStatus: null,
      error: null,
      createdAt: new Date(),
    };
  }
}
