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
  WebhookInput,
  type Actor,
} from '@wrenchlog/contracts';
import { Caller, ValidInput } from '@wrenchlog/platform';
import { WebhooksService } from './webhooks.service.js';

// The account's endpoints: owners and managers only ('webhook.manage', issue 32).
@Controller()
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @ValidInput(WebhookInput)
  @MessagePattern(WEBHOOK_CREATE)
  create(@Payload() m: RpcMessage<WebhookInput>, @Caller('webhook.manage') caller: Actor) {
    return this.webhooks.create(caller, m.payload);
  }

  @MessagePattern(WEBHOOK_LIST)
  list(@Caller('webhook.manage') caller: Actor) {
    return this.webhooks.list(caller);
  }

  @MessagePattern(WEBHOOK_DELETE)
  remove(@Payload() m: RpcMessage<WebhookIdRequest>, @Caller('webhook.manage') caller: Actor) {
    return this.webhooks.remove(caller, m.payload?.id);
  }

  @MessagePattern(WEBHOOK_TEST)
  test(@Payload() m: RpcMessage<WebhookIdRequest>, @Caller('webhook.manage') caller: Actor) {
    return this.webhooks.test(caller, m.payload?.id);
  }

  @MessagePattern(WEBHOOK_DELIVERIES)
  deliveries(@Payload() m: RpcMessage<WebhookIdRequest>, @Caller('webhook.manage') caller: Actor) {
    return this.webhooks.deliveries(caller, m.payload?.id);
  }

  @MessagePattern(WEBHOOK_DELIVERY_RETRY)
  retry(@Payload() m: RpcMessage<WebhookIdRequest>, @Caller('webhook.manage') caller: Actor) {
    return this.webhooks.retry(caller, m.payload?.id);
  }
}
