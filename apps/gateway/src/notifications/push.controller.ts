import { Body, Controller, Delete, Get, HttpCode, Post } from '@nestjs/common';
import {
  PUSH_PUBLIC_KEY,
  PUSH_SUBSCRIBE,
  PUSH_TEST,
  PUSH_UNSUBSCRIBE,
  PushSubscriptionInput,
  PushUnsubscribeInput,
  type PushPublicKey,
  type PushSubscriptionView,
  type PushTestReply,
} from '@wrenchlog/contracts';
import { RpcClient, type CallContext } from '@wrenchlog/platform';
import { Call } from '../http/request-context.js';
import { validBody } from '../http/valid-body.js';

/** Browser push (notification-service): the VAPID public key, this device's subscription, a test. */
@Controller('push')
export class PushController {
  constructor(private readonly rpc: RpcClient) {}

  /** `{publicKey}`: the applicationServerKey for PushManager.subscribe(). */
  @Get('public-key')
  publicKey(@Call() call: CallContext): Promise<PushPublicKey> {
    return this.rpc.send(PUSH_PUBLIC_KEY, {}, call);
  }

  /** A browser PushSubscription as JSON: `{endpoint, expirationTime?, keys: {p256dh, auth}}`. */
  @Post('subscriptions')
  async subscribe(@Body() body: unknown, @Call() call: CallContext): Promise<PushSubscriptionView> {
    const input = await validBody(body, PushSubscriptionInput);
    return this.rpc.send(PUSH_SUBSCRIBE, input, call);
  }

  /** `{endpoint}`: that device's subscription; no body: all of the caller's. */
  @Delete('subscriptions')
  @HttpCode(204)
  async unsubscribe(@Body() body: unknown, @Call() call: CallContext): Promise<void> {
    const input = await validBody(body ?? {}, PushUnsubscribeInput);
    await this.rpc.send(PUSH_UNSUBSCRIBE, input, call);
  }

  /** Sends a test push to every device of the caller: `{sent, failed}` (404 without a subscription). */
  @Post('test')
  @HttpCode(200)
  test(@Call() call: CallContext): Promise<PushTestReply> {
    return this.rpc.send(PUSH_TEST, {}, call);
  }
}
