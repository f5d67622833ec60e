import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  PUSH_PUBLIC_KEY,
  PUSH_SUBSCRIBE,
  PUSH_TEST,
  PUSH_UNSUBSCRIBE,
  type PushSubscriptionInput,
  type PushUnsubscribeInput,
  type RpcMessage,
} from '@wrenchlog/contracts';
import { requireActor } from '@wrenchlog/platform';
import { PushService } from './push.service.js';

@Controller()
export class PushController {
  constructor(private readonly push: PushService) {}

  @MessagePattern(PUSH_PUBLIC_KEY)
  publicKey(@Payload() m: RpcMessage<Record<string, never>>) {
    requireActor(m.actor);
    return this.push.publicKey();
  }

  @MessagePattern(PUSH_SUBSCRIBE)
  subscribe(@Payload() m: RpcMessage<PushSubscriptionInput>) {
    return this.push.subscribe(m.actor, m.payload);
  }

  @MessagePattern(PUSH_UNSUBSCRIBE)
  unsubscribe(@Payload() m: RpcMessage<PushUnsubscribeInput>) {
    return this.push.unsubscribe(m.actor, m.payload);
  }

  @MessagePattern(PUSH_TEST)
  test(@Payload() m: RpcMessage<Record<string, never>>) {
    return this.push.test(m.actor);
  }
}
