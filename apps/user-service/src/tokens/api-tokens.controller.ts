import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  ApiTokenIdMessage,
  CreateApiTokenBody,
  USER_TOKEN_CREATE,
  USER_TOKEN_LIST,
  USER_TOKEN_REVOKE,
  USER_TOKEN_USAGE,
  USER_TOKEN_VERIFY,
  VerifyApiTokenMessage,
  type Actor,
  type ApiTokenUsageMessage,
  type RpcMessage,
} from '@wrenchlog/contracts';
import { Caller, ValidInput } from '@wrenchlog/platform';
import { ApiTokensService } from './api-tokens.service.js';

// Any member manages their own tokens (owners and managers everyone's in the account: the service's
// rule), so these take `@Caller()` without a right. verify and usage are the gateway's, with no actor.
@Controller()
export class ApiTokensController {
  constructor(private readonly tokens: ApiTokensService) {}

  @ValidInput(CreateApiTokenBody)
  @MessagePattern(USER_TOKEN_CREATE)
  create(@Payload() m: RpcMessage<CreateApiTokenBody>, @Caller() caller: Actor) {
    return this.tokens.create(caller, m.payload);
  }

  @MessagePattern(USER_TOKEN_LIST)
  list(@Payload() _m: RpcMessage<Record<string, never>>, @Caller() caller: Actor) {
    return this.tokens.list(caller);
  }

  @ValidInput(ApiTokenIdMessage)
  @MessagePattern(USER_TOKEN_REVOKE)
  revoke(@Payload() m: RpcMessage<ApiTokenIdMessage>, @Caller() caller: Actor) {
    return this.tokens.revoke(caller, m.payload);
  }

  @ValidInput(VerifyApiTokenMessage)
  @MessagePattern(USER_TOKEN_VERIFY)
  verify(@Payload() m: RpcMessage<VerifyApiTokenMessage>) {
    return this.tokens.verify(m.payload.tokenHash);
  }

  @MessagePattern(USER_TOKEN_USAGE)
  usage(@Payload() m: RpcMessage<ApiTokenUsageMessage>) {
    return this.tokens.usage(m.payload);
  }
}
