import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import {
  NotificationMessages,
  WEBHOOK_CREATE,
  WEBHOOK_DELETE,
  WEBHOOK_DELIVERIES,
  WEBHOOK_DELIVERY_RETRY,
  WEBHOOK_LIST,
  WEBHOOK_TEST,
  WebhookInput,
  type CreatedWebhook,
  type Webhook,
  type WebhookDelivery,
} from '@wrenchlog/contracts';
import { RpcClient, type CallContext } from '@wrenchlog/platform';
import { IdPipe } from '../http/id.pipe.js';
import { Call } from '../http/request-context.js';
import { validBody } from '../http/valid-body.js';

const webhookId = new IdPipe(NotificationMessages.invalidWebhookId);

/** Signed webhooks: endpoints, test ping, delivery log and retry (notification-service). */
@Controller('webhooks')
export class WebhooksController {
  constructor(private readonly rpc: RpcClient) {}

  /** 201 `{id, url, events, secret, createdAt}`: the secret is shown this once. */
  @Post()
  async create(@Body() body: unknown, @Call() call: CallContext): Promise<CreatedWebhook> {
    const input = await validBody(body, WebhookInput);
    return this.rpc.send(WEBHOOK_CREATE, input, call);
  }

  @Get()
  list(@Call() call: CallContext): Promise<Webhook[]> {
    return this.rpc.send(WEBHOOK_LIST, {}, call);
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@Param('id', webhookId) id: number, @Call() call: CallContext): Promise<void> {
    await this.rpc.send(WEBHOOK_DELETE, { id }, call);
  }

  /** Sends a `ping` now; answers the delivery (its log row). */
  @Post(':id/test')
  test(@Param('id', webhookId) id: number, @Call() call: CallContext): Promise<WebhookDelivery> {
    return this.rpc.send(WEBHOOK_TEST, { id }, call);
  }

  /** The endpoint's last 50 deliveries, newest first. */
  @Get(':id/deliveries')
  deliveries(@Param('id', webhookId) id: number, @Call() call: CallContext): Promise<WebhookDelivery[]> {
    return this.rpc.send(WEBHOOK_DELIVERIES, { id }, call);
  }

  @Post('deliveries/:id/retry')
  @HttpCode(200)
  retry(@Param('id', new IdPipe(NotificationMessages.invalidDeliveryId)) id: number, @Call() call: CallContext): Promise<WebhookDelivery> {
    return this.rpc.send(WEBHOOK_DELIVERY_RETRY, { id }, call);
  }
}
