import { Injectable, Logger } from '@nestjs/common';
import {
  NotificationLimits,
  NotificationMessages as M,
  type Actor,
  type PushPublicKey,
  type PushSubscriptionInput,
  type PushSubscriptionView,
  type PushTestReply,
  type PushUnsubscribeInput,
} from '@wrenchlog/contracts';
import { conflict, notFound, validationFailed } from '@wrenchlog/platform';
import { DataSource, In } from 'typeorm';
import webpush from 'web-push';
import { NotificationEnv } from '../config/notification-env.js';
import { urlProblem } from '../webhooks/address.rules.js';
import { checkHost, postGuarded, PrivateAddressError } from '../webhooks/webhook-sender.js';
import { PushSubscriptionEntity } from './push-subscription.entity.js';
import { VapidKeys } from './vapid-keys.js';

/** What a push shows and the screen it opens (the service worker reads these). */
export interface PushMessage {
  title: string;
  body?: string;
  link: string;
}

/** A push to some members of an account (those who may see it and chose push). */
export interface MembersPush {
  userIds: number[];
  message: PushMessage;
}

const BASE64URL = /^[A-Za-z0-9_-]+=*$/;

/**
 * Browser push (Web Push with VAPID): subscriptions per device, a test, and the pushes of new
 * notifications. web-push encrypts and signs each message; the request goes through the same
 * address check as webhooks (a push endpoint is a URL the user gave).
 */
@Injectable()
export class PushService {
  private readonly logger = new Logger(PushService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly env: NotificationEnv,
    private readonly vapid: VapidKeys,
  ) {}

  async publicKey(): Promise<PushPublicKey> {
    return { publicKey: (await this.vapid.get()).publicKey };
  }

  async subscribe(actor: Actor, input: PushSubscriptionInput): Promise<PushSubscriptionView> {
    // PushSubscriptionInput (checked on receipt) bounds the endpoint and keys; their forms are rules here.
    const endpoint = input.endpoint.trim();
    if (urlProblem(endpoint, NotificationLimits.pushEndpoint)) {
      throw validationFailed(M.pushEndpoint, [{ field: 'endpoint', message: M.pushEndpoint }]);
    }
    const { p256dh, auth } = input.keys;
    if (!BASE64URL.test(p256dh) || !BASE64URL.test(auth)) {
      throw validationFailed(M.pushKeys, [{ field: 'keys', message: M.pushKeys }]);
    }
    try {
      await checkHost(new URL(endpoint).hostname, this.env.WEBHOOKS_ALLOW_PRIVATE_NETWORKS);
    } catch (err) {
      const message = err instanceof PrivateAddressError ? M.webhookPrivate : M.webhookUnresolvable;
      throw validationFailed(message, [{ field: 'endpoint', message }]);
    }
    const repo = this.dataSource.getRepository(PushSubscriptionEntity);
    // A device subscribes once per account: the same endpoint again in this account, or after another
    // person signed in on it, is this member's now (their other accounts keep pushing to it).
    await repo
      .createQueryBuilder()
      .delete()
      .where('endpoint = :endpoint AND (account_id = :accountId OR user_id <> :userId)', { endpoint, accountId: actor.accountId, userId: actor.userId })
      .execute();
    const mine = { accountId: actor.accountId, userId: actor.userId };
    if ((await repo.countBy(mine)) >= NotificationLimits.pushSubscriptionsPerUser) {
      throw conflict(M.pushTooMany);
    }
    const saved = await repo.save(repo.create({ ...mine, endpoint, p256dh, auth, createdAt: new Date() }));
    return { id: saved.id, endpoint: saved.endpoint, createdAt: saved.createdAt.toISOString() };
  }

  async unsubscribe(actor: Actor, input: PushUnsubscribeInput): Promise<{ removed: number }> {
    const endpoint = input.endpoint?.trim();
    const mine = { accountId: actor.accountId, userId: actor.userId };
    const result = await this.dataSource.getRepository(PushSubscriptionEntity).delete(endpoint ? { ...mine, endpoint } : mine);
    return { removed: result.affected ?? 0 };
  }

  /** The test button: a push to every device of the caller in this account, now. */
  async test(actor: Actor): Promise<PushTestReply> {
    const subscriptions = await this.dataSource.getRepository(PushSubscriptionEntity).findBy({ accountId: actor.accountId, userId: actor.userId });
    if (subscriptions.length === 0) {
      throw notFound(M.pushNone);
    }
    return this.sendAll(subscriptions, { title: 'Wrenchlog', body: 'Push notifications work on this device.', link: '/settings?tab=notifications' });
  }

  /** A new notification's push to every device of these members of the account (best effort: the in-app list and the digest keep it). */
  async notify(accountId: number, userIds: readonly number[], message: PushMessage): Promise<PushTestReply> {
    if (userIds.length === 0) {
      return { sent: 0, failed: 0 };
    }
    const subscriptions = await this.dataSource.getRepository(PushSubscriptionEntity).findBy({ accountId, userId: In([...userIds]) });
    return subscriptions.length ? this.sendAll(subscriptions, message) : { sent: 0, failed: 0 };
  }

  private async sendAll(subscriptions: PushSubscriptionEntity[], message: PushMessage): Promise<PushTestReply> {
    const vapidDetails = await this.vapid.get();
    const results = await Promise.all(subscriptions.map((s) => this.send(s, message, vapidDetails)));
    return { sent: results.filter(Boolean).length, failed: results.filter((r) => !r).length };
  }

  private async send(s: PushSubscriptionEntity, message: PushMessage, vapidDetails: Awaited<ReturnType<VapidKeys['get']>>): Promise<boolean> {
    try {
      const request = webpush.generateRequestDetails({ endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } }, JSON.stringify(message), {
        vapidDetails,
        TTL: 24 * 3600,
      });
      const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)]));
      const answer = await postGuarded(request.endpoint, headers, request.body ?? Buffer.alloc(0), this.env.WEBHOOKS_ALLOW_PRIVATE_NETWORKS);
      if (answer.status === 404 || answer.status === 410) {
        // The browser dropped this subscription: forget it.
        await this.dataSource.getRepository(PushSubscriptionEntity).delete({ id: s.id });
        return false;
      }
      return answer.status >= 200 && answer.status < 300;
    } catch (err) {
      this.logger.warn(`push to subscription ${s.id} failed: ${(err as Error).message}`);
      return false;
    }
  }
}
