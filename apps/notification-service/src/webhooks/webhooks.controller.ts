import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  WEBHOOK_CREATE,
  WEBHOOK_DELETE,
  WEBHOOK_DELIVERIES,
  WEBHOOK_DELIVERY_RETRY,
  WEBHOOK_LIST,
  WEBHOOK_TEST,
  type RpcMessage,
  type WebhookIdRequest,
  type WebhookInput,
} from '@wrenchlog/contracts';
import { WebhooksService } from './webhooks.service.js';

@Controller()
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @MessagePattern(WEBHOOK_CREATE)
  create(@Payload() m: RpcMessage<WebhookInput>) {
    return this.webhooks.create(m.actor, m.payload);
  }

  @MessagePattern(WEBHOOK_LIST)
  list(@Payload() m: RpcMessage<Record<string, never>>) {
    return this.webhooks.list(m.actor);
  }

  @MessagePattern(WEBHOOK_DELETE)
  remove(@Payload() m: RpcMessage<WebhookIdRequest>) {
    return this.webhooks.remove(m.actor, m.payload?.id);
  }

  @MessagePattern(WEBHOOK_TEST)
  test(@Payload() m: RpcMessage<WebhookIdRequest>) {
    return this.webhooks.test(m.actor, m.payload?.id);
  }

  @MessagePattern(WEBHOOK_DELIVERIES)
  deliveries(@Payload() m: RpcMessage<WebhookIdRequest>) {
    return this.webhooks.deliveries(m.actor, m.payload?.id);
  }

  @MessagePattern(WEBHOOK_DELIVERY_RETRY)
  retry(@Payload() m: RpcMessage<WebhookIdRequest>) {
    return this.webhooks.retry(m.actor, m.payload?.id);
  }
}
