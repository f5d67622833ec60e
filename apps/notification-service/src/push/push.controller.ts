import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  PUSH_PUBLIC_KEY,
  PUSH_SUBSCRIBE,
  PUSH_TEST,
  PUSH_UNSUBSCRIBE,
  PushSubscriptionInput,
  PushUnsubscribeInput,
  type RpcMessage,
  type Actor,
} from '@wrenchlog/contracts';
import { Caller, ValidInput } from '@wrenchlog/platform';
import { PushService } from './push.service.js';

// Any member (issue 32): each subscribes their own devices; a push carries only what its member may see.
@Controller()
export class PushController {
  constructor(private readonly push: PushService) {}

  @MessagePattern(PUSH_PUBLIC_KEY)
  publicKey(@Caller() _caller: Actor) {
    return this.push.publicKey();
  }

  @ValidInput(PushSubscriptionInput)
  @MessagePattern(PUSH_SUBSCRIBE)
  subscribe(@Payload() m: RpcMessage<PushSubscriptionInput>, @Caller() caller: Actor) {
    return this.push.subscribe(caller, m.payload);
  }

  @ValidInput(PushUnsubscribeInput)
  @MessagePattern(PUSH_UNSUBSCRIBE)
  unsubscribe(@Payload() m: RpcMessage<PushUnsubscribeInput>, @Caller() caller: Actor) {
    return this.push.unsubscribe(caller, m.payload);
  }

  @MessagePattern(PUSH_TEST)
  test(@Caller() caller: Actor) {
    return this.push.test(caller);
  }
}
